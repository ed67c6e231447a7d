import { randomUUID } from 'node:crypto';
import { emissionRuns } from '@tidewise/db/schema/emissions';
import { organizations } from '@tidewise/db/schema/organizations';
import { pactFootprints } from '@tidewise/db/schema/pact';
import { and, asc, eq, sql } from 'drizzle-orm';
import type { Context } from '../../../../context.ts';
import { recordAudit } from '../../../../lib/audit.ts';
import { requireActor } from '../../../../lib/authz.ts';
import { readEmissionSettings } from '../../../../lib/emission-runs.ts';
import { AppError } from '../../../../lib/errors.ts';
import {
  buildTransportFootprint,
  deprecatedVersionOf,
  figuresSignatureOf,
  PACT_GWP_SETS,
  type PactGwpSet,
  productKeyOf,
} from '../footprint-document.ts';
import { readOwnTransportFigures } from '../transport-figures.ts';
import type { PactFootprintRecord } from './find-pact-footprints.ts';

export const MIN_PUBLISH_YEAR = 2000;
export const MAX_PUBLISH_YEAR = 2100;

export type PublishResult = { published: PactFootprintRecord[]; unchanged: number; message: string | null };

/**
 * Publishes the organisation's own sea transport of a calendar year as PACT footprints, one per ship type, from the
 * run its report reads. A ship type whose figures did not change keeps its Active footprint (counted as unchanged);
 * one whose figures changed gets a new footprint (new id, next version, every earlier id as precedingPfIds) and its
 * Active one a Deprecated version. With nothing to publish it says why and writes nothing. One transaction, serialised
 * per organisation, reading pre-summed rows only (ship years and report cells of one run and year).
 */
export const publishPactFootprints = async (ctx: Context, input: { year: number }): Promise<PublishResult> => {
  const actor = requireActor(ctx);
  const { year } = input;
  if (!Number.isInteger(year) || year < MIN_PUBLISH_YEAR || year > MAX_PUBLISH_YEAR)
    throw new AppError('VALIDATION_FAILED', `The year must be a calendar year from ${MIN_PUBLISH_YEAR} to ${MAX_PUBLISH_YEAR}.`, {
      field: 'year',
    });
  return ctx.db.transaction(async (tx) => {
    const nothing = async (message: string): Promise<PublishResult> => {
      await recordAudit(tx, ctx, {
        resource: 'pactFootprint',
        resourceId: String(year),
        description: `Published no PACT footprint of ${year}. ${message}`,
        before: null,
        after: { year, published: [], unchanged: 0 },
      });
      return { published: [], unchanged: 0, message };
    };
    await tx.execute(sql`SELECT pg_advisory_xact_lock(hashtext(${`pact-publish:${actor.organizationId}`}))`);
    const { currentRunId } = await readEmissionSettings(tx, actor.organizationId);
    const [run] = currentRunId
      ? await tx
          .select()
          .from(emissionRuns)
          .where(and(eq(emissionRuns.id, currentRunId), eq(emissionRuns.organizationId, actor.organizationId)))
          .limit(1)
      : [];
    if (run?.status !== 'completed')
      return nothing('Nothing was published: no emission run has completed yet. Upload and validate fuel data, then publish again.');
    if (!(PACT_GWP_SETS as readonly string[]).includes(run.gwpSet))
      return nothing(
        `Nothing was published: the figures were computed with IPCC ${run.gwpSet} GWP values, and PACT footprints accept only ` +
          'AR5 or AR6 characterization factors. Change the GWP set in the emission settings, let the figures be recomputed, and publish again.',
      );
    const gwpSet = run.gwpSet as PactGwpSet;
    const { shipTypes, shipsWithoutWork } = await readOwnTransportFigures(tx, run.id, year);
    if (shipTypes.length === 0)
      return nothing(
        `Nothing was published: none of your own ships has both transport work (cargo and distance) and computed emissions in ${year} ` +
          `in the current figures${shipsWithoutWork > 0 ? ` (${shipsWithoutWork} ship${shipsWithoutWork === 1 ? ' has' : 's have'} no transport work)` : ''}.`,
      );
    const [organization] = await tx
      .select({ id: organizations.id, name: organizations.name })
      .from(organizations)
      .where(eq(organizations.id, actor.organizationId))
      .limit(1);
    if (!organization) throw new Error('organisation of the actor missing');

    const at = new Date();
    const published: PactFootprintRecord[] = [];
    let unchanged = 0;
    for (const figures of shipTypes) {
      const productKey = productKeyOf(year, figures.key);
      const earlier = await tx
        .select()
        .from(pactFootprints)
        .where(and(eq(pactFootprints.organizationId, actor.organizationId), eq(pactFootprints.productKey, productKey)))
        .orderBy(asc(pactFootprints.version));
      const active = earlier.find((row) => row.status === 'Active') ?? null;
      const id = randomUUID();
      const document = buildTransportFootprint({
        id,
        version: (earlier.at(-1)?.version ?? 0) + 1,
        created: at,
        precedingPfIds: earlier.map((row) => row.id),
        organization,
        year,
        gwpSet,
        runId: run.id,
        figures,
      });
      if (active && figuresSignatureOf(active.document) === figuresSignatureOf(document)) {
        unchanged += 1;
        continue;
      }
      if (active)
        await tx
          .update(pactFootprints)
          .set({ status: 'Deprecated', updated: at, document: deprecatedVersionOf(active.document, at, id) })
          .where(eq(pactFootprints.id, active.id));
      const [row] = await tx
        .insert(pactFootprints)
        .values({
          id,
          organizationId: actor.organizationId,
          productKey,
          version: Number(document.version),
          status: 'Active',
          runId: run.id,
          document,
          created: at,
          referencePeriodStart: new Date(Date.UTC(year, 0, 1)),
          referencePeriodEnd: new Date(Date.UTC(year + 1, 0, 1)),
          publishedByUserId: actor.userId,
        })
        .returning();
      if (!row) throw new Error('PACT footprint not inserted');
      published.push(row);
    }
    await recordAudit(tx, ctx, {
      resource: 'pactFootprint',
      resourceId: String(year),
      description:
        published.length > 0
          ? `Published ${published.length} PACT footprint${published.length === 1 ? '' : 's'} of ${year} (${published.map((r) => r.productKey).join(', ')}); ${unchanged} unchanged`
          : `Published the PACT footprints of ${year} again: all ${unchanged} unchanged`,
      before: null,
      after: {
        year,
        runId: run.id,
        published: published.map((r) => ({ id: r.id, productKey: r.productKey, version: r.version })),
        unchanged,
      },
    });
    return { published, unchanged, message: null };
  });
};
