/**
 * The server's clock for deadlines, overdue and reminders. It is the system time, moved forward by an offset
 * that only the test hook (`TEST_HOOKS=true`, refused in production) can set, so a browser test can let a
 * deadline pass without waiting for it. Request logic takes its "now" from here and passes it to SQL as a
 * parameter; it never uses the database's now(), which the offset cannot move.
 */
let offsetMs = 0;

export const now = (): Date => new Date(Date.now() + offsetMs);

/** Moves the clock forward (never back) by `ms`; returns the new time. For the test hook only. */
export const advanceClock = (ms: number): Date => {
  if (!Number.isFinite(ms) || ms < 0) throw new Error('The clock moves forward only: give a positive number of milliseconds');
  offsetMs += ms;
  return now();
};

/** Back to the system time (between tests). */
export const resetClock = (): void => {
  offsetMs = 0;
};

/** How far the clock is ahead of the system time. */
export const clockOffsetMs = (): number => offsetMs;
