import { verificationCodeSchema } from '@tidewise/shared/auth';
import { passwordSchema } from '@tidewise/shared/password';
import { z } from 'zod';
import { builder } from '../../../schema/builder.ts';
import { MessageResponseRef } from '../../../schema/common.graphql.ts';
import { AUTH_MESSAGES } from '../../../lib/identity/messages.ts';
import { passwordReset } from './operations/password-reset.ts';
import { passwordResetRequest } from './operations/password-reset-request.ts';
import { passwordResetValidate } from './operations/password-reset-validate.ts';
import { resendPasswordResetRequest } from './operations/resend-password-reset-request.ts';

const authKey = z.object({
  authKey: z.string().trim().min(1, { error: 'Enter your email address' }).max(254, { error: 'Email must be at most 254 characters' }),
});
const resetToken = z.string().trim().min(1, { error: 'token is required' }).max(512, { error: 'token is too long' });

const PasswordResetRequestInput = builder
  .inputType('PasswordResetRequestInput', { fields: (t) => ({ authKey: t.string({ required: true, description: 'Email address.' }) }) })
  .validate(authKey);

const ResendPasswordResetRequestInput = builder
  .inputType('ResendPasswordResetRequestInput', {
    fields: (t) => ({ authKey: t.string({ required: true, description: 'Email address.' }) }),
  })
  .validate(authKey);

const PasswordResetValidateInput = builder
  .inputType('PasswordResetValidateInput', { fields: (t) => ({ token: t.string({ required: true }), code: t.string({ required: true }) }) })
  .validate(z.object({ token: resetToken, code: verificationCodeSchema }));

const PasswordResetInput = builder
  .inputType('PasswordResetInput', { fields: (t) => ({ token: t.string({ required: true }), password: t.string({ required: true }) }) })
  .validate(z.object({ token: resetToken, password: passwordSchema }));

builder.mutationField('passwordResetRequest', (t) =>
  t.string({
    description: 'Emails a 6-digit code (15 minutes) and answers with the reset token; the same answer for unknown emails.',
    authScopes: { public: true },
    args: { input: t.arg({ type: PasswordResetRequestInput, required: true }) },
    resolve: (_root, { input }, ctx) => passwordResetRequest(ctx, input),
  }),
);

builder.mutationField('resendPasswordResetRequest', (t) =>
  t.string({
    description: 'A new code and token; the previous ones stop working.',
    authScopes: { public: true },
    args: { input: t.arg({ type: ResendPasswordResetRequestInput, required: true }) },
    resolve: (_root, { input }, ctx) => resendPasswordResetRequest(ctx, input),
  }),
);

builder.mutationField('passwordResetValidate', (t) =>
  t.field({
    type: MessageResponseRef,
    authScopes: { public: true },
    args: { input: t.arg({ type: PasswordResetValidateInput, required: true }) },
    resolve: async (_root, { input }, ctx) => {
      await passwordResetValidate(ctx, input);
      return { success: true, message: AUTH_MESSAGES.codeVerified };
    },
  }),
);

builder.mutationField('passwordReset', (t) =>
  t.field({
    type: MessageResponseRef,
    authScopes: { public: true },
    args: { input: t.arg({ type: PasswordResetInput, required: true }) },
    resolve: async (_root, { input }, ctx) => {
      await passwordReset(ctx, input);
      return { success: true, message: AUTH_MESSAGES.passwordChanged };
    },
  }),
);
