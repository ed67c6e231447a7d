import type { Executor } from '@tidewise/db/client';
import { uploadSupplierData } from '@tidewise/db/schema/requests';
import { fileUploads } from '@tidewise/db/schema/uploads';
import { and, eq } from 'drizzle-orm';
import { refuse } from '../../lib/authz.ts';
import { isUuid } from '../../lib/db.ts';
import { notFound } from '../../lib/errors.ts';
import type { UploadSupplierDataRow } from './records.ts';
import { supplierRowChangeRefusal } from './supplier-matches.policy.ts';

/**
 * A supplier row of the organization, locked for the rest of the transaction, refused once its upload is
 * completed; NOT_FOUND for another organization's row or an unknown id.
 */
export const lockChangeableSupplierRow = async (tx: Executor, organizationId: string, id: string): Promise<UploadSupplierDataRow> => {
  if (!isUuid(id)) throw notFound('UploadSupplierData', id);
  const [found] = await tx
    .select({ row: uploadSupplierData, uploadStatus: fileUploads.status })
    .from(uploadSupplierData)
    .leftJoin(fileUploads, eq(fileUploads.id, uploadSupplierData.fileUploadId))
    .where(and(eq(uploadSupplierData.id, id), eq(uploadSupplierData.organizationId, organizationId)))
    .for('update', { of: uploadSupplierData })
    .limit(1);
  if (!found) throw notFound('UploadSupplierData', id);
  const refusal = supplierRowChangeRefusal(found.uploadStatus);
  if (refusal) refuse(refusal);
  return found.row;
};
