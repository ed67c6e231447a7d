import type { Executor } from '@tidewise/db/client';
import { organizationSettings } from '@tidewise/db/schema/organization-admin';
import { DEFAULT_ORGANIZATION_SETTING } from '@tidewise/shared/organization';
import { eq } from 'drizzle-orm';

export type OrganizationSetting = { organizationId: string; measurementSystem: string; currency: string; timezone: string };

/** The stored settings of an organization, or the defaults when it never saved any. */
export const readSetting = async (db: Executor, organizationId: string): Promise<OrganizationSetting> => {
  const [row] = await db.select().from(organizationSettings).where(eq(organizationSettings.organizationId, organizationId)).limit(1);
  return row
    ? { organizationId, measurementSystem: row.measurementSystem, currency: row.currency, timezone: row.timezone }
    : { organizationId, ...DEFAULT_ORGANIZATION_SETTING };
};
