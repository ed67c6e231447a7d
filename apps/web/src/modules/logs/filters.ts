/** A `yyyy-mm-dd` date input as the first instant of that day in the reader's time zone, ISO. */
export const startOfDay = (value: string) => {
  if (!value) return null;
  const date = new Date(`${value}T00:00:00`);
  return Number.isNaN(date.getTime()) ? null : date.toISOString();
};

/** The last millisecond of that day, so a range "to" includes the whole day. */
export const endOfDay = (value: string) => {
  if (!value) return null;
  const date = new Date(`${value}T23:59:59.999`);
  return Number.isNaN(date.getTime()) ? null : date.toISOString();
};

/** The range check the API also makes, said before the request. */
export const rangeError = (from: string, to: string) =>
  from && to && from > to ? 'The start date must be on or before the end date' : null;

/** Drops empty values so the query carries only the filters in use (null when none). */
export const compactFilter = <T extends Record<string, string | null | undefined>>(filter: T): Partial<T> | null => {
  const entries = Object.entries(filter).filter(([, value]) => value !== null && value !== undefined && value !== '');
  return entries.length > 0 ? (Object.fromEntries(entries) as Partial<T>) : null;
};
