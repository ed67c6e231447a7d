import { AUTH_MESSAGES } from '../../../lib/identity/messages.ts';
import { clearedRefreshCookie, refreshCookie } from '../../../lib/session-cookie.ts';
import { builder } from '../../../schema/builder.ts';
import { MessageResponseRef } from '../../../schema/common.graphql.ts';
import { UserRef } from '../../../schema/identity.graphql.ts';
import { opaqueToken } from '../opaque-token.ts';
import { logout } from './operations/logout.ts';
import { refreshToken, type SessionResult } from './operations/refresh-token.ts';

const SessionRef = builder.objectRef<SessionResult>('Session').implement({
  description: '`token` is the access token (bearer, about 15 minutes); `refreshToken` works once and is replaced on every refresh.',
  fields: (t) => ({
    token: t.exposeString('token'),
    refreshToken: t.exposeString('refreshToken'),
    user: t.field({ type: UserRef, resolve: (s) => s.user }),
  }),
});

const LogoutInput = builder.inputType('LogoutInput', {
  fields: (t) => ({
    refreshToken: t.string({ required: false, description: 'Ends the session of this refresh token (when the access token has expired).' }),
    allSessions: t.boolean({ required: false, description: 'Ends every session of the signed-in user.' }),
  }),
});

builder.mutationField('refreshToken', (t) =>
  t.field({
    type: SessionRef,
    description: 'Exchanges a hand-off token for a session, or rotates a refresh token. Reusing a refresh token revokes its session.',
    authScopes: { public: true },
    args: { token: t.arg.string({ required: true, validate: opaqueToken }) },
    resolve: async (_root, args, ctx) => {
      const session = await refreshToken(ctx, args.token);
      ctx.setResponseCookie(refreshCookie(ctx.env, session.refreshToken, session.refreshTokenExpiresAt));
      return session;
    },
  }),
);

builder.mutationField('logout', (t) =>
  t.field({
    type: MessageResponseRef,
    authScopes: { public: true },
    args: { input: t.arg({ type: LogoutInput, required: false }) },
    resolve: async (_root, { input }, ctx) => {
      await logout(ctx, input);
      ctx.setResponseCookie(clearedRefreshCookie(ctx.env));
      return { success: true, message: AUTH_MESSAGES.signedOut };
    },
  }),
);
