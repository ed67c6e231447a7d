import { emissionRuns, emissionSettings } from '@tidewise/db/schema/emissions';
import type { GwpSet } from '@tidewise/shared/emissions/factors/types';
import { and, desc, eq } from 'drizzle-orm';
import type { Context } from '../../../context.ts';
import { recordAudit } from '../../../lib/audit.ts';
import { requireActor } from '../../../lib/authz.ts';
import { dispatchEmissionRun, type EmissionRunRecord, queueEmissionRun, readEmissionSettings } from '../../../lib/emission-runs.ts';
import type { CONSOLIDATION_APPROACHES } from '../../../schema/emissions.graphql.ts';

export type ConsolidationApproachValue = (typeof CONSOLIDATION_APPROACHES)[number];

export type EmissionSettingsView = {
  organizationId: string;
  gwpSet: GwpSet;
  consolidationApproach: ConsolidationApproachValue;
  currentRunId: string | null;
};

const viewOf = (organizationId: string, settings: Awaited<ReturnType<typeof readEmissionSettings>>): EmissionSettingsView => ({
  organizationId,
  gwpSet: settings.gwpSet as GwpSet,
  consolidationApproach: settings.consolidationApproach as ConsolidationApproachValue,
  currentRunId: settings.currentRunId,
});

/** The caller's organisation's settings; the defaults (AR6, operational control) until it changes them. */
export const getEmissionSettings = async (ctx: Context): Promise<EmissionSettingsView> => {
  const { organizationId } = requireActor(ctx);
  return viewOf(organizationId, await readEmissionSettings(ctx.db, organizationId));
};

/** A run of the organisation by id (the settings' current run), or null. */
export const findRunOfOrganization = async (
  ctx: Context,
  organizationId: string,
  runId: string | null,
): Promise<EmissionRunRecord | null> => {
  if (!runId) return null;
  const [run] = await ctx.db
    .select()
    .from(emissionRuns)
    .where(and(eq(emissionRuns.id, runId), eq(emissionRuns.organizationId, organizationId)))
    .limit(1);
  return run ?? null;
};

/** The organisation's newest run, whatever its status. */
export const latestRunOf = async (ctx: Context, organizationId: string): Promise<EmissionRunRecord | null> => {
  const [run] = await ctx.db
    .select()
    .from(emissionRuns)
    .where(eq(emissionRuns.organizationId, organizationId))
    .orderBy(desc(emissionRuns.createdAt), desc(emissionRuns.id))
    .limit(1);
  return run ?? null;
};

export type UpdateEmissionSettingsInput = { gwpSet?: GwpSet | null; consolidationApproach?: ConsolidationApproachValue | null };

/**
 * Changes the GWP set or the consolidation approach of the organisation's own report. A change queues a run (the
 * figures are recomputed with it) in the same transaction as the audit row; the job is sent once that committed.
 * Nothing changed, nothing queued.
 */
export const updateEmissionSettings = async (ctx: Context, input: UpdateEmissionSettingsInput): Promise<EmissionSettingsView> => {
  const actor = requireActor(ctx);
  const outcome = await ctx.db.transaction(async (tx) => {
    await tx.insert(emissionSettings).values({ organizationId: actor.organizationId }).onConflictDoNothing();
    const [before] = await tx
      .select()
      .from(emissionSettings)
      .where(eq(emissionSettings.organizationId, actor.organizationId))
      .for('update')
      .limit(1);
    if (!before) throw new Error('emission settings missing');
    const changes = {
      gwpSet: input.gwpSet ?? before.gwpSet,
      consolidationApproach: input.consolidationApproach ?? before.consolidationApproach,
    };
    if (changes.gwpSet === before.gwpSet && changes.consolidationApproach === before.consolidationApproach) {
      await recordAudit(tx, ctx, {
        resource: 'emissionSettings',
        resourceId: actor.organizationId,
        description: 'Saved the emission settings unchanged',
        before: { gwpSet: before.gwpSet, consolidationApproach: before.consolidationApproach },
        after: changes,
      });
      return { settings: before, queued: null };
    }
    const [after] = await tx
      .update(emissionSettings)
      .set({ ...changes, updatedAt: new Date() })
      .where(eq(emissionSettings.organizationId, actor.organizationId))
      .returning();
    if (!after) throw new Error('emission settings missing');
    const queued = await queueEmissionRun(tx, actor.organizationId, 'settings_changed', actor.userId);
    await recordAudit(tx, ctx, {
      resource: 'emissionSettings',
      resourceId: actor.organizationId,
      description: `Changed the emission settings (GWP ${after.gwpSet}, ${after.consolidationApproach.replace('_', ' ')}); the figures are recomputed`,
      before: { gwpSet: before.gwpSet, consolidationApproach: before.consolidationApproach },
      after: changes,
      metadata: { runId: queued.run.id },
    });
    return { settings: after, queued };
  });
  if (outcome.queued) await dispatchEmissionRun(ctx, outcome.queued.run, outcome.queued.created);
  return viewOf(actor.organizationId, outcome.settings);
};
