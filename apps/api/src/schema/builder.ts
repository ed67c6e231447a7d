import SchemaBuilder from '@pothos/core';
import ScopeAuthPlugin from '@pothos/plugin-scope-auth';
import ValidationPlugin from '@pothos/plugin-validation';
import type { Context } from '../context.ts';
import { AppError } from '../lib/errors.ts';

export type AuthScopes = {
  /** Anyone, signed in or not. Must be declared explicitly: nothing is public by default. */
  public: boolean;
  /** Any signed-in user. */
  authenticated: boolean;
  /** A signed-in user holding this permission (`resource:action`). */
  permission: string;
};

type BuilderConfig = {
  Context: Context;
  AuthScopes: AuthScopes;
  DefaultFieldNullability: false;
  Scalars: {
    DateTime: { Input: Date; Output: Date | string };
    JSON: { Input: unknown; Output: unknown };
  };
};

export type BuilderTypes = PothosSchemaTypes.ExtendDefaultTypes<BuilderConfig>;

export const builder = new SchemaBuilder<BuilderConfig>({
  defaultFieldNullability: false,
  plugins: [ScopeAuthPlugin, ValidationPlugin],
  scopeAuth: {
    authorizeOnSubscribe: true,
    authScopes: (ctx) => ({
      public: true,
      authenticated: ctx.actor !== null,
      permission: (name) => ctx.actor?.permissions.has(name) ?? false,
    }),
    unauthorizedError: (_parent, ctx) =>
      ctx.actor ? new AppError('FORBIDDEN', 'You do not have permission to do this.') : new AppError('UNAUTHENTICATED', 'Unauthenticated'),
  },
  validation: {
    validationError: (failure) => {
      const [first] = failure.issues;
      const field = first?.path?.map((p) => (typeof p === 'object' ? String(p.key) : String(p))).join('.') || undefined;
      return new AppError('VALIDATION_FAILED', first ? first.message : 'Invalid input', {
        field,
        details: {
          issues: failure.issues.map((issue) => ({
            message: issue.message,
            path: issue.path?.map((p) => (typeof p === 'object' ? String(p.key) : String(p))) ?? [],
          })),
        },
      });
    },
  },
});

builder.queryType({});
builder.mutationType({});
builder.subscriptionType({});
