import { roleDescriptionSchema, roleNameSchema } from '@tidewise/shared/roles';
import { z } from 'zod';
import { builder } from '../../schema/builder.ts';
import { pageArg, pageOf, PaginationInput } from '../../schema/common.graphql.ts';
import { updateAuthorizationRole } from './operations/update-authorization-role.ts';
import { createAuthorizationRole } from './operations/create-authorization-role.ts';
import { createManyAuthorizationUserRoles } from './operations/create-many-authorization-user-roles.ts';
import { deleteManyAuthorizationRoles } from './operations/delete-many-authorization-roles.ts';
import { deleteManyAuthorizationUserRoles } from './operations/delete-many-authorization-user-roles.ts';
import { findAuthorizationPermissions } from './operations/find-authorization-permissions.ts';
import { findAuthorizationRoles } from './operations/find-authorization-roles.ts';
import { findAuthorizationUserRoles } from './operations/find-authorization-user-roles.ts';
import { getAuthorizationRole } from './operations/get-authorization-role.ts';
import type { PermissionRow, RolePermissionView, RoleView, UserRoleView } from './role-store.ts';
import { isSystemAuthorizationRole } from './roles.policy.ts';
import { deleteAuthorizationRole } from './operations/delete-authorization-role.ts';
import { getAuthorizationRoleByName } from './operations/get-authorization-role-by-name.ts';
import { findMyAuthorizationUserRoles } from './operations/find-my-authorization-user-roles.ts';
import { assignAuthorizationPermissions } from './operations/assign-authorization-permissions.ts';
import { removeAuthorizationPermissions } from './operations/remove-authorization-permissions.ts';

export const MAX_BATCH = 100;

const idList = (what: string) =>
  z
    .array(z.union([z.string(), z.number()]))
    .min(1, { error: `Give at least one ${what}` })
    .max(MAX_BATCH, { error: `At most ${MAX_BATCH} ${what}s at once` });

export const AuthorizationPermissionRef = builder.objectRef<PermissionRow>('AuthorizationPermission').implement({
  description: 'One entry of the permission catalogue: an action on a resource (`resource:action`).',
  fields: (t) => ({
    id: t.exposeID('id'),
    resource: t.exposeString('resource'),
    action: t.exposeString('action'),
    name: t.string({ description: '`resource:action`, as checked by the API.', resolve: (p) => `${p.resource}:${p.action}` }),
    description: t.exposeString('description'),
    createdAt: t.field({ type: 'DateTime', resolve: (p) => p.createdAt }),
    updatedAt: t.field({ type: 'DateTime', resolve: (p) => p.updatedAt }),
  }),
});

const AuthorizationRolePermissionRef = builder.objectRef<RolePermissionView>('AuthorizationRolePermission').implement({
  fields: (t) => ({
    authorizationRoleId: t.exposeID('authorizationRoleId'),
    authorizationPermissionId: t.exposeID('authorizationPermissionId'),
    permission: t.field({ type: AuthorizationPermissionRef, resolve: (link) => link.permission }),
    createdAt: t.field({ type: 'DateTime', resolve: (link) => link.createdAt }),
  }),
});

export const AuthorizationRoleRef = builder.objectRef<RoleView>('AuthorizationRole').implement({
  description:
    'A named set of permissions. System roles (`scope` `system`) are shared by every organization and read-only; custom roles (`scope` `organization`) belong to one.',
  fields: (t) => ({
    id: t.exposeID('id'),
    key: t.exposeString('key', {
      nullable: true,
      description: 'Stable key of a system role (e.g. `organization_admin`); null for custom roles.',
    }),
    name: t.exposeString('name'),
    description: t.exposeString('description', { nullable: true }),
    scope: t.exposeString('scope', { description: '`system` or `organization`.' }),
    organizationId: t.exposeID('organizationId', { nullable: true }),
    isSystem: t.boolean({ resolve: (role) => isSystemAuthorizationRole(role) }),
    rolePermissions: t.field({ type: [AuthorizationRolePermissionRef], resolve: (role) => role.rolePermissions }),
    permissions: t.field({ type: [AuthorizationPermissionRef], resolve: (role) => role.rolePermissions.map((link) => link.permission) }),
    userCount: t.exposeInt('userCount', { description: "How many users of the caller's organization hold the role." }),
    createdAt: t.field({ type: 'DateTime', resolve: (role) => role.createdAt }),
    updatedAt: t.field({ type: 'DateTime', resolve: (role) => role.updatedAt }),
  }),
});

