import { createHash } from 'node:crypto';
import { setTimeout as sleep } from 'node:timers/promises';
import type { Executor } from '@tidewise/db/client';
import { fileValidations, type StoredRunRule } from '@tidewise/db/schema/entries';
import { fileMappings } from '@tidewise/db/schema/mappings';
import { pactConnections, pactReceivedFootprints } from '@tidewise/db/schema/pact';
import { files } from '@tidewise/db/schema/uploads';
import { and, asc, eq, isNotNull, ne } from 'drizzle-orm';
import type { AppServices } from '../../../context.ts';
import { type AuditActor, recordAudit } from '../../../lib/audit.ts';
import { queueEmissionRecompute } from '../../../lib/emission-runs.ts';
import type { Job } from '../../../lib/jobs/job-types.ts';
import { csvLine, type ExportCell } from '../../../lib/spreadsheet-cells.ts';
import { sanitizeFileName } from '../../../lib/storage/content-disposition.ts';
import { createObjectKey } from '../../../lib/storage/object-key.ts';
import { enqueueApplyMappings, putFileMapping, queueValidationRun } from '../../../lib/validation-runs.ts';
import { type PactEntriesJob, publishConnectionChange } from './jobs.ts';

/**
 * Received footprints become the supplier's data entries by going through the platform's own pipeline, like a file a
 * person uploads: a CSV (one row per Active, valid footprint with a quantity) is stored, read by the uploads module's
 * job (`uploads.processFile`), its columns are mapped to the purchased goods and services fields, and the entries
 * module's validation run (`entries.applyMappings`) makes the entries, after which the emissions module recomputes.
 * The file belongs to the customer and names the supplier (`files.supplier_organization_id`), so the report counts
 * its entries as that supplier's. A new file replaces the connection's previous one once it is validated.
 *
 * The uploads and entries modules are reached through their jobs (module boundaries); the mapping and the queued
 * validation run are written by the same lib/validation-runs.ts functions createFileMapping and applyFileMappings use.
 */

export const ENTRIES_CATEGORY = 'purchased_goods_services';

/** The CSV's columns: header, the catalogue field it maps to (null: kept as raw data only), and its value. */
type Column = { header: string; field: string | null; value: (row: FootprintRow) => ExportCell };
type FootprintRow = { footprintId: string; quantity: number; document: Record<string, unknown> };

const text = (value: unknown): string | null => (typeof value === 'string' && value.length > 0 ? value : null);
const pcfOf = (doc: Record<string, unknown>) =>
  typeof doc.pcf === 'object' && doc.pcf !== null ? (doc.pcf as Record<string, unknown>) : {};
const day = (value: unknown) => text(value)?.slice(0, 10) ?? null;
const decimal = (value: unknown): number | null => {
  const parsed = typeof value === 'string' ? Number(value) : Number.NaN;
  return Number.isFinite(parsed) ? parsed : null;
};

export const ENTRY_COLUMNS: readonly Column[] = [
  { header: 'Description', field: 'description', value: (r) => text(r.document.productNameCompany) },
  { header: 'Date', field: 'purchase_date', value: (r) => day(pcfOf(r.document).referencePeriodStart) },
  { header: 'Quantity', field: 'quantity', value: (r) => r.quantity },
  { header: 'Unit', field: 'unit', value: (r) => text(pcfOf(r.document).declaredUnit) },
  {
    header: 'Product footprint (kg CO2e per unit)',
    field: 'product_footprint',
    value: (r) => decimal(pcfOf(r.document).pCfExcludingBiogenic),
  },
  { header: 'Supplier', field: 'supplier_name', value: (r) => text(r.document.companyName) },
  { header: 'Reference period end', field: null, value: (r) => day(pcfOf(r.document).referencePeriodEnd) },
  { header: 'PACT footprint id', field: null, value: (r) => r.footprintId },
  { header: 'Footprint version', field: null, value: (r) => (typeof r.document.version === 'number' ? r.document.version : null) },
  {
    header: 'Product ids',
    field: null,
    value: (r) => (Array.isArray(r.document.productIds) ? r.document.productIds.filter((p) => typeof p === 'string').join(' ') : null),
  },
  { header: 'CPC category', field: null, value: (r) => text(r.document.productCategoryCpc) },
];

/** The entries CSV of these footprints (sorted by id, so the same footprints give the same bytes). */
export const entriesCsv = (rows: readonly FootprintRow[]): string =>
  [csvLine(ENTRY_COLUMNS.map((c) => c.header)), ...rows.map((row) => csvLine(ENTRY_COLUMNS.map((c) => c.value(row))))].join('');

type Connection = typeof pactConnections.$inferSelect;
type FileRow = typeof files.$inferSelect;

const systemActor = (jobId: string): AuditActor => ({ actor: null, requestMeta: { requestId: jobId, ipAddress: null, userAgent: null } });

