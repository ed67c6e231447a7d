import type { CatalogueCategory, CategoryFields } from '../field-catalogue/types.ts';
import { numberText } from './cells.ts';
import { isoToDays } from './dates.ts';
import { type IssueCode, planIssue } from './issues.ts';
import { type FieldRef, type RowScratch, reportRow } from './row-scratch.ts';
import type { EntryValue, Issue } from './types.ts';

/** A check across the fields of one row; runs after every field is read, on valid values only. */
export type RowRule = (values: readonly EntryValue[], row: RowScratch) => void;

/** The plan's fields by key. */
export type MappedFields = ReadonlyMap<string, FieldRef>;

type RuleContext = {
  category: CatalogueCategory;
  definitions: CategoryFields;
  field: (key: string) => FieldRef | undefined;
  /** Plan-level issues, for groups and companions nobody mapped. */
  issues: Issue[];
};
type RuleBuilder = (context: RuleContext) => RowRule | null;

const isLeap = (year: number): boolean => year % 4 === 0 && (year % 100 !== 0 || year % 400 === 0);
const yearOf = (iso: string): number =>
  (iso.charCodeAt(0) - 48) * 1000 + (iso.charCodeAt(1) - 48) * 100 + (iso.charCodeAt(2) - 48) * 10 + iso.charCodeAt(3) - 48;
const labels = (refs: readonly { label: string }[]): string =>
  refs.length <= 1
    ? (refs[0]?.label ?? '')
    : `${refs
        .slice(0, -1)
        .map((r) => r.label)
        .join(', ')} or ${refs[refs.length - 1]?.label}`;

const endBeforeStart: RuleBuilder = ({ field }) => {
  const start = field('period_start');
  const end = field('period_end');
  if (!start || !end) return null;
  return (values, row) => {
    const from = values[start.index];
    const to = values[end.index];
    if (typeof from === 'string' && typeof to === 'string' && to < from) {
      reportRow(row, end, 'END_BEFORE_START', `${to} is before the period start ${from}.`, to);
    }
  };
};

const ladenAboveTotal: RuleBuilder = ({ field }) => {
  const laden = field('laden_distance');
  const distance = field('distance');
  if (!laden || !distance) return null;
  return (values, row) => {
    const part = values[laden.index];
    const total = values[distance.index];
    if (typeof part === 'number' && typeof total === 'number' && part > total * (1 + 1e-9)) {
      reportRow(
        row,
        laden,
        'LADEN_ABOVE_TOTAL',
        `${numberText(part)} nm laden is more than the total distance of ${numberText(total)} nm.`,
        numberText(part),
      );
    }
  };
};

/** A voyage across new year belongs to both years: only a period that misses the year entirely is flagged. */
const periodOutsideYear: RuleBuilder = ({ field }) => {
  const year = field('reporting_year');
  const start = field('period_start');
  const end = field('period_end');
  if (!year || (!start && !end)) return null;
  return (values, row) => {
    const reportingYear = values[year.index];
    const from = start ? values[start.index] : null;
    const to = end ? values[end.index] : null;
    if (typeof reportingYear !== 'number' || (typeof from !== 'string' && typeof to !== 'string')) return;
    const first = typeof from === 'string' ? from : (to as string);
    const last = typeof to === 'string' ? to : (from as string);
    if (yearOf(last) < reportingYear || yearOf(first) > reportingYear) {
      const period = first === last ? first : `${first} to ${last}`;
      reportRow(
        row,
        year,
        'PERIOD_OUTSIDE_YEAR',
        `the period ${period} lies outside the reporting year ${reportingYear}.`,
        String(reportingYear),
      );
    }
  };
};

/** Hours at sea cannot exceed the hours of the period (both days counted), or of the reporting year. */
const hoursAbovePeriod: RuleBuilder = ({ field }) => {
  const atSea = field('hours_at_sea');
  const start = field('period_start');
  const end = field('period_end');
  const year = field('reporting_year');
  if (!atSea || !((start && end) || year)) return null;
  return (values, row) => {
    const spent = values[atSea.index];
    if (typeof spent !== 'number') return;
    const from = start ? values[start.index] : null;
    const to = end ? values[end.index] : null;
    let available: number;
    let span: string;
    if (typeof from === 'string' && typeof to === 'string') {
      if (to < from) return;
      available = (isoToDays(to) - isoToDays(from) + 1) * 24;
      span = `from ${from} to ${to}`;
    } else {
      const reportingYear = year ? values[year.index] : null;
      if (typeof reportingYear !== 'number') return;
      available = isLeap(reportingYear) ? 8784 : 8760;
      span = `in ${reportingYear}`;
    }
    if (spent > available) {
      reportRow(
        row,
        atSea,
        'HOURS_ABOVE_PERIOD',
        `${numberText(spent)} h at sea is more than the ${available} h ${span}.`,
        numberText(spent),
      );
    }
  };
};

