import { type ListConfig, param } from '../../lib/list-params.ts';
import { FilterChip } from '../../ui/filter-chip.tsx';
import { METHOD_LABELS, METHODS, monthLabel, SCOPE3_CATEGORIES, SCOPE3_LABELS } from './emission-format.ts';
import type { EmissionMethod, EmissionResult, Scope3Category } from './graphql.ts';

export type ResultFilterKey = 'category' | 'supplier' | 'vessel' | 'month' | 'method';

/** A supplier organisation id, or `own` for the organisation's own data. */
const supplierParam = (raw: string) => (raw === 'own' ? 'own' : param.id(raw));
/** The first day of a month. */
const monthParam = (raw: string) => (/^\d{4}-(0[1-9]|1[0-2])-01$/.test(raw) ? raw : null);

/** The drill-down's filters as the address holds them (`year` is the report's, read apart). No sorting: the API keeps its order. */
export const RESULT_LIST: ListConfig<ResultFilterKey, never> = {
  sortFields: {},
  pageSize: 25,
  filters: {
    category: param.oneOf(SCOPE3_CATEGORIES),
    supplier: supplierParam,
    // The vessel's IMO number as the results carry it; the API decides what matches.
    vessel: param.text(40),
    month: monthParam,
    method: param.oneOf(METHODS),
  },
};

/** A filter's value in words: names from the rows shown when one carries it, else what the address says. */
export const filterValueLabel = (key: ResultFilterKey, value: string, rows: readonly EmissionResult[]) => {
  switch (key) {
    case 'category':
      return SCOPE3_LABELS[value as Scope3Category] ?? value;
    case 'method':
      return METHOD_LABELS[value as EmissionMethod] ?? value;
    case 'month':
      return monthLabel(value);
    case 'supplier':
      if (value === 'own') return 'Your own data';
      return rows.find((r) => r.supplierOrganizationId === value)?.supplierName ?? 'The supplier chosen';
    case 'vessel': {
      const name = rows.find((r) => r.vesselImo === value)?.vesselName;
      return name ? `${name} (IMO ${value})` : `IMO ${value}`;
    }
  }
};

const FILTER_NAMES: Record<ResultFilterKey, string> = {
  category: 'Category',
  supplier: 'Supplier',
  vessel: 'Vessel',
  month: 'Month',
  method: 'Method',
};

/** The filters in use, as chips, each with a button that drops it. */
export const ResultFilterChips = ({
  filters,
  rows,
  onClear,
}: {
  filters: Partial<Record<ResultFilterKey, string>>;
  rows: readonly EmissionResult[];
  onClear: (key: ResultFilterKey) => void;
}) => {
  const active = (Object.keys(FILTER_NAMES) as ResultFilterKey[]).filter((key) => filters[key]);
  if (active.length === 0)
    return <p className="text-sm text-muted-foreground">Every result of the year. Pick a filter, or open a figure of the report.</p>;
  return (
    <ul className="flex min-w-0 flex-wrap items-center gap-x-4 gap-y-2" aria-label="Filters in use">
      {active.map((key) => (
        <FilterChip
          key={key}
          kind={FILTER_NAMES[key]}
          name={filterValueLabel(key, filters[key] ?? '', rows)}
          onClear={() => onClear(key)}
        />
      ))}
    </ul>
  );
};
