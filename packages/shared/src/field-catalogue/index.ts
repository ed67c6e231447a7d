import { PORT_OPERATION_FIELDS } from './port-operations.ts';
import { PURCHASED_GOODS_SERVICES_FIELDS } from './purchased-goods-services.ts';
import { SITE_ENERGY_FIELDS } from './site-energy.ts';
import { SUPPLIER_LIST_FIELDS } from './supplier-list.ts';
import { TRANSPORT_LEG_FIELDS } from './transport-legs.ts';
import type { AllowedValue, CatalogueCategory, CategoryFields, FieldDefinition } from './types.ts';
import { VESSEL_FUEL_CONSUMPTION_FIELDS } from './vessel-fuel-consumption.ts';

export { CATALOGUE_VERSION } from './types.ts';

/** Every catalogue field, by file category. `unknown` files have no category and so no fields. */
export const FIELD_CATALOGUE: Record<CatalogueCategory, CategoryFields> = {
  vessel_fuel_consumption: VESSEL_FUEL_CONSUMPTION_FIELDS,
  transport_legs: TRANSPORT_LEG_FIELDS,
  port_operations: PORT_OPERATION_FIELDS,
  purchased_goods_services: PURCHASED_GOODS_SERVICES_FIELDS,
  site_energy: SITE_ENERGY_FIELDS,
  supplier_list: SUPPLIER_LIST_FIELDS,
};

export const isCatalogueCategory = (value: string): value is CatalogueCategory => Object.hasOwn(FIELD_CATALOGUE, value);

/** The fields of a category; any other string (including `unknown`) answers an empty list rather than failing. */
export const fieldsByCategory = (category: string): CategoryFields => (isCatalogueCategory(category) ? FIELD_CATALOGUE[category] : []);

/**
 * How headers and enum values are compared: Unicode compatibility form (so "CO₂" equals "CO2" and "m³" equals
 * "m3"), lower case with "ß" as "ss" (so "GROSSKREIS" equals "Großkreis"), trimmed, inner whitespace collapsed.
 */
export const normalizeLabel = (value: string): string =>
  value.normalize('NFKC').toLowerCase().replace(/ß/g, 'ss').trim().replace(/\s+/g, ' ');

/** The allowed value a cell's text stands for (its value, label or a synonym), or null. */
export const resolveAllowedValue = (field: FieldDefinition, raw: string): AllowedValue | null => {
  const wanted = normalizeLabel(raw);
  if (!wanted) return null;
  return (
    field.allowedValues?.find((allowed) =>
      [allowed.value, allowed.label, ...allowed.synonyms].some((spelling) => normalizeLabel(spelling) === wanted),
    ) ?? null
  );
};
