import { loginSchema, verificationCodeSchema } from '@tidewise/shared/auth';
import { z } from 'zod';
import { builder } from '../../../schema/builder.ts';
import { MessageResponseRef } from '../../../schema/common.graphql.ts';
import { AUTH_MESSAGES } from '../../../lib/identity/messages.ts';
import { type LoginResult, login } from './operations/login.ts';
import { loginValidate } from './operations/login-validate.ts';
import { validateMfa } from './operations/validate-mfa.ts';
import { opaqueToken } from '../opaque-token.ts';
import { MfaMethodRef } from '../../../schema/identity.graphql.ts';

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
