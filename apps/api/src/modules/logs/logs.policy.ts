/**
 * Pure rules of the log queries: the values a filter may use, and the date range check.
 */

export const AUDIT_LOG_STATUSES = ['success', 'failure', 'denied'] as const;
export const LOGIN_LOG_STATUSES = ['success', 'mfa_required', 'failure'] as const;
export const LOGIN_LOG_METHODS = ['password', 'Email', 'Authenticator', 'refresh'] as const;

export type DateRange = { from?: Date | null; to?: Date | null };

/** A range whose start is after its end matches nothing; that is a mistake worth telling. */
export const dateRangeRefusal = ({ from, to }: DateRange): string | null =>
  from && to && from.getTime() > to.getTime() ? '`from` must be on or before `to`' : null;
