import type { Executor } from '@tidewise/db/client';
import { fileValidations } from '@tidewise/db/schema/entries';
import { fileSupplierMatching, uploadSupplierData } from '@tidewise/db/schema/requests';
import { fileUploads, files } from '@tidewise/db/schema/uploads';
import { matchSupplier, type SupplierMention } from '@tidewise/shared/supplier-matching/index';
import { and, eq, inArray, lte, notInArray, sql } from 'drizzle-orm';
import type { AppServices } from '../../../context.ts';
import type { Job, JobFailure } from '../../../lib/jobs/job-types.ts';
import { type SupplierMatchJob, supplierFieldOf } from '../../../lib/supplier-matching-queue.ts';
import { publishMatchingChange } from '../live-events.ts';
import { decisionAfterMatching, type EarlierDecision } from '../supplier-matches.policy.ts';
import { candidatesFor, loadMatchingCandidates } from './candidates.ts';
import { readSupplierGroups, type SupplierGroup } from './read-suppliers.ts';

export type MatchingServices = Pick<AppServices, 'db' | 'logger' | 'pubsub'>;

/** Rows written per INSERT: a supplier's row indices can be long. */
const WRITE_BATCH = 200;

type FileFacts = {
  fileUploadId: string | null;
  uploadStatus: string | null;
  entriesGeneration: number;
  category: string | null;
  entryFields: string[];
};

const factsOf = async (db: Executor, job: SupplierMatchJob, lock: boolean): Promise<FileFacts | null> => {
  const query = db
    .select({
      fileUploadId: files.fileUploadId,
      uploadStatus: fileUploads.status,
      entriesGeneration: fileValidations.entriesGeneration,
      category: fileValidations.category,
      entryFields: fileValidations.entryFields,
    })
    .from(fileValidations)
    .innerJoin(files, eq(files.id, fileValidations.fileId))
    .leftJoin(fileUploads, eq(fileUploads.id, files.fileUploadId))
    .where(and(eq(fileValidations.fileId, job.fileId), eq(fileValidations.organizationId, job.organizationId)))
    .limit(1);
  const [row] = lock ? await query.for('share', { of: fileValidations }) : await query;
  return row ?? null;
};

/** Nothing to do: a newer validation replaced the generation, the file is gone, or its upload was completed. */
const isStale = (facts: FileFacts | null, job: SupplierMatchJob): boolean =>
  !facts || facts.entriesGeneration !== job.generation || facts.uploadStatus === 'completed';

/** Marks the file's matching `running` unless a newer run owns it; false when the job is stale. */
const markRunning = async (db: Executor, job: SupplierMatchJob, supplierField: string | null): Promise<boolean> => {
  const rows = await db
    .insert(fileSupplierMatching)
    .values({ ...job, status: supplierField ? 'running' : 'none', supplierField })
    .onConflictDoUpdate({
      target: fileSupplierMatching.fileId,
      set: { generation: job.generation, status: supplierField ? 'running' : 'none', supplierField, failureReason: null },
      setWhere: lte(fileSupplierMatching.generation, job.generation),
    })
    .returning({ fileId: fileSupplierMatching.fileId });
  return rows.length > 0;
};

const mentionOf = (group: SupplierGroup): SupplierMention => ({
  name: group.supplierName,
  registrationNumber: group.identifiers.registrationNumber ?? null,
  email: group.identifiers.email ?? null,
  country: group.identifiers.country ?? null,
});

type NewRow = typeof uploadSupplierData.$inferInsert;

/**
 * Replaces the file's suppliers in one transaction, guarded by the generation: a stale job writes nothing. Rows
 * keep their ids (upsert by file and normalised name), their contact email, and a person's confirmation.
 */
const storeGroups = async (
  db: AppServices['db'],
  job: SupplierMatchJob,
  build: (earlier: Map<string, EarlierDecision>) => NewRow[],
): Promise<FileFacts | null> =>
  db.transaction(async (tx) => {
    const facts = await factsOf(tx, job, true);
    if (isStale(facts, job) || !facts) return null;
    const [matching] = await tx
      .select({ generation: fileSupplierMatching.generation })
      .from(fileSupplierMatching)
      .where(eq(fileSupplierMatching.fileId, job.fileId))
      .for('update')
      .limit(1);
    if (matching && matching.generation > job.generation) return null;
    const existing = await tx
      .select({
        normalizedName: uploadSupplierData.normalizedName,
        isConfirmed: uploadSupplierData.isConfirmed,
        matchStatus: uploadSupplierData.matchStatus,
        supplierOrgId: uploadSupplierData.supplierOrgId,
        matchReason: uploadSupplierData.matchReason,
        matchScore: uploadSupplierData.matchScore,
        contactEmail: uploadSupplierData.contactEmail,
      })
      .from(uploadSupplierData)
      .where(eq(uploadSupplierData.fileId, job.fileId))
      .for('update');
    const rows = build(new Map(existing.map(({ normalizedName, ...earlier }) => [normalizedName, earlier])));
    const names = rows.map((row) => row.normalizedName);
    await tx
      .delete(uploadSupplierData)
      .where(
        names.length === 0
          ? eq(uploadSupplierData.fileId, job.fileId)
          : and(eq(uploadSupplierData.fileId, job.fileId), notInArray(uploadSupplierData.normalizedName, names)),
      );
    for (let i = 0; i < rows.length; i += WRITE_BATCH) {
      await tx
        .insert(uploadSupplierData)
        .values(rows.slice(i, i + WRITE_BATCH))
        .onConflictDoUpdate({
          target: [uploadSupplierData.fileId, uploadSupplierData.normalizedName],
          set: {
            fileUploadId: sql`excluded.file_upload_id`,
            generation: sql`excluded.generation`,
            supplierName: sql`excluded.supplier_name`,
            identifiers: sql`excluded.identifiers`,
            supplierOrgId: sql`excluded.supplier_org_id`,
            matchStatus: sql`excluded.match_status`,
            matchScore: sql`excluded.match_score`,
            matchReason: sql`excluded.match_reason`,
            possibleMatches: sql`excluded.possible_matches`,
            isConfirmed: sql`excluded.is_confirmed`,
            contactEmail: sql`excluded.contact_email`,
            itemCount: sql`excluded.item_count`,
            rowIndices: sql`excluded.row_indices`,
            updatedAt: new Date(),
          },
        });
    }
    await tx
      .update(fileSupplierMatching)
      .set({ status: rows.length === 0 ? 'none' : 'completed', failureReason: null })
      .where(and(eq(fileSupplierMatching.fileId, job.fileId), eq(fileSupplierMatching.generation, job.generation)));
    return facts;
  });

