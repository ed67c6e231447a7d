import { organizations } from '@tidewise/db/schema/organizations';
import type { UpdateOrganizationInput } from '@tidewise/shared/organization';
import { eq } from 'drizzle-orm';
import type { Context } from '../../../context.ts';
import { recordAudit } from '../../../lib/audit.ts';
import { notFound } from '../../../lib/errors.ts';
import type { OrganizationRow } from './get-organization.ts';
import { requireActor } from '../../../lib/authz.ts';

const EDITABLE = ['name', 'logo', 'websiteUrl', 'location', 'registrationNumber', 'description', 'industry', 'companySize'] as const;

const profileOf = (row: OrganizationRow) => Object.fromEntries(EDITABLE.map((key) => [key, row[key]]));

/** Changes the caller's own organization profile; fields left out stay as they are. */
export const updateOrganization = async (ctx: Context, input: UpdateOrganizationInput): Promise<OrganizationRow> => {
  const actor = requireActor(ctx);
  return ctx.db.transaction(async (tx) => {
    const [before] = await tx.select().from(organizations).where(eq(organizations.id, actor.organizationId)).for('update').limit(1);
    if (!before) throw notFound('Organization');
    const { name, ...optional } = input;
    const changes: Partial<typeof organizations.$inferInsert> = name === undefined ? {} : { name };
    for (const key of Object.keys(optional) as (keyof typeof optional)[]) {
      if (optional[key] !== undefined) changes[key] = optional[key] ?? null;
    }
    const [after] = Object.keys(changes).length
      ? await tx.update(organizations).set(changes).where(eq(organizations.id, before.id)).returning()
      : [before];
    if (!after) throw notFound('Organization');
    await recordAudit(tx, ctx, {
      resource: 'organization',
      resourceId: before.id,
      description: `Updated the organization profile of ${after.name}`,
      before: profileOf(before),
      after: profileOf(after),
    });
    return after;
  });
};
