import type { Executor } from '@tidewise/db/client';
import { fileValidations } from '@tidewise/db/schema/entries';
import { organizations } from '@tidewise/db/schema/organizations';
import { fileSupplierMatching, uploadSupplierData } from '@tidewise/db/schema/requests';
import { files } from '@tidewise/db/schema/uploads';
import { and, asc, eq, inArray, ne, type SQL } from 'drizzle-orm';
import {
  type MatchCounts,
  matchCountsOf,
  type SupplierMatchingStatus,
  asMatchingStatus,
  batchMatchingStatus,
} from './supplier-matches.policy.ts';

export type OrganizationRow = typeof organizations.$inferSelect;
export type UploadSupplierDataRow = typeof uploadSupplierData.$inferSelect;

export type PossibleMatchView = { organization: OrganizationRow; score: number; reason: string };

/** One UploadSupplierData as the API shows it, with what its fields need already loaded. */
export type UploadSupplierDataView = UploadSupplierDataRow & {
  fileName: string;
  /** The file's visible entries generation, for dataEntryIds (0: none). */
  entriesGeneration: number;
  supplierOrganization: OrganizationRow | null;
  possibleMatchViews: PossibleMatchView[];
  /** Seen by the supplier of a request: only what concerns it, no other organization and no scores. */
  restricted: boolean;
};

const organizationsById = async (db: Executor, ids: Iterable<string>): Promise<Map<string, OrganizationRow>> => {
  const list = [...new Set(ids)];
  if (list.length === 0) return new Map();
  const rows = await db.select().from(organizations).where(inArray(organizations.id, list));
  return new Map(rows.map((row) => [row.id, row]));
};

/** Rows of files not cancelled, with their file's name and entries generation and the organizations they name, by file then name. */
export const loadSupplierDataViews = async (db: Executor, where: SQL | undefined, options: { restricted?: boolean } = {}) => {
  const rows = await db
    .select({ row: uploadSupplierData, fileName: files.originalName, entriesGeneration: fileValidations.entriesGeneration })
    .from(uploadSupplierData)
    .innerJoin(files, eq(files.id, uploadSupplierData.fileId))
    .leftJoin(fileValidations, eq(fileValidations.fileId, uploadSupplierData.fileId))
    .where(and(where, ne(files.status, 'cancelled')))
    .orderBy(asc(files.createdAt), asc(files.id), asc(uploadSupplierData.supplierName), asc(uploadSupplierData.id));
  const restricted = options.restricted ?? false;
  const byId = await organizationsById(
    db,
    rows.flatMap(({ row }) => [
      ...(row.supplierOrgId ? [row.supplierOrgId] : []),
      ...(restricted ? [] : row.possibleMatches.map((m) => m.organizationId)),
    ]),
  );
  return rows.map(
    ({ row, fileName, entriesGeneration }): UploadSupplierDataView => ({
      ...row,
      fileName,
      entriesGeneration: entriesGeneration ?? 0,
      supplierOrganization: row.supplierOrgId ? (byId.get(row.supplierOrgId) ?? null) : null,
      possibleMatchViews: restricted
        ? []
        : row.possibleMatches.flatMap((m) => {
            const organization = byId.get(m.organizationId);
            return organization ? [{ organization, score: m.score, reason: m.reason }] : [];
          }),
      restricted,
    }),
  );
};

export const loadSupplierDataView = async (db: Executor, id: string): Promise<UploadSupplierDataView> => {
  const [view] = await loadSupplierDataViews(db, eq(uploadSupplierData.id, id));
  if (!view) throw new Error('upload supplier data missing');
  return view;
};

/** `<generation>-<rowIndex>` of the entries of these rows in the file's visible generation, as DataEntry ids are. */
export const dataEntryIdsOf = (view: UploadSupplierDataView): string[] =>
  view.entriesGeneration > 0 ? view.rowIndices.map((index) => `${view.entriesGeneration}-${index}`) : [];

export type BatchSupplierMatching = MatchCounts & {
  supplierMatchingStatus: SupplierMatchingStatus;
  supplierValidations: UploadSupplierDataView[];
};

/** The supplier fields of a batch's FileUploadValidation: counts over its files' suppliers and the matching status. */
export const batchSupplierMatching = async (db: Executor, fileUploadId: string): Promise<BatchSupplierMatching> => {
  const views = await loadSupplierDataViews(db, eq(uploadSupplierData.fileUploadId, fileUploadId));
  const statuses = await db
    .select({ status: fileSupplierMatching.status })
    .from(fileSupplierMatching)
    .innerJoin(files, eq(files.id, fileSupplierMatching.fileId))
    .where(and(eq(files.fileUploadId, fileUploadId), ne(files.status, 'cancelled')));
  return {
    ...matchCountsOf(views),
    supplierMatchingStatus: batchMatchingStatus(statuses.map((s) => asMatchingStatus(s.status))),
    supplierValidations: views,
  };
};
