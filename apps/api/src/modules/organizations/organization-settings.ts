import type { Executor } from '@tidewise/db/client';
import { organizationSettings } from '@tidewise/db/schema/organization-admin';
import { DEFAULT_ORGANIZATION_SETTING, type UpdateOrganizationSettingInput } from '@tidewise/shared/organization';
import { eq } from 'drizzle-orm';
import type { Context } from '../../context.ts';
import { recordAudit } from '../../lib/audit.ts';
import { requireActor } from '../../lib/authz.ts';

export type OrganizationSetting = { organizationId: string; measurementSystem: string; currency: string; timezone: string };

const readSetting = async (db: Executor, organizationId: string): Promise<OrganizationSetting> => {
  const [row] = await db.select().from(organizationSettings).where(eq(organizationSettings.organizationId, organizationId)).limit(1);
  return row
    ? { organizationId, measurementSystem: row.measurementSystem, currency: row.currency, timezone: row.timezone }
    : { organizationId, ...DEFAULT_ORGANIZATION_SETTING };
};

/** The caller's organization settings; an organization that never saved any gets the defaults. */
export const getOrganizationSetting = (ctx: Context) => readSetting(ctx.db, requireActor(ctx).organizationId);

/** Saves the given settings (others keep their value); input is validated against ISO 4217 and IANA. */
export const updateOrganizationSetting = async (ctx: Context, input: UpdateOrganizationSettingInput): Promise<OrganizationSetting> => {
  const actor = requireActor(ctx);
  return ctx.db.transaction(async (tx) => {
    const before = await readSetting(tx, actor.organizationId);
    const next = {
      measurementSystem: input.measurementSystem ?? before.measurementSystem,
      currency: input.currency ?? before.currency,
      timezone: input.timezone ?? before.timezone,
    };
    await tx
      .insert(organizationSettings)
      .values({ organizationId: actor.organizationId, ...next })
      .onConflictDoUpdate({ target: organizationSettings.organizationId, set: next });
    const after = { organizationId: actor.organizationId, ...next };
    await recordAudit(tx, ctx, {
      resource: 'organizationSetting',
      resourceId: actor.organizationId,
      description: 'Updated the organization settings',
      before: { measurementSystem: before.measurementSystem, currency: before.currency, timezone: before.timezone },
      after: next,
    });
    return after;
  });
};
