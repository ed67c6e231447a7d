import { builder } from '../../schema/builder.ts';
import { asMfaMethod, MfaMethodRef } from '../../schema/identity.graphql.ts';
import { getAuthenticationUser } from './operations/get-authentication-user.ts';
import { unlockAuthenticationUser } from './operations/unlock-authentication-user.ts';
import type { UserRow } from '../../lib/identity/users.ts';

export const AuthenticationUserRef = builder.objectRef<UserRow>('AuthenticationUser').implement({
  description: 'Sign-in facts of an account.',
  fields: (t) => ({
    id: t.exposeID('id'),
    email: t.exposeString('email'),
    mfaEnabled: t.exposeBoolean('mfaEnabled'),
    mfaMethod: t.field({ type: MfaMethodRef, nullable: true, resolve: (user) => asMfaMethod(user.mfaMethod) }),
    role: t.exposeString('role'),
    lockedAt: t.field({ type: 'DateTime', nullable: true, resolve: (user) => user.lockedAt }),
    lockReason: t.exposeString('lockReason', { nullable: true }),
  }),
});

builder.queryField('getAuthenticationUser', (t) =>
  t.field({
    type: AuthenticationUserRef,
    authScopes: { authenticated: true },
    resolve: (_root, _args, ctx) => getAuthenticationUser(ctx),
  }),
);

builder.mutationField('unlockAuthenticationUser', (t) =>
  t.field({
    type: AuthenticationUserRef,
    description: 'Lifts the lock of a user of your organization.',
    authScopes: { permission: 'users:unlock' },
    args: { userId: t.arg.id({ required: true }) },
    resolve: (_root, args, ctx) => unlockAuthenticationUser(ctx, String(args.userId)),
  }),
);
