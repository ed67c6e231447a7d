import { emissionFactors } from '@tidewise/db/schema/emissions';
import { organizationRelationships } from '@tidewise/db/schema/organizations';
import { and, eq, sql } from 'drizzle-orm';
import type { Context } from '../../../context.ts';
import { recordAudit } from '../../../lib/audit.ts';
import { refuse, requireActor } from '../../../lib/authz.ts';
import { isUniqueViolation, isUuid } from '../../../lib/db.ts';
import { dispatchEmissionRun, queueEmissionRun } from '../../../lib/emission-runs.ts';
import { AppError } from '../../../lib/errors.ts';
import { type EmissionFactorView, organizationFactorView } from '../../../schema/emissions.graphql.ts';
import { checkFactorInput, type FactorInput, factorKeyOf } from '../factor-input.ts';

const supplierNotFound = (id: string) =>
  new AppError('NOT_FOUND', 'Supplier not found', { field: 'supplierOrganizationId', details: { id } });

/**
 * Adds a factor of the organisation's own, or one for one of its active suppliers, with its source and evidence.
 * A factor is never edited: `replacesKey` adds the next version of one of the organisation's keys, and runs keep
 * naming the version they used. The same factor given again without `replacesKey` is refused (CONFLICT), so two
 * keys never mean the same thing. Queues a run in the same transaction as the audit row.
 */
export const createEmissionFactor = async (ctx: Context, input: FactorInput): Promise<EmissionFactorView> => {
  const actor = requireActor(ctx);
  const outcome = checkFactorInput(input);
  if ('refusal' in outcome) return refuse(outcome.refusal);
  const { checked } = outcome;
  const supplierOrganizationId = input.supplierOrganizationId?.trim() || null;
  const replacesKey = input.replacesKey?.trim() || null;

  try {
    const created = await ctx.db.transaction(async (tx) => {
      if (supplierOrganizationId) {
        if (!isUuid(supplierOrganizationId)) throw supplierNotFound(supplierOrganizationId);
        const [relationship] = await tx
          .select({ id: organizationRelationships.id })
          .from(organizationRelationships)
          .where(
            and(
              eq(organizationRelationships.customerOrganizationId, actor.organizationId),
              eq(organizationRelationships.supplierOrganizationId, supplierOrganizationId),
              eq(organizationRelationships.status, 'active'),
            ),
          )
          .limit(1);
        if (!relationship) throw supplierNotFound(supplierOrganizationId);
      }
      const key = factorKeyOf(checked, supplierOrganizationId?.toLowerCase() ?? null);
      // Serialises versions of one key: the next number is read and written under this lock.
      await tx.execute(sql`SELECT pg_advisory_xact_lock(hashtext(${`emission-factor:${actor.organizationId}:${key}`}))`);
      const [latest] = (
        (await tx.execute(
          sql`SELECT coalesce(max(version), 0)::int AS version FROM emission_factors
              WHERE organization_id = ${actor.organizationId}::uuid AND key = ${replacesKey ?? key}`,
        )) as unknown as { rows: { version: number }[] }
      ).rows;
      const latestVersion = latest?.version ?? 0;
      if (replacesKey) {
        if (latestVersion === 0)
          throw new AppError('NOT_FOUND', `No factor of yours has the key ${replacesKey}.`, {
            field: 'replacesKey',
            details: { id: replacesKey },
          });
        if (replacesKey !== key)
          refuse({
            code: 'VALIDATION_FAILED',
            field: 'replacesKey',
            message: `A new version of ${replacesKey} must keep its kind, fuel or activity, consumer and supplier (this input makes ${key}).`,
          });
      } else if (latestVersion > 0) {
        refuse({
          code: 'CONFLICT',
          field: 'replacesKey',
          message: `You already have the factor ${key}: add this one as its next version (replacesKey), so results keep naming the version they used.`,
        });
      }
      const [row] = await tx
        .insert(emissionFactors)
        .values({
          organizationId: actor.organizationId,
          key,
          version: latestVersion + 1,
          kind: checked.kind,
          fuel: checked.fuel,
          consumer: checked.consumer,
          activity: checked.activity,
          value: checked.value,
          unit: checked.unit,
          document: checked.document,
          section: checked.section,
          edition: checked.edition,
          evidence: checked.evidence,
          supplierOrganizationId: supplierOrganizationId?.toLowerCase() ?? null,
          validFrom: checked.validFrom,
          validTo: checked.validTo,
          createdByUserId: actor.userId,
        })
        .returning();
      if (!row) throw new Error('emission factor not inserted');
      const queued = await queueEmissionRun(tx, actor.organizationId, 'factor_added', actor.userId);
      await recordAudit(tx, ctx, {
        resource: 'emissionFactor',
        resourceId: `${row.key}@${row.version}`,
        description:
          row.version > 1 ? `Added version ${row.version} of the emission factor ${row.key}` : `Added the emission factor ${row.key}`,
        before: null,
        after: {
          key: row.key,
          version: row.version,
          kind: row.kind,
          fuel: row.fuel,
          consumer: row.consumer,
          activity: row.activity,
          value: row.value,
          unit: row.unit,
          document: row.document,
          section: row.section,
          edition: row.edition,
          evidence: row.evidence,
          supplierOrganizationId: row.supplierOrganizationId,
          validFrom: row.validFrom,
          validTo: row.validTo,
        },
        metadata: { runId: queued.run.id },
      });
      return { row, queued };
    });
    await dispatchEmissionRun(ctx, created.queued.run, created.queued.created);
    return organizationFactorView(created.row);
  } catch (error) {
    if (isUniqueViolation(error)) throw new AppError('CONFLICT', 'Another version of this factor was added at the same moment. Try again.');
    throw error;
  }
};
