import {
  createOrganizationUserSchema,
  EMAIL_CHANGE_STATUSES,
  type EmailChangeStatus,
  lockReasonSchema,
  requestEmailChangeSchema,
  updateOrganizationUserSchema,
} from '@tidewise/shared/organization';
import { SYSTEM_ROLES } from '@tidewise/shared/permissions';
import { z } from 'zod';
import type { Context } from '../../context.ts';
import { paginationSchema } from '../../lib/pagination.ts';
import { builder } from '../../schema/builder.ts';
import { MessageResponseRef, PaginationInput, pageOf } from '../../schema/common.graphql.ts';
import { sortInputOf } from '../../schema/sorting.graphql.ts';
import { findUserById, type UserRow } from '../../lib/identity/users.ts';
import { createOrganizationUser } from './operations/create-organization-user.ts';
import { deleteManyOrganizationUsers } from './operations/delete-many-organization-users.ts';
import type { EmailChangeRequestRow } from './email-change-requests.ts';
import { findOrganizationUsers, ORGANIZATION_USER_SORT_FIELDS } from './operations/find-organization-users.ts';
import { lockOrganizationUser } from './operations/lock-organization-user.ts';
import { resendOrganizationUserInvitation } from './operations/resend-organization-user-invitation.ts';
import { updateOrganizationUser } from './operations/update-organization-user.ts';
import { OrganizationUserRef } from '../../schema/identity.graphql.ts';
import { requestEmailChange } from './operations/request-email-change.ts';
import { getMyEmailChangeRequest } from './operations/get-my-email-change-request.ts';
import { findEmailChangeRequests } from './operations/find-email-change-requests.ts';
import { approveEmailChange } from './operations/approve-email-change.ts';
import { rejectEmailChange } from './operations/reject-email-change.ts';
import { cancelEmailChange } from './operations/cancel-email-change.ts';
import { getOrganizationUser } from './operations/get-organization-user.ts';
import type { OrganizationUserWithUser } from './memberships.ts';

const accountOf = async (row: OrganizationUserWithUser, ctx: Context): Promise<UserRow> => {
  const user = row.user ?? (await findUserById(ctx.db, row.userId));
  if (!user) throw new Error('account of a membership is missing');
  return user;
};

builder.objectFields(OrganizationUserRef, (t) => ({
  email: t.string({ resolve: async (row, _args, ctx) => (await accountOf(row, ctx)).email }),
  role: t.string({ description: 'The system role of the account.', resolve: async (row, _args, ctx) => (await accountOf(row, ctx)).role }),
  registered: t.boolean({
    description: 'False while the invitation has not been accepted.',
    resolve: async (row, _args, ctx) => (await accountOf(row, ctx)).passwordHash !== null,
  }),
  lockedAt: t.field({ type: 'DateTime', nullable: true, resolve: async (row, _args, ctx) => (await accountOf(row, ctx)).lockedAt }),
  lockReason: t.string({ nullable: true, resolve: async (row, _args, ctx) => (await accountOf(row, ctx)).lockReason }),
  createdAt: t.field({ type: 'DateTime', resolve: (row) => row.createdAt }),
}));

const OrganizationUserPageRef = pageOf('OrganizationUser', OrganizationUserRef);

const EmailChangeStatusRef = builder.enumType('EmailChangeStatus', { values: EMAIL_CHANGE_STATUSES });

const EmailChangeRequestRef = builder.objectRef<EmailChangeRequestRow>('EmailChangeRequest').implement({
  fields: (t) => ({
    id: t.exposeID('id'),
    userId: t.exposeID('userId'),
    organizationId: t.exposeID('organizationId'),
    currentEmail: t.exposeString('currentEmail'),
    newEmail: t.exposeString('newEmail'),
    status: t.field({ type: EmailChangeStatusRef, resolve: (r) => r.status as EmailChangeStatus }),
    decidedAt: t.field({ type: 'DateTime', nullable: true, resolve: (r) => r.decidedAt }),
    createdAt: t.field({ type: 'DateTime', resolve: (r) => r.createdAt }),
  }),
});
const EmailChangeRequestPageRef = pageOf('EmailChangeRequest', EmailChangeRequestRef);

const DeleteOrganizationUsersResultRef = builder
  .objectRef<{ deletedIds: string[]; count: number }>('DeleteOrganizationUsersResult')
  .implement({ fields: (t) => ({ deletedIds: t.exposeIDList('deletedIds'), count: t.exposeInt('count') }) });

const CreateOrganizationUserInput = builder
  .inputType('CreateOrganizationUserInput', {
    fields: (t) => ({
      email: t.string({ required: true }),
      firstName: t.string({ required: true }),
      lastName: t.string({ required: true }),
      jobPosition: t.string({ required: false }),
      roleKey: t.string({ required: false, description: `A system role: ${SYSTEM_ROLES.join(', ')}. Defaults to contributor.` }),
      authorizationRoleIds: t.idList({ required: false, description: 'System roles or custom roles of your organization.' }),
    }),
  })
  .validate(createOrganizationUserSchema);

const UpdateOrganizationUserInput = builder
  .inputType('UpdateOrganizationUserInput', {
    fields: (t) => ({
      firstName: t.string({ required: false }),
      lastName: t.string({ required: false }),
      jobPosition: t.string({ required: false }),
    }),
  })
  .validate(updateOrganizationUserSchema);

const RequestEmailChangeInput = builder
  .inputType('RequestEmailChangeInput', { fields: (t) => ({ newEmail: t.string({ required: true }) }) })
  .validate(requestEmailChangeSchema);

const OrganizationUserSortInput = sortInputOf('OrganizationUser', ORGANIZATION_USER_SORT_FIELDS);

