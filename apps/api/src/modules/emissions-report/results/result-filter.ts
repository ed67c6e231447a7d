import { sql, type SQL } from 'drizzle-orm';
import { isUuid } from '../../../lib/db.ts';
import { AppError } from '../../../lib/errors.ts';
import type { EmissionMethod, Scope3Value } from '@tidewise/shared/emissions/calculate/types';
import { OWN_KEY } from '../report/labels.ts';
import { monthOf, type Period, parsePeriod } from '../report/period.ts';

/** The drill-down's filter as the operations take it: plain data, also signed into export links. */
export type ResultFilter = {
  periodStart: string;
  periodEnd: string;
  month?: string | null;
  scope3Category?: Scope3Value | null;
  /** A supplier organisation id, or `own`. */
  supplier?: string | null;
  vesselImo?: string | null;
  method?: EmissionMethod | null;
  fileId?: string | null;
};

export type CheckedFilter = { period: Period; where: SQL; nothing: boolean };

const invalid = (field: string, message: string) => new AppError('VALIDATION_FAILED', message, { field });

/**
 * The SQL condition on `emission_results r` a filter names (the run aside), after checking it: the period as the
 * report takes it, a month of that period, `own` or an id for the supplier, and the Scope 3 categories when no
 * category is named. An id that is not a UUID can match
 * nothing, so it gives an empty page (`nothing`), as an unknown one does.
 */
export const checkResultFilter = (filter: ResultFilter, fieldPrefix = 'filter'): CheckedFilter => {
  const period = parsePeriod(filter.periodStart, filter.periodEnd, {
    start: `${fieldPrefix}.periodStart`,
    end: `${fieldPrefix}.periodEnd`,
  });
  const first = period.months[0] as string;
  const last = period.months[period.months.length - 1] as string;
  const conditions: SQL[] = [sql`r.month >= ${first}::date`, sql`r.month <= ${last}::date`];
  let nothing = false;
  if (filter.month) {
    const month = monthOf(filter.month);
    if (!month || month !== filter.month || !period.months.includes(month)) {
      throw invalid(`${fieldPrefix}.month`, 'month must be the first day of a month of the period, written YYYY-MM-DD.');
    }
    conditions.push(sql`r.month = ${month}::date`);
  }
  // Without a category the drill-down is the report's: Scope 3 results only, so its results add up to the figure it
  // was opened from. Scope 1/2 parts and entries assigned nowhere are there when asked for by name.
  if (filter.scope3Category) conditions.push(sql`r.scope3 = ${filter.scope3Category}`);
  else conditions.push(sql`r.scope3 NOT IN ('scope_1_2', 'none')`);
  if (filter.method) conditions.push(sql`r.method = ${filter.method}`);
  if (filter.vesselImo) conditions.push(sql`r.vessel_imo = ${filter.vesselImo}`);
  if (filter.supplier) {
    if (filter.supplier === OWN_KEY) conditions.push(sql`r.supplier_organization_id IS NULL`);
    else if (isUuid(filter.supplier)) conditions.push(sql`r.supplier_organization_id = ${filter.supplier}::uuid`);
    else throw invalid(`${fieldPrefix}.supplier`, 'supplier must be a supplier organisation id or "own".');
  }
  if (filter.fileId) {
    if (isUuid(filter.fileId)) conditions.push(sql`r.file_id = ${filter.fileId}::uuid`);
    else nothing = true;
  }
  return { period, where: sql.join(conditions, sql` AND `), nothing };
};
