import type { Context } from '../../../context.ts';
import { requireActor } from '../../../lib/authz.ts';
import { findReadableFile } from '../../../lib/request-access.ts';
import { EXPORT_PATH_PREFIX, signExportToken } from '../exports/export-token.ts';
import type { ExportLink } from './export-data-entries.ts';

const baseName = (name: string) =>
  name
    .replace(/\.[^.]*$/, '')
    .replace(/[^\w.-]+/g, '-')
    .slice(0, 80) || 'file';

/**
 * A 5-minute link to download the issues of a file's current validation as CSV: the organization's own file, or a
 * supplier's answer the caller may read through its own request (decision 0017); NOT_FOUND otherwise.
 */
export const exportValidationIssues = async (ctx: Context, fileId: string): Promise<ExportLink> => {
  const actor = requireActor(ctx);
  const { file } = await findReadableFile(ctx, fileId);
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
