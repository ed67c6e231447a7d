import { fileUploads } from '@tidewise/db/schema/uploads';
import type { Context } from '../../../context.ts';
import { recordAudit } from '../../../lib/audit.ts';
import { requireActor } from '../../../lib/authz.ts';
import { emailOfUser, fileUploadEventOf, publishChange } from '../file-changes.ts';
import type { FileUploadRecord } from '../records.ts';

/** A new, empty batch (`draft`) of the caller's organization, to which files are then added one by one. */
export const createFileUpload = async (ctx: Context, input: { name: string; description: string | null }): Promise<FileUploadRecord> => {
  const actor = requireActor(ctx);
  const batch = await ctx.db.transaction(async (tx) => {
    const [row] = await tx
      .insert(fileUploads)
      .values({
        organizationId: actor.organizationId,
        name: input.name,
        description: input.description,
        status: 'draft',
        uploadedBy: actor.userId,
        uploadedByEmail: await emailOfUser(tx, actor.userId),
      })
      .returning();
    if (!row) throw new Error('file upload not inserted');
    await recordAudit(tx, ctx, {
      resource: 'fileUpload',
      resourceId: row.id,
      description: `Started the upload "${row.name}"`,
      before: null,
      after: { name: row.name, description: row.description, status: row.status },
    });
    return row;
  });
  publishChange(ctx, { organizationId: actor.organizationId, batches: [fileUploadEventOf(batch)] });
  return batch;
};