const footprintsWithQuantity = async (executor: Executor, connectionId: string): Promise<FootprintRow[]> => {
  const rows = await executor
    .select({
      footprintId: pactReceivedFootprints.footprintId,
      quantity: pactReceivedFootprints.quantity,
      document: pactReceivedFootprints.document,
    })
    .from(pactReceivedFootprints)
    .where(
      and(
        eq(pactReceivedFootprints.connectionId, connectionId),
        eq(pactReceivedFootprints.isValid, true),
        eq(pactReceivedFootprints.status, 'Active'),
        isNotNull(pactReceivedFootprints.quantity),
      ),
    )
    .orderBy(asc(pactReceivedFootprints.footprintId));
  return rows.map((r) => ({ ...r, quantity: r.quantity as number }));
};

/**
 * Deletes files of the connection other than `keep` the way a person deleting a file does: the row (its rows,
 * mappings, validation and entries go with it), an audit row, the stored bytes, then a recompute.
 */
export const deleteConnectionFiles = async (
  services: AppServices,
  connection: Pick<Connection, 'id' | 'organizationId' | 'supplierOrganizationId' | 'name'>,
  keep: string | null,
  who: AuditActor,
): Promise<number> => {
  if (!connection.supplierOrganizationId) return 0;
  const removed = await services.db.transaction(async (tx) => {
    const stale = await tx
      .select()
      .from(files)
      .where(
        and(
          eq(files.organizationId, connection.organizationId),
          eq(files.supplierOrganizationId, connection.supplierOrganizationId as string),
          keep ? ne(files.id, keep) : undefined,
        ),
      )
      .for('update');
    for (const file of stale) {
      await tx.delete(files).where(eq(files.id, file.id));
      await recordAudit(tx, who, {
        action: 'pact.entries',
        organizationId: connection.organizationId,
        resource: 'file',
        resourceId: file.id,
        description: `Deleted the file "${file.originalName}" of entries from the PACT connection "${connection.name}"`,
        before: { originalName: file.originalName, status: file.status, size: file.size },
        after: null,
      });
    }
    return stale;
  });
  for (const file of removed) await services.storage.delete(file.storageKey).catch(() => undefined);
  if (removed.length > 0) await queueEmissionRecompute(services, { deletedFrom: connection.organizationId });
  return removed.length;
};

/** Stores the CSV and its file row (`queued`, like a completed upload) and makes it the connection's entries file. */
const createEntriesFile = async (services: AppServices, connection: Connection, csv: Buffer, sha256: string, jobId: string) => {
  const key = createObjectKey(connection.organizationId);
  await services.storage.putObject(key, csv, 'text/csv');
  const name = `PACT footprints from ${connection.name}.csv`;
  const file = await services.db.transaction(async (tx) => {
    const [current] = await tx.select().from(pactConnections).where(eq(pactConnections.id, connection.id)).for('update').limit(1);
    if (!current) return null;
    const now = new Date();
    const [row] = await tx
      .insert(files)
      .values({
        organizationId: connection.organizationId,
        fileUploadId: null,
        originalName: name,
        sanitizedName: sanitizeFileName(name),
        mimeType: 'text/csv',
        size: csv.length,
        status: 'queued',
        fileType: 'csv',
        storageKey: key,
        sha256,
        category: ENTRIES_CATEGORY,
        supplierOrganizationId: connection.supplierOrganizationId,
        uploadedBy: connection.createdByUserId,
        bytesReceived: csv.length,
        uploadedAt: now,
      })
      .returning();
    if (!row) throw new Error('entries file not inserted');
    await tx.update(pactConnections).set({ entriesFileId: row.id, updatedAt: now }).where(eq(pactConnections.id, connection.id));
    await recordAudit(tx, systemActor(jobId), {
      action: 'pact.entries',
      organizationId: connection.organizationId,
      resource: 'file',
      resourceId: row.id,
      description: `Made the file "${name}" of data entries from the footprints received over the PACT connection "${connection.name}"`,
      after: { connectionId: connection.id, size: row.size, sha256, supplierOrganizationId: connection.supplierOrganizationId },
    });
    return row;
  });
  if (!file) {
    await services.storage.delete(key);
    return null;
  }
  await services.jobs.send(
    'uploads.processFile',
    { fileId: file.id, organizationId: file.organizationId, generation: file.parseGeneration },
    { singletonKey: `${file.id}:${file.parseGeneration}` },
  );
  return file;
};

const POLL_MS = 250;

/** Polls until `done` answers a value (not undefined) or the job is aborted. */
const until = async <T>(signal: AbortSignal, what: string, check: () => Promise<T | undefined>): Promise<T> => {
  for (;;) {
    if (signal.aborted) throw new Error(`stopped while waiting for ${what}`);
    const value = await check();
    if (value !== undefined) return value;
    await sleep(POLL_MS);
  }
};

