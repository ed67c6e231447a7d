import { COMPANY_SIZES, INDUSTRIES, MFA_METHODS, organizationAccountSchema, verificationCodeSchema } from '@tidewise/shared/auth';
import { passwordSchema } from '@tidewise/shared/password';
import { z } from 'zod';
import { builder } from '../../../schema/builder.ts';
import type { MfaSetupStart } from './mfa-setup.ts';
import { createOrganizationAccount } from './operations/create-organization-account.ts';
import { register } from './operations/register.ts';
import { validateAuthenticationToken } from './operations/validate-authentication-token.ts';
import { verifyAuthenticatorSetup } from './operations/verify-authenticator-setup.ts';
import { verifyEmailMfa } from './operations/verify-email-mfa.ts';
import { TokenResponseRef } from '../sign-in/sign-in.graphql.ts';
import { MfaMethodRef, UserRef } from '../../../schema/identity.graphql.ts';

const invitationToken = z
  .string()
  .trim()
  .min(1, { error: 'Invalid or missing invitation token. Please use the link from your invitation email.' })
  .max(512);
const userIdSchema = z.union([z.string(), z.number()]);

const RegisterResponseRef = builder.objectRef<{ userId: string } & MfaSetupStart>('RegisterResponse').implement({
  description:
    '`qrCodeDataURL` (a PNG data URL of the otpauth URI) and `otpauthUri` are set for the Authenticator method; with Email a code has been sent.',
  fields: (t) => ({
    userId: t.exposeID('userId'),
    qrCodeDataURL: t.exposeString('qrCodeDataURL', { nullable: true }),
    otpauthUri: t.exposeString('otpauthUri', {
      nullable: true,
      description: 'The otpauth:// URI behind the QR code; its `secret` parameter is the key to type into an app that cannot scan.',
    }),
  }),
});

const RegisterInput = builder
  .inputType('RegisterInput', {
    fields: (t) => ({
      token: t.string({ required: true, description: 'The invitation token from the emailed link.' }),
      password: t.string({ required: true }),
      mfaMethod: t.field({ type: MfaMethodRef, required: true }),
    }),
  })
  .validate(z.object({ token: invitationToken, password: passwordSchema, mfaMethod: z.enum(MFA_METHODS) }));

const CreateOrganizationAccountInput = builder
  .inputType('CreateOrganizationAccountInput', {
    fields: (t) => ({
      organizationName: t.string({ required: true }),
      firstName: t.string({ required: true }),
      lastName: t.string({ required: true }),
      email: t.string({ required: true }),
      password: t.string({ required: true }),
      industry: t.string({ required: true, description: `One of ${INDUSTRIES.join(', ')}.` }),
      companySize: t.string({ required: true, description: `One of ${COMPANY_SIZES.join(', ')}.` }),
      website: t.string({ required: false }),
      registrationNumber: t.string({ required: false }),
      description: t.string({ required: false }),
      mfaMethod: t.field({ type: MfaMethodRef, required: true }),
    }),
  })
  .validate(organizationAccountSchema);

const VerifyEmailMfaInput = builder
  .inputType('VerifyEmailMfaInput', {
    fields: (t) => ({ userId: t.id({ required: true }), code: t.string({ required: true }) }),
  })
  .validate(z.object({ userId: userIdSchema, code: verificationCodeSchema }));

const VerifyAuthenticatorSetupInput = builder
  .inputType('VerifyAuthenticatorSetupInput', {
    fields: (t) => ({
      userId: t.id({ required: true }),
      token: t.string({ required: true, description: 'The 6-digit authenticator code.' }),
    }),
  })
  .validate(z.object({ userId: userIdSchema, token: verificationCodeSchema }));

builder.mutationField('register', (t) =>
  t.field({
    type: RegisterResponseRef,
    description: 'Accepts an invitation. Invited suppliers must use the Email method.',
    authScopes: { public: true },
    args: { input: t.arg({ type: RegisterInput, required: true }) },
    resolve: (_root, { input }, ctx) => register(ctx, input),
  }),
);

builder.mutationField('createOrganizationAccount', (t) =>
  t.field({
    type: RegisterResponseRef,
    description: 'Organisation sign-up: a customer organization and its administrator; confirm the second factor like registration.',
    authScopes: { public: true },
    args: { input: t.arg({ type: CreateOrganizationAccountInput, required: true }) },
    resolve: (_root, { input }, ctx) => createOrganizationAccount(ctx, organizationAccountSchema.parse(input)),
  }),
);

builder.mutationField('verifyEmailMfa', (t) =>
  t.field({
    type: TokenResponseRef,
    authScopes: { public: true },
    args: { input: t.arg({ type: VerifyEmailMfaInput, required: true }) },
    resolve: (_root, { input }, ctx) => verifyEmailMfa(ctx, { userId: String(input.userId), code: input.code }),
  }),
);

builder.mutationField('verifyAuthenticatorSetup', (t) =>
  t.field({
    type: TokenResponseRef,
    authScopes: { public: true },
    args: { input: t.arg({ type: VerifyAuthenticatorSetupInput, required: true }) },
    resolve: (_root, { input }, ctx) => verifyAuthenticatorSetup(ctx, { userId: String(input.userId), token: input.token }),
  }),
);

builder.queryField('validateAuthenticationToken', (t) =>
  t.field({
    type: UserRef,
    description: 'The invited user behind an invitation token, with their organization and who created it.',
    authScopes: { public: true },
    args: { token: t.arg.string({ required: true, validate: invitationToken }) },
    resolve: (_root, args, ctx) => validateAuthenticationToken(ctx, args.token),
  }),
);

builder.mutationField('validateAuthenticationToken', (t) =>
  t.field({
    type: UserRef,
    description: 'Same as the query of this name (the spec lists it among the mutations).',
    authScopes: { public: true },
    args: { token: t.arg.string({ required: true, validate: invitationToken }) },
    resolve: (_root, args, ctx) => validateAuthenticationToken(ctx, args.token),
  }),
);
