import { organizations } from '@tidewise/db/schema/organizations';
import { eq } from 'drizzle-orm';
import type { Context } from '../../../context.ts';
import { recordAudit } from '../../../lib/audit.ts';
import { AppError, notFound } from '../../../lib/errors.ts';
import { assertRecentSignIn } from '../members.ts';
import { ORGANIZATION_DATA_PARTS } from '../organization-data.ts';
import { confirmsOrganizationName } from '../organization.policy.ts';
import { requireActor } from '../../../lib/authz.ts';

export type ClearedPart = { name: string; count: number };
export type ClearOrganizationDataResult = { success: boolean; cleared: ClearedPart[] };

/**
 * Removes the organization's business data (see ORGANIZATION_DATA_PARTS) in one transaction, after
 * the typed organization name and a recent sign-in. Users and the audit trail stay.
 */
export const clearOrganizationData = async (ctx: Context, input: { confirmation: string }): Promise<ClearOrganizationDataResult> => {
  const actor = requireActor(ctx);
  return ctx.db.transaction(async (tx) => {
    const [organization] = await tx.select().from(organizations).where(eq(organizations.id, actor.organizationId)).for('update').limit(1);
    if (!organization) throw notFound('Organization');
    if (!confirmsOrganizationName(input.confirmation, organization.name)) {
      throw new AppError('VALIDATION_FAILED', 'Type the organization name exactly to confirm.', { field: 'confirmation' });
    }
    await assertRecentSignIn(tx, actor);
    const cleared: ClearedPart[] = [];
    for (const part of ORGANIZATION_DATA_PARTS) cleared.push({ name: part.name, count: await part.clear(tx, organization.id) });
    await recordAudit(tx, ctx, {
      resource: 'organization',
      resourceId: organization.id,
      description: `Cleared the business data of ${organization.name}`,
      before: Object.fromEntries(cleared.map((c) => [c.name, c.count])),
      after: Object.fromEntries(cleared.map((c) => [c.name, 0])),
    });
    return { success: true, cleared };
  });
};
