import type { Database, Executor } from '@tidewise/db/client';

/**
 * Runs reads in one read-only, repeatable-read transaction: a validation's visible generation and the entries or
 * issues of that generation are read from the same snapshot, so a run switching generations (and deleting the
 * old one in batches) in between can never show a reader a mix, a part, or doubles.
 */
export const readSnapshot = <T>(db: Database, work: (tx: Executor) => Promise<T>): Promise<T> =>
  db.transaction(work, { isolationLevel: 'repeatable read', accessMode: 'read only' });