/**
 * The `supplierMatches.matchFile` job (decision 6): reads the suppliers a customer's file names from its entries
 * of the job's generation, a page at a time; matches each distinct one to an organization (identifiers, the
 * customer's confirmations, then the name, see docs/supplier-matching.md); and replaces the file's
 * upload_supplier_data rows in one transaction. Safe to run twice; a job whose generation is no longer the file's
 * visible one, or whose upload was completed, writes nothing.
 */
export const matchFileSuppliers = async (
  services: MatchingServices,
  job: Pick<Job<SupplierMatchJob>, 'data'>,
): Promise<{ suppliers: number; rows: number } | null> => {
  const { data } = job;
  const logger = services.logger.child({ fileId: data.fileId, generation: data.generation });
  const facts = await factsOf(services.db, data, false);
  if (isStale(facts, data) || !facts) {
    logger.debug('supplier matching job is stale; nothing to do');
    return null;
  }
  const supplierField = supplierFieldOf(facts.category, facts.entryFields);
  if (!(await markRunning(services.db, data, supplierField))) return null;
  publishMatchingChange(services, { organizationId: data.organizationId, fileId: data.fileId, fileUploadId: facts.fileUploadId });
  const started = performance.now();
  const groups = supplierField
    ? await readSupplierGroups(services.db, { generation: data.generation, entryFields: facts.entryFields, supplierField })
    : [];
  const read = performance.now();
  const mentions = groups.map(mentionOf);
  const candidates = mentions.length ? await loadMatchingCandidates(services.db, data.organizationId, mentions) : null;
  const results = candidates
    ? mentions.map((mention) => matchSupplier(mention, candidatesFor(candidates, mention), candidates.confirmed))
    : [];
  const matched = performance.now();
  const stored = await storeGroups(services.db, data, (earlier) =>
    groups.map((group, i) => {
      const result = results[i];
      if (!result) throw new Error('a supplier was not matched');
      const decision = decisionAfterMatching(result, earlier.get(group.normalizedName) ?? null);
      return {
        organizationId: data.organizationId,
        fileUploadId: facts.fileUploadId,
        fileId: data.fileId,
        generation: data.generation,
        supplierName: group.supplierName,
        normalizedName: group.normalizedName,
        identifiers: group.identifiers,
        itemCount: group.rowIndices.length,
        rowIndices: group.rowIndices,
        ...decision,
      };
    }),
  );
  if (!stored) {
    logger.info('the file was validated again or its upload completed while its suppliers were matched; nothing stored');
    return null;
  }
  publishMatchingChange(services, { organizationId: data.organizationId, fileId: data.fileId, fileUploadId: stored.fileUploadId });
  const rows = groups.reduce((sum, group) => sum + group.rowIndices.length, 0);
  logger.info(
    {
      suppliers: groups.length,
      rows,
      readMs: Math.round(read - started),
      matchMs: Math.round(matched - read),
      storeMs: Math.round(performance.now() - matched),
    },
    'suppliers matched',
  );
  return { suppliers: groups.length, rows };
};

/** After the last attempt failed: the file's matching ends `failed` with the reason, unless a newer run took over. */
export const failMatchingAfterRetries = async (services: MatchingServices, failure: JobFailure<SupplierMatchJob>): Promise<void> => {
  const reason = failure.reason.replace(/[.\s]+$/, '');
  const changed = await services.db
    .update(fileSupplierMatching)
    .set({ status: 'failed', failureReason: `The suppliers could not be matched: ${reason}. Apply the mappings again to retry.` })
    .where(
      and(
        eq(fileSupplierMatching.fileId, failure.data.fileId),
        eq(fileSupplierMatching.generation, failure.data.generation),
        inArray(fileSupplierMatching.status, ['queued', 'running']),
      ),
    )
    .returning({ fileId: fileSupplierMatching.fileId });
  if (changed.length === 0) return;
  services.logger.warn({ fileId: failure.data.fileId, reason }, 'supplier matching failed after every attempt');
  const [file] = await services.db
    .select({ fileUploadId: files.fileUploadId })
    .from(files)
    .where(eq(files.id, failure.data.fileId))
    .limit(1);
  publishMatchingChange(services, {
    organizationId: failure.data.organizationId,
    fileId: failure.data.fileId,
    fileUploadId: file?.fileUploadId ?? null,
  });
};
