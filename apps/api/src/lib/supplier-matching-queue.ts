import { organizations } from '@tidewise/db/schema/organizations';
import { fileSupplierMatching } from '@tidewise/db/schema/requests';
import { eq, sql } from 'drizzle-orm';
import type { AppServices } from '../context.ts';

/**
 * Supplier matching after a validation run (decision 6): the entries module calls `queueSupplierMatching` once
 * a run of a file has become the visible one; the supplier-matches module works the job. Both sides meet here,
 * so neither imports the other.
 */

export const SUPPLIER_MATCH_JOB = 'supplierMatches.matchFile';

export type SupplierMatchJob = {
  fileId: string;
  organizationId: string;
  /** The entries generation the job reads; a newer one makes the job stale. */
  generation: number;
};

declare module './jobs/job-types.ts' {
  interface JobRegistry {
    [SUPPLIER_MATCH_JOB]: SupplierMatchJob;
  }
}

/** The catalogue field that names the supplier, per file category. */
export const SUPPLIER_NAME_FIELDS: Readonly<Record<string, string>> = {
  supplier_list: 'supplier_name',
  purchased_goods_services: 'supplier_name',
  transport_legs: 'carrier_name',
};

/** The supplier field of a run that mapped one, else null. */
export const supplierFieldOf = (category: string | null, entryFields: readonly string[]): string | null => {
  const field = category ? SUPPLIER_NAME_FIELDS[category] : undefined;
  return field && entryFields.includes(field) ? field : null;
};

/** Longest one matching may run: a million rows on the embedded database, with room to spare. */
const MATCH_EXPIRY_SECONDS = 20 * 60;

/**
 * After a validation run of a customer's file completed (its generation is the visible one): when the run
 * mapped a supplier field, marks the file's matching `queued` and queues the job; when it did not but the file
 * was matched before, queues the job too, which clears what an earlier run found. Never throws: the entries
 * stand, and validating again queues matching again.
 */
export const queueSupplierMatching = async (
  services: Pick<AppServices, 'db' | 'jobs' | 'logger'>,
  run: { fileId: string; organizationId: string; generation: number; category: string | null; entryFields: readonly string[] },
): Promise<void> => {
  try {
    const [organization] = await services.db
      .select({ type: organizations.organizationType })
      .from(organizations)
      .where(eq(organizations.id, run.organizationId))
      .limit(1);
    if (organization?.type !== 'customer') return;
    const supplierField = supplierFieldOf(run.category, run.entryFields);
    if (!supplierField) {
      const [earlier] = await services.db
        .select({ fileId: fileSupplierMatching.fileId })
        .from(fileSupplierMatching)
        .where(eq(fileSupplierMatching.fileId, run.fileId))
        .limit(1);
      if (!earlier) return;
    }
    await services.db
      .insert(fileSupplierMatching)
      .values({
        fileId: run.fileId,
        organizationId: run.organizationId,
        generation: run.generation,
        status: supplierField ? 'queued' : 'none',
        supplierField,
      })
      .onConflictDoUpdate({
        target: fileSupplierMatching.fileId,
        set: {
          generation: run.generation,
          status: supplierField ? 'queued' : 'none',
          supplierField,
          failureReason: null,
        },
        setWhere: sql`${fileSupplierMatching.generation} <= ${run.generation}`,
      });
    await services.jobs.send(
      SUPPLIER_MATCH_JOB,
      { fileId: run.fileId, organizationId: run.organizationId, generation: run.generation },
      { singletonKey: `${run.fileId}:${run.generation}`, expireInSeconds: MATCH_EXPIRY_SECONDS },
    );
  } catch (error) {
    services.logger.warn({ err: error, fileId: run.fileId }, 'could not queue supplier matching');
  }
};
