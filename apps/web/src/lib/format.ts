const dateTime = new Intl.DateTimeFormat('en-GB', { dateStyle: 'medium', timeStyle: 'short' });
const dateOnly = new Intl.DateTimeFormat('en-GB', { dateStyle: 'medium' });

const toDate = (value: string | Date | null | undefined) => {
  if (!value) return null;
  const date = value instanceof Date ? value : new Date(value);
  return Number.isNaN(date.getTime()) ? null : date;
};

/** "21 Nov 2026, 07:18" in the reader's time zone; an em dash when absent. */
export const formatDateTime = (value: string | Date | null | undefined) => {
  const date = toDate(value);
  return date ? dateTime.format(date) : '—';
};

export const formatDate = (value: string | Date | null | undefined) => {
  const date = toDate(value);
  return date ? dateOnly.format(date) : '—';
};

/** "Astrid Nordahl", or the email when the name is not known yet (an invited user). */
export const personName = (person: { firstName?: string | null; lastName?: string | null; email?: string | null }) =>
  [person.firstName, person.lastName].filter(Boolean).join(' ').trim() || person.email || 'Unknown user';

/** `organization-setting` or `organizationUser` → "Organization setting" / "Organization user". */
export const humanize = (value: string) => {
  const words = value
    .replace(/([a-z])([A-Z])/g, '$1 $2')
    .replace(/[-_:.]+/g, ' ')
    .trim()
    .toLowerCase();
  return words.charAt(0).toUpperCase() + words.slice(1);
};
