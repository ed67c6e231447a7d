import type { emissionFactors } from '@tidewise/db/schema/emissions';
import type { OrganizationFactor } from '@tidewise/shared/emissions/calculate/types';
import type { ConsumerClass, FactorFuel, FactorKind, FactorUnit } from '@tidewise/shared/emissions/factors/types';

export type OrganizationFactorRow = typeof emissionFactors.$inferSelect;

/**
 * Every stored version of the organisation's factors as the calculator takes them (regime `organization`, id = key),
 * which picks per key the highest version valid on an entry's date: an old version stays in use for entries of its
 * period, as in the built-in library. Stored rows were checked against the same vocabulary when they were added
 * (factor-input.ts), hence the narrowing casts.
 */
export const organizationFactorsForCalculator = (rows: readonly OrganizationFactorRow[]): OrganizationFactor[] =>
  rows.map((row) => ({
    id: row.key,
    version: row.version,
    kind: row.kind as FactorKind,
    regime: 'organization',
    ...(row.fuel ? { fuel: row.fuel as FactorFuel } : {}),
    ...(row.consumer ? { consumer: row.consumer as ConsumerClass } : {}),
    ...(row.activity ? { activity: row.activity } : {}),
    value: row.value,
    unit: row.unit as FactorUnit,
    source: { document: row.document, section: row.section, edition: row.edition },
    // The organisation's evidence is its source: the value is read there.
    verification: 'read_at_source',
    validFrom: row.validFrom,
    validTo: row.validTo,
    supplierOrganizationId: row.supplierOrganizationId,
  }));
