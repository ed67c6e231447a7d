import { uploadSupplierData } from '@tidewise/db/schema/requests';
import { eq } from 'drizzle-orm';
import type { Context } from '../../../context.ts';
import { recordAudit } from '../../../lib/audit.ts';
import { requireActor } from '../../../lib/authz.ts';
import { publishMatchingChange } from '../live-events.ts';
import { loadSupplierDataView, type UploadSupplierDataView } from '../records.ts';
import { lockChangeableSupplierRow } from '../supplier-rows.ts';

/**
 * The address to invite a supplier at when the upload is completed with a request (decision 7); null clears it.
 * The address arrives checked and in lower case. Refused once the upload is completed.
 */
export const setUploadSupplierContact = async (
  ctx: Context,
  input: { id: string; email: string | null },
): Promise<UploadSupplierDataView> => {
  const actor = requireActor(ctx);
  const before = await ctx.db.transaction(async (tx) => {
    const row = await lockChangeableSupplierRow(tx, actor.organizationId, input.id);
    await tx.update(uploadSupplierData).set({ contactEmail: input.email, updatedAt: new Date() }).where(eq(uploadSupplierData.id, row.id));
    await recordAudit(tx, ctx, {
      resource: 'uploadSupplierData',
      resourceId: row.id,
      description: input.email
        ? `Set ${input.email} as the contact of supplier "${row.supplierName}"`
        : `Cleared the contact of supplier "${row.supplierName}"`,
      before: { contactEmail: row.contactEmail },
      after: { contactEmail: input.email },
    });
    return row;
  });
  publishMatchingChange(ctx, { organizationId: actor.organizationId, fileId: before.fileId, fileUploadId: before.fileUploadId });
  return loadSupplierDataView(ctx.db, before.id);
};
