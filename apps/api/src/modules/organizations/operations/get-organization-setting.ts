import type { Context } from '../../../context.ts';
import { requireActor } from '../../../lib/authz.ts';
import { readSetting } from '../organization-settings.ts';

/** The caller's organization settings; an organization that never saved any gets the defaults. */
export const getOrganizationSetting = (ctx: Context) => readSetting(ctx.db, requireActor(ctx).organizationId);
