import type { Executor } from '@tidewise/db/client';
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

type RequestRow = { supplier_organization_id: string; name: string; status: string; deadline: Date | string };

/** The day after an ISO date, as the exclusive end of a UTC day range. */
const dayAfter = (iso: string) => new Date(Date.parse(`${iso}T00:00:00Z`) + 86_400_000).toISOString();

/**
 * Which suppliers the organisation asked for data in the period, and whether they answered: its data requests (not
 * their subtasks) whose deadline (the request's own, else its calendar's) falls within the period's days (UTC), not
 * cancelled. A supplier with an accepted request is `answered`; otherwise `pending` while one of its deadlines is
 * still ahead, and `estimated` once they have all passed (its figures are then estimates or missing).
 */
export const readCoverage = async (executor: Executor, organizationId: string, period: Period, at: Date): Promise<Coverage> => {
  const { rows } = (await executor.execute(sql`
    SELECT ct.supplier_organization_id::text AS supplier_organization_id, o.name, ct.status,
           COALESCE(ct.end_date, c.deadline) AS deadline
    FROM calendar_tasks ct
    JOIN calendars c ON c.id = ct.calendar_id
    JOIN organizations o ON o.id = ct.supplier_organization_id
    WHERE ct.organization_id = ${organizationId}::uuid
      AND ct.task_type = 'data_request'
      AND ct.status <> 'cancelled'
      AND COALESCE(ct.end_date, c.deadline) >= ${`${period.start}T00:00:00Z`}::timestamptz
      AND COALESCE(ct.end_date, c.deadline) < ${dayAfter(period.end)}::timestamptz`)) as unknown as { rows: RequestRow[] };

  const bySupplier = new Map<string, { name: string; accepted: boolean; open: boolean }>();
  for (const row of rows) {
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
