import type { FileCategory } from '@tidewise/shared/uploads';
import type { EmissionRunRow } from '../../../schema/emissions.graphql.ts';
import type { GwpSet } from '@tidewise/shared/emissions/factors/types';
import type { Breakdown, MonthFigures, Totals } from './aggregate.ts';
import type { Coverage } from './coverage.ts';

/** The report as the operation answers it (contract EmissionReport). */

export type Hotspot = {
  dimension: 'supplier' | 'vessel' | 'route';
  key: string;
  label: string;
  co2eWtwKg: number;
  share: number;
  cumulativeShare: number;
};

export type Projection = { projectedCo2eWtwKg: number; monthsReported: number; method: string };

export type SupplierQuality = {
  supplierOrganizationId: string;
  label: string;
  dataQualityRating: number;
  technologicalDqr: number;
  temporalDqr: number;
  geographicalDqr: number;
  primaryDataShare: number;
};

export type SupplierBenchmark = {
  supplierOrganizationId: string;
  label: string;
  category: FileCategory;
  intensity: number;
  intensityUnit: string;
  percentile: number | null;
  peers: number;
};

export type EmissionReportView = {
  periodStart: string;
  periodEnd: string;
  run: EmissionRunRow | null;
  gwpSet: GwpSet;
  /** Scope 3 only. */
  totals: Totals;
  /** Scope 1/2 found in the same entries, shown apart. */
  scope12: Totals;
  previousPeriod: Totals | null;
  yearOnYearChange: number | null;
  primaryDataShare: number;
  byCategory: Breakdown[];
  bySupplier: Breakdown[];
  byVessel: Breakdown[];
  byMethod: Breakdown[];
  byDataQuality: Breakdown[];
  byMonth: MonthFigures[];
  coverage: Coverage;
  hotspots: Hotspot[];
  projection: Projection | null;
  supplierQuality: SupplierQuality[];
  supplierBenchmarks: SupplierBenchmark[];
};
