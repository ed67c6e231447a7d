import { sql } from 'drizzle-orm';
import type { Context } from '../../../context.ts';
import { requireActor } from '../../../lib/authz.ts';

export type MrvReferenceStatus = { years: { year: number; ships: number }[] };

/** How many EU MRV reference ships are loaded per reporting year (the same public set for every organisation). */
export const getMrvReferenceStatus = async (ctx: Context): Promise<MrvReferenceStatus> => {
  requireActor(ctx);
  const { rows } = (await ctx.db.execute(
    sql`SELECT reporting_year AS year, count(*)::int AS ships FROM mrv_reference_ships GROUP BY reporting_year ORDER BY reporting_year`,
  )) as unknown as { rows: { year: number; ships: number }[] };
  return { years: rows.map((row) => ({ year: Number(row.year), ships: Number(row.ships) })) };
};