export const AuthorizationUserRoleRef = builder.objectRef<UserRoleView>('AuthorizationUserRole').implement({
  description: 'A role held by a user in an organization.',
  fields: (t) => ({
    id: t.exposeID('id'),
    userId: t.exposeID('userId'),
    email: t.exposeString('email', { description: "The user's email, for display." }),
    organizationId: t.exposeID('organizationId'),
    authorizationRoleId: t.exposeID('authorizationRoleId'),
    role: t.field({ type: AuthorizationRoleRef, resolve: (userRole) => userRole.role }),
    createdAt: t.field({ type: 'DateTime', resolve: (userRole) => userRole.createdAt }),
  }),
});

const AuthorizationRolePage = pageOf('AuthorizationRole', AuthorizationRoleRef);
const AuthorizationUserRolePage = pageOf('AuthorizationUserRole', AuthorizationUserRoleRef);

const permissionIdList = z
  .array(z.union([z.string(), z.number()]))
  .max(MAX_BATCH, { error: `At most ${MAX_BATCH} permissions at once` })
  .nullish();

const CreateAuthorizationRoleInput = builder
  .inputType('CreateAuthorizationRoleInput', {
    fields: (t) => ({
      name: t.string({ required: true }),
      description: t.string({ required: false }),
      permissionIds: t.idList({ required: false }),
    }),
  })
  .validate(z.object({ name: roleNameSchema, description: roleDescriptionSchema.nullish(), permissionIds: permissionIdList }));

const UpdateAuthorizationRoleInput = builder
  .inputType('UpdateAuthorizationRoleInput', {
    description: 'Fields left out stay as they are; `permissionIds`, when given, replaces the whole permission set.',
    fields: (t) => ({
      name: t.string({ required: false }),
      description: t.string({ required: false }),
      permissionIds: t.idList({ required: false }),
    }),
  })
  .validate(
    z.object({
      name: roleNameSchema.nullish(),
      description: roleDescriptionSchema.nullish(),
      permissionIds: permissionIdList,
    }),
  );

const CreateAuthorizationUserRoleInput = builder.inputType('CreateAuthorizationUserRoleInput', {
  fields: (t) => ({
    userId: t.id({ required: true }),
    authorizationRoleId: t.id({ required: true }),
  }),
});

const ids = (list: readonly (string | number)[] | null | undefined) => (list ?? []).map(String);

builder.queryField('authorizationPermissions', (t) =>
  t.field({
    type: [AuthorizationPermissionRef],
    description: 'The permission catalogue, by resource and action.',
    authScopes: { permission: 'roles:read' },
    resolve: (_root, _args, ctx) => findAuthorizationPermissions(ctx.db),
  }),
);

builder.queryField('authorizationRoles', (t) =>
  t.field({
    type: AuthorizationRolePage,
    description: "System roles, then the caller's organization's custom roles, by name.",
    authScopes: { permission: 'roles:read' },
    args: {
      pagination: t.arg({ type: PaginationInput, required: false }),
      search: t.arg.string({ required: false, validate: z.string().max(200).nullish() }),
    },
    resolve: (_root, args, ctx) => findAuthorizationRoles(ctx, { pagination: pageArg(args.pagination), search: args.search }),
  }),
);

builder.queryField('authorizationRole', (t) =>
  t.field({
    type: AuthorizationRoleRef,
    authScopes: { permission: 'roles:read' },
    args: { id: t.arg.id({ required: true }) },
    resolve: (_root, args, ctx) => getAuthorizationRole(ctx, String(args.id)),
  }),
);

builder.queryField('authorizationRoleByName', (t) =>
  t.field({
    type: AuthorizationRoleRef,
    description: 'Case-insensitive.',
    authScopes: { permission: 'roles:read' },
    args: { name: t.arg.string({ required: true, validate: z.string().trim().min(1).max(200) }) },
    resolve: (_root, args, ctx) => getAuthorizationRoleByName(ctx, args.name),
  }),
);

builder.queryField('authorizationUserRoles', (t) =>
  t.field({
    type: AuthorizationUserRolePage,
    description: "Who holds which role in the caller's organization; `userId` narrows it to one user.",
    authScopes: { permission: 'user-roles:read' },
    args: {
      pagination: t.arg({ type: PaginationInput, required: false }),
      userId: t.arg.id({ required: false }),
    },
    resolve: (_root, args, ctx) =>
      findAuthorizationUserRoles(ctx, { pagination: pageArg(args.pagination), userId: args.userId == null ? null : String(args.userId) }),
  }),
);

