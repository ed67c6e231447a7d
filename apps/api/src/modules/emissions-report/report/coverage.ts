import type { Executor } from '@tidewise/db/client';
import { reportingPeriodRange, reportingPeriodSchema } from '@tidewise/shared/requests/inputs';
import { sql } from 'drizzle-orm';
import type { Period } from './period.ts';

export type CoverageStatus = 'answered' | 'pending' | 'estimated';

export type SupplierCoverage = { supplierOrganizationId: string; supplierName: string; status: CoverageStatus };

export type Coverage = {
  requested: number;
  answered: number;
  pending: number;
  estimated: number;
  suppliers: SupplierCoverage[];
};

type RequestRow = { supplier_organization_id: string; name: string; status: string; deadline: Date | string; period: string | null };

/** The first and last day of the data a request asks for: its reporting period, or null when it names none readable. */
const requestedDays = (period: string | null): { from: string; to: string } | null => {
  const parsed = reportingPeriodSchema.safeParse(period ?? '');
  return parsed.success ? reportingPeriodRange(parsed.data) : null;
};

/** The request concerns the report's period: its reporting period overlaps it, or, without one, its deadline falls in it. */
const concerns = (row: RequestRow, period: Period): boolean => {
  const days = requestedDays(row.period);
  if (days) return days.from <= period.end && days.to >= period.start;
  const deadlineDay = new Date(row.deadline).toISOString().slice(0, 10);
  return deadlineDay >= period.start && deadlineDay <= period.end;
};

/**
 * Which suppliers the organisation asked for data of the period, and whether they answered: its data requests (not
 * their subtasks, not cancelled) whose reporting period overlaps the report's period — a request for 2025 data is
 * usually due in 2026 — or, for a request without a reporting period, whose deadline (the request's own, else its
 * calendar's) falls within the period's days (UTC). A supplier with an accepted request is `answered`; otherwise
 * `pending` while one of its deadlines is still ahead, and `estimated` once they have all passed (its figures are then
 * estimates or missing).
 */
export const readCoverage = async (executor: Executor, organizationId: string, period: Period, at: Date): Promise<Coverage> => {
  const { rows } = (await executor.execute(sql`
    SELECT ct.supplier_organization_id::text AS supplier_organization_id, o.name, ct.status,
           COALESCE(ct.end_date, c.deadline) AS deadline, ct.required_upload_secondary_purpose AS period
    FROM calendar_tasks ct
    JOIN calendars c ON c.id = ct.calendar_id
    JOIN organizations o ON o.id = ct.supplier_organization_id
    WHERE ct.organization_id = ${organizationId}::uuid
      AND ct.task_type = 'data_request'
      AND ct.status <> 'cancelled'`)) as unknown as { rows: RequestRow[] };

  const bySupplier = new Map<string, { name: string; accepted: boolean; open: boolean }>();
  for (const row of rows) {
    if (!concerns(row, period)) continue;
    const supplier = bySupplier.get(row.supplier_organization_id) ?? { name: row.name, accepted: false, open: false };
    if (row.status === 'accepted') supplier.accepted = true;
    else if (new Date(row.deadline).getTime() > at.getTime()) supplier.open = true;
    bySupplier.set(row.supplier_organization_id, supplier);
  }
  const suppliers = [...bySupplier.entries()]
    .map(
      ([supplierOrganizationId, s]): SupplierCoverage => ({
        supplierOrganizationId,
        supplierName: s.name,
        status: s.accepted ? 'answered' : s.open ? 'pending' : 'estimated',
      }),
    )
    .sort((a, b) => a.supplierName.localeCompare(b.supplierName) || a.supplierOrganizationId.localeCompare(b.supplierOrganizationId));
  const count = (status: CoverageStatus) => suppliers.filter((s) => s.status === status).length;
  return { requested: suppliers.length, answered: count('answered'), pending: count('pending'), estimated: count('estimated'), suppliers };
};
