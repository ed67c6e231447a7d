import { confirmMfaMethodChangeSchema, startMfaMethodChangeSchema, updateMyProfileSchema } from '@tidewise/shared/account';
import { builder } from '../../schema/builder.ts';
import { MessageResponseRef } from '../../schema/common.graphql.ts';
import type { MfaMethodChangeStart } from './mfa-method-change.ts';
import { confirmMfaMethodChange } from './operations/confirm-mfa-method-change.ts';
import { startMfaMethodChange } from './operations/start-mfa-method-change.ts';
import { type AccountSession, listMySessions } from './operations/list-my-sessions.ts';
import { revokeOtherSessions } from './operations/revoke-other-sessions.ts';
import { updateMyProfile } from './operations/update-my-profile.ts';
import { MfaMethodRef, OrganizationUserRef } from '../../schema/identity.graphql.ts';
import { getMyOrganizationUser } from './operations/get-my-organization-user.ts';

const AccountSessionRef = builder.objectRef<AccountSession>('AccountSession').implement({
  description: 'A signed-in browser or device of the current user.',
  fields: (t) => ({
    id: t.exposeID('id'),
    createdAt: t.field({ type: 'DateTime', resolve: (s) => s.createdAt }),
    lastUsedAt: t.field({ type: 'DateTime', resolve: (s) => s.lastUsedAt }),
    ipAddress: t.exposeString('ipAddress', { nullable: true }),
    browser: t.exposeString('browser', { nullable: true }),
    os: t.exposeString('os', { nullable: true }),
    current: t.exposeBoolean('current'),
  }),
});

builder.queryField('mySessions', (t) =>
  t.field({
    type: [AccountSessionRef],
    authScopes: { authenticated: true },
    resolve: (_root, _args, ctx) => listMySessions(ctx),
  }),
);

builder.mutationField('revokeOtherSessions', (t) =>
  t.field({
    type: MessageResponseRef,
    authScopes: { authenticated: true },
    resolve: async (_root, _args, ctx) => {
      const count = await revokeOtherSessions(ctx);
      return {
        success: true,
        message: count === 0 ? 'No other sessions were signed in.' : `Signed out of ${count} other session${count === 1 ? '' : 's'}.`,
      };
    },
  }),
);

builder.queryField('myOrganizationUser', (t) =>
  t.field({
    type: OrganizationUserRef,
    description: "The signed-in user's own profile (name, job position) in their organization.",
    authScopes: { authenticated: true },
    resolve: (_root, _args, ctx) => getMyOrganizationUser(ctx),
  }),
);

const UpdateMyProfileInput = builder
  .inputType('UpdateMyProfileInput', {
    fields: (t) => ({
      firstName: t.string({ required: true }),
      lastName: t.string({ required: true }),
      jobPosition: t.string({ required: false }),
      language: t.string({ required: false }),
    }),
  })
  .validate(updateMyProfileSchema);

builder.mutationField('updateMyProfile', (t) =>
  t.field({
    type: OrganizationUserRef,
    authScopes: { authenticated: true },
    args: { input: t.arg({ type: UpdateMyProfileInput, required: true }) },
    resolve: async (_root, { input }, ctx) => {
      const updated = await updateMyProfile(ctx, input);
      if (!updated) throw new Error('profile update returned nothing');
      return updated;
    },
  }),
);

const MfaMethodChangeRef = builder.objectRef<MfaMethodChangeStart>('MfaMethodChange').implement({
  description: 'A second-factor change waiting for its confirmation code.',
  fields: (t) => ({
    method: t.field({ type: MfaMethodRef, resolve: (c) => c.method }),
    qrCodeDataURL: t.exposeString('qrCodeDataURL', { nullable: true, description: 'PNG data URL of the otpauth URI (Authenticator).' }),
    otpauthUri: t.exposeString('otpauthUri', { nullable: true, description: 'For entering the secret by hand (Authenticator).' }),
    expiresAt: t.field({ type: 'DateTime', resolve: (c) => c.expiresAt }),
  }),
});

const StartMfaMethodChangeInput = builder
  .inputType('StartMfaMethodChangeInput', {
    fields: (t) => ({
      password: t.string({ required: true }),
      method: t.field({ type: MfaMethodRef, required: true }),
    }),
  })
  .validate(startMfaMethodChangeSchema);

builder.mutationField('startMfaMethodChange', (t) =>
  t.field({
    type: MfaMethodChangeRef,
    description: 'Re-authenticates with the password and starts switching the second factor; confirm with confirmMfaMethodChange.',
    authScopes: { authenticated: true },
    args: { input: t.arg({ type: StartMfaMethodChangeInput, required: true }) },
    resolve: (_root, { input }, ctx) => startMfaMethodChange(ctx, input),
  }),
);

const ConfirmMfaMethodChangeInput = builder
  .inputType('ConfirmMfaMethodChangeInput', { fields: (t) => ({ code: t.string({ required: true }) }) })
  .validate(confirmMfaMethodChangeSchema);

builder.mutationField('confirmMfaMethodChange', (t) =>
  t.field({
    type: MessageResponseRef,
    authScopes: { authenticated: true },
    args: { input: t.arg({ type: ConfirmMfaMethodChangeInput, required: true }) },
    resolve: (_root, { input }, ctx) => confirmMfaMethodChange(ctx, input),
  }),
);
