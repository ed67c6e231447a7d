import type { Context } from '../../../context.ts';
import { requireActor } from '../../../lib/authz.ts';
import { currentEmissionRun } from '../../../lib/emission-runs.ts';
import { AppError, notFound } from '../../../lib/errors.ts';
import { readReferenceRows, readVesselYears, type VesselIndicatorsView, vesselViews } from '../vessels/vessel-views.ts';

const checkYear = (year: number) => {
  if (!Number.isInteger(year) || year < 1990 || year > 2100) {
    throw new AppError('VALIDATION_FAILED', 'year must be a year between 1990 and 2100.', { field: 'year' });
  }
};

/** The ships of the organisation's current run in a year, with their CII, FuelEU, MRV figures and benchmark. */
export const findVesselIndicators = async (ctx: Context, year: number): Promise<VesselIndicatorsView[]> => {
  const actor = requireActor(ctx);
  checkYear(year);
  const run = await currentEmissionRun(ctx.db, actor.organizationId);
  if (!run) return [];
  const rows = await readVesselYears(ctx.db, run.id, year);
  if (rows.length === 0) return [];
  const reference = await readReferenceRows(
    ctx.db,
    rows.map((row) => row.ship_type),
    year,
  );
  return vesselViews(rows, reference);
};

/** One ship of the current run in a year; NOT_FOUND when the run holds no such ship-year (another organisation's ship too). */
export const getVesselIndicators = async (ctx: Context, imo: string, year: number): Promise<VesselIndicatorsView> => {
  const actor = requireActor(ctx);
  checkYear(year);
  const run = await currentEmissionRun(ctx.db, actor.organizationId);
  const rows = run ? await readVesselYears(ctx.db, run.id, year, imo) : [];
  const [row] = rows;
  if (!row) throw notFound('Vessel', `${imo}/${year}`);
  const reference = await readReferenceRows(ctx.db, [row.ship_type], year);
  const [view] = vesselViews([row], reference);
  if (!view) throw notFound('Vessel', `${imo}/${year}`);
  return view;
};
