import { defaultFieldResolver, GraphQLError, type GraphQLSchema } from 'graphql';
import type { Context } from '../context.ts';
import { auditScope, recordAudit } from '../lib/audit.ts';
import { AppError } from '../lib/errors.ts';

const errorCode = (error: unknown): string => {
  if (error instanceof AppError) return error.code;
  if (error instanceof GraphQLError && typeof error.extensions?.code === 'string') return error.extensions.code;
  return 'INTERNAL_SERVER_ERROR';
};

/**
 * Every mutation leaves an audit row. Operations record their own row, with the before/after diff,
 * inside their transaction; a mutation that is refused (not signed in, not allowed, invalid input,
 * a broken rule or an unexpected error) gets a row here after its transaction rolled back, and one
 * that succeeded without recording gets a plain success row.
 */
export const withMutationAudit = (schema: GraphQLSchema) => {
  const mutation = schema.getMutationType();
  if (!mutation) return schema;
  for (const field of Object.values(mutation.getFields())) {
    const resolve = field.resolve ?? defaultFieldResolver;
    field.resolve = (root, args, ctx: Context, info) => {
      const scope = { action: field.name, recorded: false };
      return auditScope.run(scope, async () => {
        try {
          const result = await resolve(root, args, ctx, info);
          if (!scope.recorded) await recordAudit(ctx.db, ctx, { resource: field.name, description: `${field.name} succeeded` });
          return result;
        } catch (error) {
          const code = errorCode(error);
          const expected = code !== 'INTERNAL_SERVER_ERROR';
          try {
            await recordAudit(ctx.db, ctx, {
              resource: field.name,
              status: code === 'UNAUTHENTICATED' || code === 'FORBIDDEN' ? 'denied' : 'failure',
              description: `${field.name} refused: ${expected ? (error as Error).message : 'unexpected error'}`,
              metadata: { errorCode: code },
            });
          } catch (auditError) {
            ctx.logger.error({ err: auditError }, 'could not record a refused mutation in the audit trail');
          }
          throw error;
        }
      });
    };
  }
  return schema;
};
