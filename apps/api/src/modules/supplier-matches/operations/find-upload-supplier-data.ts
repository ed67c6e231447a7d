import { uploadSupplierData } from '@tidewise/db/schema/requests';
import { eq } from 'drizzle-orm';
import type { Context } from '../../../context.ts';
import { findFileUploadForActor } from '../../../lib/upload-records.ts';
import { loadSupplierDataViews, type UploadSupplierDataView } from '../records.ts';

/** The suppliers named in a batch's files, one per file and supplier; NOT_FOUND for another organization's batch. */
export const findUploadSupplierData = async (ctx: Context, fileUploadId: string): Promise<UploadSupplierDataView[]> => {
  const batch = await findFileUploadForActor(ctx, fileUploadId);
  return loadSupplierDataViews(ctx.db, eq(uploadSupplierData.fileUploadId, batch.id));
};
