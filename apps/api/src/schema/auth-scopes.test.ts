import type { GraphQLObjectType } from 'graphql';
import { describe, expect, it } from 'vitest';
import { buildSchema } from './index.ts';

/**
 * Deny by default: every root field must say who may call it, with `{ public: true }` as an explicit
 * marker for open fields. A field added without authScopes fails here.
 */
describe('root field authorization', () => {
  const schema = buildSchema();
  const roots = [schema.getQueryType(), schema.getMutationType(), schema.getSubscriptionType()].filter((type): type is GraphQLObjectType =>
    Boolean(type),
  );

  it('finds root fields to check', () => {
    expect(roots.flatMap((type) => Object.keys(type.getFields())).length).toBeGreaterThan(2);
  });

  for (const type of roots) {
    for (const field of Object.values(type.getFields())) {
      it(`${type.name}.${field.name} declares authScopes`, () => {
        const options = (field.extensions as { pothosOptions?: { authScopes?: unknown } }).pothosOptions;
        expect(options?.authScopes, `${type.name}.${field.name} has no authScopes`).toBeTruthy();
      });
    }
  }
});
