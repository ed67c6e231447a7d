import type { Context } from '../../../context.ts';
import { requireActor } from '../../../lib/authz.ts';
import { AppError } from '../../../lib/errors.ts';
import { findTaskForActor } from '../records.ts';
import { isCatalogueCategory } from '@tidewise/shared/field-catalogue/index';
import { signTemplateToken, TEMPLATE_PATH_PREFIX, templateFileName } from '../template/template-token.ts';

export type ExportLink = { url: string; fileName: string; expiresAt: Date };

/**
 * calendarTaskTemplate: a 5-minute link to the request's Excel template, prefilled with the rows the customer
 * knows. For the supplier asked and the requesting customer; anyone else gets NOT_FOUND.
 */
export const calendarTaskTemplate = async (ctx: Context, calendarTaskId: string): Promise<ExportLink> => {
  const actor = requireActor(ctx);
  const task = await findTaskForActor(ctx, calendarTaskId);
  const category = task.requiredUploadPurpose;
  if (!category || !isCatalogueCategory(category))
    throw new AppError('CONFLICT', 'This request names no required data, so it has no template. Any file the supplier uploads will do.', {
      field: 'requiredUploadPurpose',
    });
  const { token, expiresAt } = await signTemplateToken(ctx.secrets.tokenSigningKey, {
    organizationId: actor.organizationId,
    calendarTaskId: task.id,
  });
  return {
    url: new URL(`${TEMPLATE_PATH_PREFIX}${token}`, ctx.env.APP_URL).toString(),
    fileName: templateFileName(task.title, category),
    expiresAt,
  };
};
