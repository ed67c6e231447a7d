import type { Executor } from '@tidewise/db/client';
import { fileValidations } from '@tidewise/db/schema/entries';
import { files } from '@tidewise/db/schema/uploads';
import { and, asc, eq, gt } from 'drizzle-orm';
import { filesReadableBy } from '../../../lib/request-access.ts';

/** A file whose entries a run reads, with the validation generation that holds them. */
export type ReportableFile = {
  fileId: string;
  generation: number;
  category: string;
  entryFields: string[];
  /** Valid entries of the generation: what the run will read of this file. */
  validRows: number;
  /**
   * The supplier whose data the file holds: the answering supplier for a file of an accepted answer, or the supplier
   * an own file names (footprints received over PACT); null for the organisation's own data.
   */
  supplierOrganizationId: string | null;
};

/**
 * What an organisation reports on: its own files whose validation made entries visible (a file naming a supplier counts
 * as that supplier's), and the files of the answers
 * its suppliers gave to its requests once it accepted them (lib/request-access.ts; never one under review). Each is
 * read at its visible generation; entries with errors are not reported (they are fixed and validated again first).
 */
export const reportableFiles = async (executor: Executor, organizationId: string): Promise<ReportableFile[]> => {
  const rows = await executor
    .select({
      fileId: fileValidations.fileId,
      generation: fileValidations.entriesGeneration,
      validationCategory: fileValidations.category,
      fileCategory: files.category,
      entryFields: fileValidations.entryFields,
      validRows: fileValidations.validRows,
      owner: files.organizationId,
      namedSupplier: files.supplierOrganizationId,
    })
    .from(fileValidations)
    .innerJoin(files, eq(files.id, fileValidations.fileId))
    .where(and(gt(fileValidations.entriesGeneration, 0), filesReadableBy(organizationId)))
    .orderBy(asc(fileValidations.entriesGeneration));
  return rows.map((row) => ({
    fileId: row.fileId,
    generation: row.generation,
    category: row.validationCategory ?? row.fileCategory ?? '',
    entryFields: row.entryFields,
    validRows: row.validRows,
    supplierOrganizationId: row.owner === organizationId ? row.namedSupplier : row.owner,
  }));
};
