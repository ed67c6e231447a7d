import type { Context } from '../../../context.ts';
import { requireActor } from '../../../lib/authz.ts';
import { EXPORT_PATH_PREFIX, signExportToken } from '../exports/export-token.ts';
import { findFileOfActor } from '../records.ts';
import type { ExportLink } from './export-data-entries.ts';

const baseName = (name: string) =>
  name
    .replace(/\.[^.]*$/, '')
    .replace(/[^\w.-]+/g, '-')
    .slice(0, 80) || 'file';

/** A 5-minute link to download the issues of a file's current validation as CSV; NOT_FOUND for another organization's file. */
export const exportValidationIssues = async (ctx: Context, fileId: string): Promise<ExportLink> => {
  const actor = requireActor(ctx);
  const file = await findFileOfActor(ctx, fileId);
  const { token, expiresAt } = await signExportToken(ctx.secrets.tokenSigningKey, {
    kind: 'issues',
    organizationId: actor.organizationId,
    fileId: file.id,
    format: 'csv',
  });
  return {
    url: new URL(`${EXPORT_PATH_PREFIX}${token}`, ctx.env.APP_URL).toString(),
    fileName: `${baseName(file.originalName)}-issues.csv`,
    expiresAt,
  };
};
