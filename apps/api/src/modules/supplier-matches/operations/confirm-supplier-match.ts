import type { Executor } from '@tidewise/db/client';
import { organizationRelationships, organizations } from '@tidewise/db/schema/organizations';
import { supplierMatchConfirmations, uploadSupplierData } from '@tidewise/db/schema/requests';
import { and, eq, ne, or, type SQL } from 'drizzle-orm';
import type { Context } from '../../../context.ts';
import { recordAudit } from '../../../lib/audit.ts';
import { requireActor } from '../../../lib/authz.ts';
import { isUuid } from '../../../lib/db.ts';
import { AppError } from '../../../lib/errors.ts';
import { publishMatchingChange } from '../live-events.ts';
import { loadSupplierDataView, type UploadSupplierDataRow, type UploadSupplierDataView } from '../records.ts';
import { confirmedReason } from '../supplier-matches.policy.ts';
import { lockChangeableSupplierRow } from '../supplier-rows.ts';

const organizationNotFound = (id: string) =>
  new AppError('NOT_FOUND', 'Choose one of the possible matches or one of your suppliers.', { field: 'organizationId', details: { id } });

/** The organization a person may confirm for the row: one it was offered, its current match, or a supplier of the caller. */
const choosableOrganization = async (tx: Executor, customerOrganizationId: string, row: UploadSupplierDataRow, organizationId: string) => {
  if (!isUuid(organizationId)) throw organizationNotFound(organizationId);
  const offered = row.supplierOrgId === organizationId || row.possibleMatches.some((m) => m.organizationId === organizationId);
  const [organization] = await tx.select().from(organizations).where(eq(organizations.id, organizationId)).limit(1);
  if (!organization || organization.id === customerOrganizationId) throw organizationNotFound(organizationId);
  if (offered) return organization;
  const [relationship] = await tx
    .select({ id: organizationRelationships.id })
    .from(organizationRelationships)
    .where(
      and(
        eq(organizationRelationships.customerOrganizationId, customerOrganizationId),
        eq(organizationRelationships.supplierOrganizationId, organizationId),
        ne(organizationRelationships.status, 'ended'),
      ),
    )
    .limit(1);
  if (!relationship) throw organizationNotFound(organizationId);
  return organization;
};

/**
 * A person confirms a supplier's match, picks another organization, or says it is none of them (null: notMatch).
 * The same supplier in the upload's other files, not yet confirmed, takes the same answer, and the organization
 * remembers it for its next files (supplier_match_confirmations, read by matching before names). Refused once
 * the upload is completed; another organization's row is NOT_FOUND.
 */
export const confirmSupplierMatch = async (
  ctx: Context,
  input: { id: string; organizationId: string | null },
): Promise<UploadSupplierDataView> => {
  const actor = requireActor(ctx);
  const changed = await ctx.db.transaction(async (tx) => {
    const row = await lockChangeableSupplierRow(tx, actor.organizationId, input.id);
    const organization = input.organizationId ? await choosableOrganization(tx, actor.organizationId, row, input.organizationId) : null;
    const decision = {
      matchStatus: organization ? 'match' : 'notMatch',
      supplierOrgId: organization?.id ?? null,
      isConfirmed: true,
      matchReason: confirmedReason(organization?.name ?? null),
      updatedAt: new Date(),
    };
    const sameSupplier: SQL[] = [eq(uploadSupplierData.id, row.id)];
    if (row.fileUploadId) {
      const inBatch = and(
        eq(uploadSupplierData.fileUploadId, row.fileUploadId),
        eq(uploadSupplierData.normalizedName, row.normalizedName),
        eq(uploadSupplierData.isConfirmed, false),
      );
      if (inBatch) sameSupplier.push(inBatch);
    }
    const updated = await tx
      .update(uploadSupplierData)
      .set(decision)
      .where(and(eq(uploadSupplierData.organizationId, actor.organizationId), or(...sameSupplier)))
      .returning({ id: uploadSupplierData.id, fileId: uploadSupplierData.fileId });
    await tx
      .insert(supplierMatchConfirmations)
      .values({
        organizationId: actor.organizationId,
        normalizedName: row.normalizedName,
        supplierOrganizationId: organization?.id ?? null,
        confirmedByUserId: actor.userId,
      })
      .onConflictDoUpdate({
        target: [supplierMatchConfirmations.organizationId, supplierMatchConfirmations.normalizedName],
        set: { supplierOrganizationId: organization?.id ?? null, confirmedByUserId: actor.userId, updatedAt: new Date() },
      });
    await recordAudit(tx, ctx, {
      resource: 'uploadSupplierData',
      resourceId: row.id,
      description: organization
        ? `Confirmed supplier "${row.supplierName}" as ${organization.name}`
        : `Confirmed supplier "${row.supplierName}" as none of the organizations offered`,
      before: { matchStatus: row.matchStatus, supplierOrgId: row.supplierOrgId, isConfirmed: row.isConfirmed },
      after: { matchStatus: decision.matchStatus, supplierOrgId: decision.supplierOrgId, isConfirmed: true },
      metadata: { normalizedName: row.normalizedName, rowsChanged: updated.map((u) => u.id) },
    });
    return { row, files: [...new Set(updated.map((u) => u.fileId))] };
  });
  for (const fileId of changed.files)
    publishMatchingChange(ctx, { organizationId: actor.organizationId, fileId, fileUploadId: changed.row.fileUploadId });
  return loadSupplierDataView(ctx.db, changed.row.id);
};
