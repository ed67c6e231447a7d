import { organizationSettings } from '@tidewise/db/schema/organization-admin';
import type { UpdateOrganizationSettingInput } from '@tidewise/shared/organization';
import type { Context } from '../../../context.ts';
import { recordAudit } from '../../../lib/audit.ts';
import { requireActor } from '../../../lib/authz.ts';
import { type OrganizationSetting, readSetting } from '../organization-settings.ts';

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
