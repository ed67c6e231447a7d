/** not_started (no mappings applied yet) → queued → validating → validated | failed; a new run goes back to queued. */
export const VALIDATION_STATUSES = ['failed', 'not_started', 'queued', 'validating', 'validated'] as const;
export type ValidationStatus = (typeof VALIDATION_STATUSES)[number];

export const validationStatusOf = (stored: string): ValidationStatus =>
  (VALIDATION_STATUSES as readonly string[]).includes(stored) ? (stored as ValidationStatus) : 'failed';

/** Statuses of a run under way: its generation's rows must not be swept. */
export const RUNNING_STATUSES: readonly ValidationStatus[] = ['queued', 'validating'];

/** Issue rows stored per run at most; the counts always cover every issue. */
export const VALIDATION_ISSUE_CAP = 100_000;