const searchArg = z.string().max(200, { error: 'search must be at most 200 characters' }).nullish();
const idArg = z.union([z.string(), z.number()]).transform(String);

builder.queryField('organizationUsers', (t) =>
  t.field({
    type: OrganizationUserPageRef,
    description:
      'Users of your organization, by name unless sort says otherwise; search matches first or last name, email and job position.',
    authScopes: { permission: 'users:read' },
    args: {
      pagination: t.arg({ type: PaginationInput, required: false }),
      search: t.arg.string({ required: false, validate: searchArg }),
      sort: t.arg({ type: OrganizationUserSortInput, required: false }),
    },
    resolve: (_root, args, ctx) => findOrganizationUsers(ctx, paginationSchema.parse(args.pagination ?? {}), args.search, args.sort),
  }),
);

builder.queryField('organizationUser', (t) =>
  t.field({
    type: OrganizationUserRef,
    authScopes: { permission: 'users:read' },
    args: { id: t.arg.id({ required: true }) },
    resolve: (_root, args, ctx) => getOrganizationUser(ctx, String(args.id)),
  }),
);

builder.mutationField('createOrganizationUser', (t) =>
  t.field({
    type: OrganizationUserRef,
    description: 'Creates a colleague in your organization and emails their invitation (/auth/register?token=).',
    authScopes: { permission: 'users:invite' },
    args: { input: t.arg({ type: CreateOrganizationUserInput, required: true }) },
    resolve: (_root, { input }, ctx) => createOrganizationUser(ctx, createOrganizationUserSchema.parse(input)),
  }),
);

builder.mutationField('updateOrganizationUser', (t) =>
  t.field({
    type: OrganizationUserRef,
    authScopes: { permission: 'users:update' },
    args: { id: t.arg.id({ required: true }), input: t.arg({ type: UpdateOrganizationUserInput, required: true }) },
    resolve: (_root, args, ctx) => updateOrganizationUser(ctx, String(args.id), updateOrganizationUserSchema.parse(args.input)),
  }),
);

builder.mutationField('deleteManyOrganizationUsers', (t) =>
  t.field({
    type: DeleteOrganizationUsersResultRef,
    description: 'Removes users from your organization, all or none. Not yourself, and not the last administrator.',
    authScopes: { permission: 'users:delete' },
    args: { ids: t.arg.idList({ required: true, validate: z.array(idArg).min(1, { error: 'Choose at least one user' }).max(100) }) },
    resolve: (_root, args, ctx) => deleteManyOrganizationUsers(ctx, args.ids.map(String)),
  }),
);

builder.mutationField('lockOrganizationUser', (t) =>
  t.field({
    type: OrganizationUserRef,
    description: 'Locks a user until an administrator unlocks them (unlockAuthenticationUser) and ends their sessions.',
    authScopes: { permission: 'users:lock' },
    args: { id: t.arg.id({ required: true }), reason: t.arg.string({ required: true, validate: lockReasonSchema }) },
    resolve: (_root, args, ctx) => lockOrganizationUser(ctx, String(args.id), lockReasonSchema.parse(args.reason)),
  }),
);

builder.mutationField('resendOrganizationUserInvitation', (t) =>
  t.field({
    type: MessageResponseRef,
    authScopes: { permission: 'users:invite' },
    args: { id: t.arg.id({ required: true }) },
    resolve: (_root, args, ctx) => resendOrganizationUserInvitation(ctx, String(args.id)),
  }),
);

builder.queryField('myEmailChangeRequest', (t) =>
  t.field({
    type: EmailChangeRequestRef,
    nullable: true,
    description: 'Your pending email change request, if any (the web shows /supplier/email-change-pending).',
    authScopes: { authenticated: true },
    resolve: (_root, _args, ctx) => getMyEmailChangeRequest(ctx),
  }),
);

builder.queryField('emailChangeRequests', (t) =>
  t.field({
    type: EmailChangeRequestPageRef,
    authScopes: { permission: 'users:update' },
    args: {
      pagination: t.arg({ type: PaginationInput, required: false }),
      status: t.arg({ type: EmailChangeStatusRef, required: false }),
    },
    resolve: (_root, args, ctx) => findEmailChangeRequests(ctx, paginationSchema.parse(args.pagination ?? {}), args.status),
  }),
);

builder.mutationField('requestEmailChange', (t) =>
  t.field({
    type: EmailChangeRequestRef,
    description: 'Asks an administrator to let you sign in with another address.',
    authScopes: { authenticated: true },
    args: { input: t.arg({ type: RequestEmailChangeInput, required: true }) },
    resolve: (_root, { input }, ctx) => requestEmailChange(ctx, requestEmailChangeSchema.parse(input)),
  }),
);

builder.mutationField('approveEmailChange', (t) =>
  t.field({
    type: EmailChangeRequestRef,
    description: 'Sets the new address, ends the sessions of the account and emails an invitation to the new address.',
    authScopes: { permission: 'users:update' },
    args: { id: t.arg.id({ required: true }) },
    resolve: (_root, args, ctx) => approveEmailChange(ctx, String(args.id)),
  }),
);

builder.mutationField('rejectEmailChange', (t) =>
  t.field({
    type: EmailChangeRequestRef,
    authScopes: { permission: 'users:update' },
    args: { id: t.arg.id({ required: true }) },
    resolve: (_root, args, ctx) => rejectEmailChange(ctx, String(args.id)),
  }),
);

builder.mutationField('cancelEmailChange', (t) =>
  t.field({
    type: EmailChangeRequestRef,
    description: 'Withdraws your own pending request.',
    authScopes: { authenticated: true },
    args: { id: t.arg.id({ required: true }) },
    resolve: (_root, args, ctx) => cancelEmailChange(ctx, String(args.id)),
  }),
);
