import { graphql, type ResultOf } from '../../lib/graphql.ts';
import { PageInfoFields } from '../../lib/page-info.ts';

export const AuthorizationPermissionFields = graphql(`
  fragment AuthorizationPermissionFields on AuthorizationPermission {
    id resource action description
  }
`);

export type AuthorizationPermission = ResultOf<typeof AuthorizationPermissionFields>;

/** Roles and their permissions as the roles screen lists them. */
export const AuthorizationRoleFields = graphql(
  `
    fragment AuthorizationRoleFields on AuthorizationRole {
      id key name description scope userCount
      rolePermissions { permission { ...AuthorizationPermissionFields } }
    }
  `,
  [AuthorizationPermissionFields],
);

export type AuthorizationRole = ResultOf<typeof AuthorizationRoleFields>;

export const RolesQuery = graphql(
  `
    query AuthorizationRoles($pagination: PaginationInput) {
      authorizationRoles(pagination: $pagination) {
        data { ...AuthorizationRoleFields }
        pageInfo { ...PageInfoFields }
      }
    }
  `,
  [AuthorizationRoleFields, PageInfoFields],
);

export const PermissionsQuery = graphql(
  `
    query AuthorizationPermissions {
      authorizationPermissions { ...AuthorizationPermissionFields }
    }
  `,
  [AuthorizationPermissionFields],
);

export const CreateRoleMutation = graphql(
  `
    mutation CreateAuthorizationRole($input: CreateAuthorizationRoleInput!) {
      createAuthorizationRole(input: $input) { ...AuthorizationRoleFields }
    }
  `,
  [AuthorizationRoleFields],
);

export const UpdateRoleMutation = graphql(
  `
    mutation UpdateAuthorizationRole($id: ID!, $input: UpdateAuthorizationRoleInput!) {
      updateAuthorizationRole(id: $id, input: $input) { ...AuthorizationRoleFields }
    }
  `,
  [AuthorizationRoleFields],
);

export const AssignPermissionsMutation = graphql(
  `
    mutation AssignAuthorizationPermissions($roleId: ID!, $permissionIds: [ID!]!) {
      assignAuthorizationPermissions(roleId: $roleId, permissionIds: $permissionIds) { ...AuthorizationRoleFields }
    }
  `,
  [AuthorizationRoleFields],
);

export const RemovePermissionsMutation = graphql(
  `
    mutation RemoveAuthorizationPermissions($roleId: ID!, $permissionIds: [ID!]!) {
      removeAuthorizationPermissions(roleId: $roleId, permissionIds: $permissionIds) { ...AuthorizationRoleFields }
    }
  `,
  [AuthorizationRoleFields],
);

export const DeleteRoleMutation = graphql(`
  mutation DeleteAuthorizationRole($id: ID!) {
    deleteAuthorizationRole(id: $id) { id }
  }
`);