builder.queryField('myAuthorizationUserRoles', (t) =>
  t.field({
    type: [AuthorizationUserRoleRef],
    description: "The signed-in user's roles in the organization they are signed in to.",
    authScopes: { authenticated: true },
    resolve: (_root, _args, ctx) => findMyAuthorizationUserRoles(ctx),
  }),
);

builder.mutationField('createAuthorizationRole', (t) =>
  t.field({
    type: AuthorizationRoleRef,
    description: 'A custom role of your organization; it can only grant permissions you hold.',
    authScopes: { permission: 'roles:create' },
    args: { input: t.arg({ type: CreateAuthorizationRoleInput, required: true }) },
    resolve: (_root, { input }, ctx) =>
      createAuthorizationRole(ctx, { name: input.name, description: input.description, permissionIds: ids(input.permissionIds) }),
  }),
);

builder.mutationField('updateAuthorizationRole', (t) =>
  t.field({
    type: AuthorizationRoleRef,
    description: 'Custom roles only; system roles cannot be changed.',
    authScopes: { permission: 'roles:update' },
    args: { id: t.arg.id({ required: true }), input: t.arg({ type: UpdateAuthorizationRoleInput, required: true }) },
    resolve: (_root, { id, input }, ctx) =>
      updateAuthorizationRole(ctx, String(id), {
        name: input.name,
        description: input.description,
        permissionIds: input.permissionIds ? ids(input.permissionIds) : null,
      }),
  }),
);

builder.mutationField('deleteAuthorizationRole', (t) =>
  t.field({
    type: AuthorizationRoleRef,
    description:
      'Deletes a custom role nobody holds; returns it as it was. A role still held is refused (CONFLICT) with the number of holders.',
    authScopes: { permission: 'roles:delete' },
    args: { id: t.arg.id({ required: true }) },
    resolve: (_root, args, ctx) => deleteAuthorizationRole(ctx, String(args.id)),
  }),
);

builder.mutationField('deleteManyAuthorizationRoles', (t) =>
  t.int({
    description: 'Deletes custom roles, all or none; returns how many were deleted.',
    authScopes: { permission: 'roles:delete' },
    args: { ids: t.arg.idList({ required: true, validate: idList('role') }) },
    resolve: async (_root, args, ctx) => (await deleteManyAuthorizationRoles(ctx, ids(args.ids))).length,
  }),
);

builder.mutationField('assignAuthorizationPermissions', (t) =>
  t.field({
    type: AuthorizationRoleRef,
    description: 'Adds permissions to a custom role.',
    authScopes: { permission: 'roles:update' },
    args: { roleId: t.arg.id({ required: true }), permissionIds: t.arg.idList({ required: true, validate: idList('permission') }) },
    resolve: (_root, args, ctx) => assignAuthorizationPermissions(ctx, String(args.roleId), ids(args.permissionIds)),
  }),
);

builder.mutationField('removeAuthorizationPermissions', (t) =>
  t.field({
    type: AuthorizationRoleRef,
    description: 'Takes permissions away from a custom role.',
    authScopes: { permission: 'roles:update' },
    args: { roleId: t.arg.id({ required: true }), permissionIds: t.arg.idList({ required: true, validate: idList('permission') }) },
    resolve: (_root, args, ctx) => removeAuthorizationPermissions(ctx, String(args.roleId), ids(args.permissionIds)),
  }),
);

builder.mutationField('createManyAuthorizationUserRoles', (t) =>
  t.field({
    type: [AuthorizationUserRoleRef],
    description: 'Gives roles to users of your organization, all or none; pairs that already exist are returned unchanged.',
    authScopes: { permission: 'user-roles:create' },
    args: {
      input: t.arg({
        type: [CreateAuthorizationUserRoleInput],
        required: true,
        validate: z
          .array(z.unknown())
          .min(1, { error: 'Give at least one user role' })
          .max(MAX_BATCH, { error: `At most ${MAX_BATCH} user roles at once` }),
      }),
    },
    resolve: (_root, args, ctx) =>
      createManyAuthorizationUserRoles(
        ctx,
        args.input.map((p) => ({ userId: String(p.userId), authorizationRoleId: String(p.authorizationRoleId) })),
      ),
  }),
);

builder.mutationField('deleteManyAuthorizationUserRoles', (t) =>
  t.int({
    description:
      "Takes roles away from users, all or none; returns how many. Nobody removes their own administrator role or the last administrator's.",
    authScopes: { permission: 'user-roles:delete' },
    args: { ids: t.arg.idList({ required: true, validate: idList('user role') }) },
    resolve: (_root, args, ctx) => deleteManyAuthorizationUserRoles(ctx, ids(args.ids)),
  }),
);