const sameOriginDestination: RuleBuilder = ({ field }) => {
  const origin = field('origin');
  const destination = field('destination');
  if (!origin || !destination) return null;
  return (values, row) => {
    const from = values[origin.index];
    const to = values[destination.index];
    if (typeof from === 'string' && typeof to === 'string' && from.toLowerCase() === to.toLowerCase()) {
      reportRow(row, destination, 'SAME_ORIGIN_DESTINATION', `the destination is the same as the origin (${from}).`, to);
    }
  };
};

const imoWithoutShorePower: RuleBuilder = ({ field }) => {
  const imo = field('vessel_imo');
  const shorePower = field('is_shore_power');
  if (!imo || !shorePower) return null;
  return (values, row) => {
    const ship = values[imo.index];
    if (typeof ship === 'string' && values[shorePower.index] === false) {
      reportRow(
        row,
        imo,
        'IMO_WITHOUT_SHORE_POWER',
        `a ship is named but ${shorePower.label} says no; only shore power is delivered to ships.`,
        ship,
      );
    }
  };
};

/** A value that means little without its companion: a quantity without its unit, a spend without its currency. */
const companion =
  (key: string, companionKey: string, code: IssueCode, what: string): RuleBuilder =>
  ({ definitions, field, issues }) => {
    const main = field(key);
    const companionDefinition = definitions.find((d) => d.key === companionKey);
    if (!main || !companionDefinition) return null;
    const other = field(companionKey);
    if (!other) {
      issues.push(
        planIssue(
          'COMPANION_NOT_MAPPED',
          companionKey,
          `${main.label} is mapped but ${companionDefinition.label} is not: ${what} cannot be read without it.`,
        ),
      );
      return null;
    }
    const missing = `has no ${companionDefinition.label.toLowerCase()}.`;
    return (values, row) => {
      const value = values[main.index];
      if (value !== null && values[other.index] === null && row.states[other.index] !== 2) {
        reportRow(row, other, code, `${what} ${typeof value === 'number' ? numberText(value) : String(value)} ${missing}`, null);
      }
    };
  };

/** Fields of which at least one must have a value: a row needs a quantity (error), and should have a period (warning). */
const oneOf =
  (
    keysByCategory: Partial<Record<CatalogueCategory, readonly string[]>>,
    missing: 'QUANTITY_MISSING' | 'PERIOD_MISSING',
    notMapped: 'QUANTITY_NOT_MAPPED' | 'PERIOD_NOT_MAPPED',
  ): RuleBuilder =>
  ({ category, definitions, field, issues }) => {
    const keys = keysByCategory[category];
    if (!keys) return null;
    const isQuantity = missing === 'QUANTITY_MISSING';
    const members = keys.map(field).filter((ref): ref is FieldRef => ref !== undefined);
    if (members.length === 0) {
      const names = labels(keys.map((key) => ({ label: definitions.find((d) => d.key === key)?.label ?? key })));
      const why = isQuantity ? 'a row needs one of them' : 'entries will have no date and duplicates cannot be found';
      issues.push(planIssue(notMapped, null, `No column is mapped to ${names}: ${why}.`));
      return null;
    }
    const first = members[0] as FieldRef;
    const detail =
      members.length === 1
        ? `no value; ${isQuantity ? 'it is needed' : 'the entry has no date'}.`
        : `none of ${labels(members)} has a value${isQuantity ? '; one of them is needed.' : ', so the entry has no date.'}`;
    return (values, row) => {
      for (const member of members) if (values[member.index] !== null || row.states[member.index] === 2) return;
      reportRow(row, first, missing, detail, null);
    };
  };

const BUILDERS: readonly RuleBuilder[] = [
  endBeforeStart,
  ladenAboveTotal,
  periodOutsideYear,
  hoursAbovePeriod,
  sameOriginDestination,
  imoWithoutShorePower,
  companion('quantity', 'unit', 'QUANTITY_WITHOUT_UNIT', 'the quantity'),
  companion('spend', 'currency', 'SPEND_WITHOUT_CURRENCY', 'the spend'),
  oneOf(
    { port_operations: ['energy_consumption', 'fuel_consumption'], purchased_goods_services: ['spend', 'quantity'] },
    'QUANTITY_MISSING',
    'QUANTITY_NOT_MAPPED',
  ),
  oneOf(
    {
      vessel_fuel_consumption: ['period_start', 'period_end', 'reporting_year'],
      port_operations: ['period_start', 'period_end'],
      site_energy: ['period_start', 'period_end'],
    },
    'PERIOD_MISSING',
    'PERIOD_NOT_MAPPED',
  ),
];

/**
 * The cross-field rules that apply to the mapped fields of a category (a rule whose fields are not all mapped
 * is left out), and plan-level issues for groups and companions nobody mapped.
 */
export const compileRowRules = (
  category: CatalogueCategory,
  definitions: CategoryFields,
  mapped: MappedFields,
  issues: Issue[],
): RowRule[] => {
  const context: RuleContext = { category, definitions, field: (key) => mapped.get(key), issues };
  return BUILDERS.map((build) => build(context)).filter((rule): rule is RowRule => rule !== null);
};
