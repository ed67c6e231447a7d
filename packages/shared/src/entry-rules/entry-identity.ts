import type { CatalogueCategory, CategoryFields } from '../field-catalogue/types.ts';
import type { MappedFields } from './row-rules.ts';
import type { EntryValue } from './types.ts';

/** The entry's date: period start, else period end, else another date of the category, else 1 January of the reporting year. */
export const compileEntryDate = (definitions: CategoryFields, mapped: MappedFields): ((values: readonly EntryValue[]) => string | null) => {
  const keys = ['period_start', 'period_end', ...definitions.filter((d) => d.dataType === 'date').map((d) => d.key)];
  const dateIndexes = [...new Set(keys)].map((key) => mapped.get(key)?.index ?? -1).filter((index) => index >= 0);
  const yearIndex = mapped.get('reporting_year')?.index ?? -1;
  return (values) => {
    for (const index of dateIndexes) {
      const value = values[index];
      if (typeof value === 'string') return value;
    }
    if (yearIndex >= 0) {
      const year = values[yearIndex];
      if (typeof year === 'number' && year >= 1000 && year <= 9999) return `${year}-01-01`;
    }
    return null;
  };
};

const text = (value: EntryValue | undefined): string => (value == null ? '' : String(value));
const lower = (value: EntryValue | undefined): string => (value == null ? '' : String(value).toLowerCase());

/** Compiles a category's key from field positions (-1 when the field is not mapped; values[-1] is undefined). */
type KeyCompiler = (at: (key: string) => number) => (values: readonly EntryValue[]) => string | null;

/**
 * What makes two rows of a category describe the same thing. Vessel fuel: IMO number, period (or reporting
 * year) and fuel type, since one voyage has a row per fuel. Purchases repeat legitimately: no key.
 */
const DUPLICATE_KEYS: Record<CatalogueCategory, KeyCompiler> = {
  vessel_fuel_consumption: (at) => {
    const [imo, from, to, year, fuel] = ['imo_number', 'period_start', 'period_end', 'reporting_year', 'fuel_type'].map(at) as number[];
    return (values) => {
      const ship = values[imo as number];
      if (ship == null) return null;
      const start = values[from as number];
      const end = values[to as number];
      let period: string;
      if (start != null || end != null) period = `${text(start)}..${text(end)}`;
      else if (values[year as number] != null) period = `y${values[year as number]}`;
      else return null;
      return `${ship}|${period}|${text(values[fuel as number])}`;
    };
  },
  transport_legs: (at) => {
    const [shipment, leg, date, origin, destination, mode] = [
      'shipment_id',
      'leg_id',
      'transport_date',
      'origin',
      'destination',
      'mode',
    ].map(at) as number[];
    return (values) => {
      const id = values[shipment as number];
      if (id == null) return null;
      const legId = values[leg as number];
      if (legId != null) return `${lower(id)}|${lower(legId)}`;
      return `${lower(id)}|${text(values[date as number])}|${lower(values[origin as number])}|${lower(values[destination as number])}|${text(values[mode as number])}`;
    };
  },
  port_operations: (at) => {
    const [locode, name, activity, carrier, from, to] = [
      'hub_locode',
      'hub_name',
      'activity',
      'energy_carrier',
      'period_start',
      'period_end',
    ].map(at) as number[];
    return (values) => {
      const start = values[from as number];
      const end = values[to as number];
      const hub = values[locode as number] ?? values[name as number];
      if ((start == null && end == null) || hub == null) return null;
      return `${lower(hub)}|${text(values[activity as number])}|${text(values[carrier as number])}|${text(start)}..${text(end)}`;
    };
  },
  site_energy: (at) => {
    const [meter, site, source, from, to] = ['meter_id', 'site_name', 'energy_source', 'period_start', 'period_end'].map(at) as number[];
    return (values) => {
      const start = values[from as number];
      const end = values[to as number];
      const where = values[meter as number] ?? values[site as number];
      if ((start == null && end == null) || where == null) return null;
      return `${lower(where)}|${text(values[source as number])}|${text(start)}..${text(end)}`;
    };
  },
  purchased_goods_services: () => () => null,
  supplier_list: (at) => {
    const [registration, vat, name, country] = ['registration_number', 'vat_number', 'supplier_name', 'country'].map(at) as number[];
    return (values) => {
      const id = values[registration as number] ?? values[vat as number];
      const supplier = values[name as number];
      const identity = id != null ? `id:${lower(id).replace(/[\s.-]/g, '')}` : supplier != null ? `name:${lower(supplier)}` : null;
      return identity === null ? null : `${identity}|${text(values[country as number])}`;
    };
  },
};

export const compileDuplicateKey = (
  category: CatalogueCategory,
  mapped: MappedFields,
): ((values: readonly EntryValue[]) => string | null) => {
  const compile = DUPLICATE_KEYS[category];
  return compile ? compile((key) => mapped.get(key)?.index ?? -1) : () => null;
};
