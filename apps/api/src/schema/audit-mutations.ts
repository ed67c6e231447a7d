import { defaultFieldResolver, type GraphQLSchema } from 'graphql';
import type { Context } from '../context.ts';
import { runAudited } from '../lib/audit.ts';

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
    field.resolve = (root, args, ctx: Context, info) => runAudited(ctx, field.name, async () => resolve(root, args, ctx, info));
  }
  return schema;
};