/** Maps each column of the CSV that has a field and queues the validation run, with the writes a person's mapping and applying make. */
const mapAndQueueValidation = async (services: AppServices, file: FileRow, jobId: string) => {
  const queued = await services.db.transaction(async (tx) => {
    const [current] = await tx.select().from(files).where(eq(files.id, file.id)).for('update').limit(1);
    if (current?.status !== 'processed') return null;
    const [existing] = await tx.select().from(fileValidations).where(eq(fileValidations.fileId, file.id)).limit(1);
    if (existing && existing.runGeneration > 0) return existing;
    const detected = (
      (current.fileMetadata as { detectedColumns?: { index: number; name: string }[] } | null)?.detectedColumns ?? []
    ).filter((c) => typeof c?.name === 'string' && Number.isInteger(c.index));
    // Only the columns below are mapped: a mapping the column analysis learned from the organisation's other files goes.
    await tx
      .update(fileMappings)
      .set({ isActive: false })
      .where(and(eq(fileMappings.fileId, file.id), eq(fileMappings.isActive, true)));
    const rules: StoredRunRule[] = [];
    for (const column of ENTRY_COLUMNS) {
      if (!column.field) continue;
      const source = detected.find((c) => c.name.trim() === column.header);
      if (!source) throw new Error(`the entries file has no column "${column.header}" after reading`);
      await putFileMapping(tx, {
        file: current,
        category: ENTRIES_CATEGORY,
        column: source,
        targetField: column.field,
        transformations: [],
        validation: {},
        origin: 'manual',
        createdBy: current.uploadedBy,
      });
      rules.push({ sourceIndex: source.index, sourceColumn: source.name, targetField: column.field, transformations: [], validation: {} });
    }
    rules.sort((a, b) => a.sourceIndex - b.sourceIndex);
    const validation = await queueValidationRun(tx, current, ENTRIES_CATEGORY, rules);
    await recordAudit(tx, systemActor(jobId), {
      action: 'pact.entries',
      organizationId: current.organizationId,
      resource: 'file',
      resourceId: file.id,
      description: `Applied ${rules.length} column mappings to "${current.originalName}" (Purchased goods and services)`,
      after: { generation: validation.runGeneration, mappings: rules.map((r) => `${r.sourceColumn} → ${r.targetField}`) },
    });
    return validation;
  });
  if (queued?.status === 'queued')
    await enqueueApplyMappings(services, { fileId: file.id, organizationId: file.organizationId, generation: queued.runGeneration });
  return queued;
};

/**
 * The pact.entries job. Safe to run twice: a file with the same content that is still the connection's is carried on
 * from where it got (read, mapped, validated) instead of being made again.
 */
export const regenerateEntriesFile = async (services: AppServices, job: Pick<Job<PactEntriesJob>, 'id' | 'data' | 'signal'>) => {
  const [connection] = await services.db.select().from(pactConnections).where(eq(pactConnections.id, job.data.connectionId)).limit(1);
  if (!connection?.supplierOrganizationId) return;
  const who = systemActor(job.id);
  const rows = await footprintsWithQuantity(services.db, connection.id);
  if (rows.length === 0) {
    await deleteConnectionFiles(services, connection, null, who);
    await services.db.update(pactConnections).set({ entriesFileId: null }).where(eq(pactConnections.id, connection.id));
    publishConnectionChange(services, connection);
    return;
  }
  const csv = Buffer.from(entriesCsv(rows), 'utf8');
  const sha256 = createHash('sha256').update(csv).digest('hex');
  const [current] = connection.entriesFileId
    ? await services.db.select().from(files).where(eq(files.id, connection.entriesFileId)).limit(1)
    : [];
  let file: FileRow | null = current && current.sha256 === sha256 && current.status !== 'failed' ? current : null;
  if (!file) file = await createEntriesFile(services, connection, csv, sha256, job.id);
  if (!file) return;
  publishConnectionChange(services, connection);
  const fileId = file.id;

  const read = await until(job.signal, 'the entries file to be read', async () => {
    const [row] = await services.db.select().from(files).where(eq(files.id, fileId)).limit(1);
    if (!row) return null;
    if (row.status === 'processed' || row.status === 'failed') return row;
    return undefined;
  });
  if (!read) return;
  if (read.status === 'failed') throw new Error(`the entries file could not be read: ${read.error?.message ?? 'unknown reason'}`);
  await mapAndQueueValidation(services, read, job.id);
  const validated = await until(job.signal, 'the entries file to be validated', async () => {
    const [row] = await services.db
      .select({ status: fileValidations.status, reason: fileValidations.failureReason })
      .from(fileValidations)
      .where(eq(fileValidations.fileId, fileId))
      .limit(1);
    if (!row) return null;
    return row.status === 'validated' || row.status === 'failed' ? row : undefined;
  });
  if (!validated) return;
  if (validated.status === 'failed') throw new Error(`the validation of the entries file failed: ${validated.reason ?? 'unknown reason'}`);
  // Only the connection's current file replaces the others: a newer job may have made another one meanwhile.
  const [now] = await services.db
    .select({ entriesFileId: pactConnections.entriesFileId })
    .from(pactConnections)
    .where(eq(pactConnections.id, connection.id))
    .limit(1);
  if (now?.entriesFileId === fileId) await deleteConnectionFiles(services, connection, fileId, who);
  publishConnectionChange(services, connection);
};
