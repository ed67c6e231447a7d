import { loginSchema, verificationCodeSchema } from '@tidewise/shared/auth';
import { z } from 'zod';
import { builder } from '../../schema/builder.ts';
import { MessageResponseRef } from '../../schema/common.graphql.ts';
import { MfaMethodRef, UserRef } from './auth.graphql.ts';
import { AUTH_MESSAGES } from './messages.ts';
import { type LoginResult, login } from './operations/login.ts';
import { loginValidate } from './operations/login-validate.ts';
import { logout } from './operations/logout.ts';
import { refreshToken, type SessionResult } from './operations/refresh-token.ts';
import { validateMfa } from './operations/validate-mfa.ts';

const opaqueToken = z.string().trim().min(1, { error: 'token is required' }).max(512, { error: 'token is too long' });

const LoginResponseRef = builder.objectRef<LoginResult>('LoginResponse').implement({
  description: '`token` is the login token: single use, valid 10 minutes, completed only by a second factor.',
  fields: (t) => ({
    token: t.exposeString('token'),
    userId: t.exposeID('userId'),
    mfaRequired: t.exposeBoolean('mfaRequired'),
    mfaMethod: t.field({ type: MfaMethodRef, resolve: (r) => r.mfaMethod }),
  }),
});

export const TokenResponseRef = builder.objectRef<{ token: string }>('TokenResponse').implement({
  description: 'A one-time hand-off token: open APP_URL/auth/callback?token=… and exchange it with refreshToken(token).',
  fields: (t) => ({ token: t.exposeString('token') }),
});

const SessionRef = builder.objectRef<SessionResult>('Session').implement({
  description: '`token` is the access token (bearer, about 15 minutes); `refreshToken` works once and is replaced on every refresh.',
  fields: (t) => ({
    token: t.exposeString('token'),
    refreshToken: t.exposeString('refreshToken'),
    user: t.field({ type: UserRef, resolve: (s) => s.user }),
  }),
});

const LoginInput = builder
  .inputType('LoginInput', {
    fields: (t) => ({
      authKey: t.string({ required: true, description: 'Email address.' }),
      authSecret: t.string({ required: true, description: 'Password.' }),
    }),
  })
  .validate(loginSchema);

const LoginValidateInput = builder
  .inputType('LoginValidateInput', {
    fields: (t) => ({ token: t.string({ required: true, description: 'The login token, or `<loginToken>:<code>` for an emailed code.' }) }),
  })
  .validate(z.object({ token: opaqueToken }));

const ValidateMfaInput = builder
  .inputType('ValidateMfaInput', {
    fields: (t) => ({
      token: t.string({ required: true, description: 'The 6-digit authenticator code.' }),
      userId: t.id({ required: true }),
    }),
  })
  .validate(z.object({ token: verificationCodeSchema, userId: z.union([z.string(), z.number()]) }));

const LogoutInput = builder.inputType('LogoutInput', {
  fields: (t) => ({
    refreshToken: t.string({ required: false, description: 'Ends the session of this refresh token (when the access token has expired).' }),
    allSessions: t.boolean({ required: false, description: 'Ends every session of the signed-in user.' }),
  }),
});

builder.mutationField('login', (t) =>
  t.field({
    type: LoginResponseRef,
    authScopes: { public: true },
    args: { input: t.arg({ type: LoginInput, required: true }) },
    resolve: (_root, { input }, ctx) => login(ctx, input),
  }),
);

builder.mutationField('loginValidate', (t) =>
  t.field({
    type: TokenResponseRef,
    authScopes: { public: true },
    args: { input: t.arg({ type: LoginValidateInput, required: true }) },
    resolve: (_root, { input }, ctx) => loginValidate(ctx, input),
  }),
);

builder.mutationField('validateMfa', (t) =>
  t.field({
    type: MessageResponseRef,
    description: 'Confirms the authenticator code of a pending sign-in; then call loginValidate with the login token.',
    authScopes: { public: true },
    args: { input: t.arg({ type: ValidateMfaInput, required: true }) },
    resolve: async (_root, { input }, ctx) => {
      await validateMfa(ctx, { token: input.token, userId: String(input.userId) });
      return { success: true, message: AUTH_MESSAGES.codeVerified };
    },
  }),
);

builder.mutationField('refreshToken', (t) =>
  t.field({
    type: SessionRef,
    description: 'Exchanges a hand-off token for a session, or rotates a refresh token. Reusing a refresh token revokes its session.',
    authScopes: { public: true },
    args: { token: t.arg.string({ required: true, validate: opaqueToken }) },
    resolve: (_root, args, ctx) => refreshToken(ctx, args.token),
  }),
);

builder.mutationField('logout', (t) =>
  t.field({
    type: MessageResponseRef,
    authScopes: { public: true },
    args: { input: t.arg({ type: LogoutInput, required: false }) },
    resolve: async (_root, { input }, ctx) => {
      await logout(ctx, input);
      return { success: true, message: AUTH_MESSAGES.signedOut };
    },
  }),
);
