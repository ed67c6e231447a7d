import type { Context } from '../../../context.ts';
import { requireActor } from '../../../lib/authz.ts';
import { checkEntryFilter, DEFAULT_ENTRY_ORDER, type EntryFilter, type EntryOrder } from '../entry-query.ts';
import { EXPORT_PATH_PREFIX, type ExportFormat, signExportToken } from '../exports/export-token.ts';
import { checkFilterIds } from './find-data-entries.ts';

export type ExportLink = { url: string; fileName: string; expiresAt: Date };

const stamp = (now: Date) => now.toISOString().slice(0, 16).replace(/[-:]/g, '').replace('T', '-');

/** A 5-minute link to download the entries the filter selects (CSV or XLSX), bound to the caller's organization. */
export const exportDataEntries = async (
  ctx: Context,
  input: { filter: EntryFilter; order: EntryOrder | null; format: ExportFormat },
): Promise<ExportLink> => {
  const actor = requireActor(ctx);
  checkEntryFilter(input.filter);
  await checkFilterIds(ctx, input.filter);
  const { token, expiresAt } = await signExportToken(ctx.secrets.tokenSigningKey, {
    kind: 'entries',
    organizationId: actor.organizationId,
    filter: input.filter,
    order: input.order ?? DEFAULT_ENTRY_ORDER,
    format: input.format,
  });
  return {
    url: new URL(`${EXPORT_PATH_PREFIX}${token}`, ctx.env.APP_URL).toString(),
    fileName: `data-entries-${stamp(new Date())}.${input.format}`,
    expiresAt,
  };
};
