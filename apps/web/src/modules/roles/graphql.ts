import { gql } from 'urql';
import type { AuthorizationPermission, AuthorizationRole } from '../../lib/authorization-role.ts';
import type { PageInfo } from '../../lib/page-info.ts';

const ROLE_FIELDS = `
  id key name description scope userCount
  rolePermissions { permission { id resource action description } }
`;

export const RolesQuery = gql<
  { authorizationRoles: { data: AuthorizationRole[]; pageInfo: PageInfo } },
  { pagination: { page: number; pageSize: number } }
>(`
  query AuthorizationRoles($pagination: PaginationInput) {
    authorizationRoles(pagination: $pagination) {
      data { ${ROLE_FIELDS} }
      pageInfo { totalPages currentPage totalCount hasNextPage hasPreviousPage }
    }
  }
`);

export const PermissionsQuery = gql<{ authorizationPermissions: AuthorizationPermission[] }, Record<string, never>>`
  query AuthorizationPermissions {
    authorizationPermissions { id resource action description }
  }
`;

export type RoleInput = { name: string; description: string | null; permissionIds: string[] };

export const CreateRoleMutation = gql<{ createAuthorizationRole: AuthorizationRole }, { input: RoleInput }>(`
  mutation CreateAuthorizationRole($input: CreateAuthorizationRoleInput!) {
    createAuthorizationRole(input: $input) { ${ROLE_FIELDS} }
  }
`);

export const UpdateRoleMutation = gql<
  { updateAuthorizationRole: AuthorizationRole },
  { id: string; input: { name: string; description: string | null } }
>(`
  mutation UpdateAuthorizationRole($id: ID!, $input: UpdateAuthorizationRoleInput!) {
    updateAuthorizationRole(id: $id, input: $input) { ${ROLE_FIELDS} }
  }
`);

export const AssignPermissionsMutation = gql<
  { assignAuthorizationPermissions: AuthorizationRole },
  { roleId: string; permissionIds: string[] }
>(`
  mutation AssignAuthorizationPermissions($roleId: ID!, $permissionIds: [ID!]!) {
    assignAuthorizationPermissions(roleId: $roleId, permissionIds: $permissionIds) { ${ROLE_FIELDS} }
  }
`);

export const RemovePermissionsMutation = gql<
  { removeAuthorizationPermissions: AuthorizationRole },
  { roleId: string; permissionIds: string[] }
>(`
  mutation RemoveAuthorizationPermissions($roleId: ID!, $permissionIds: [ID!]!) {
    removeAuthorizationPermissions(roleId: $roleId, permissionIds: $permissionIds) { ${ROLE_FIELDS} }
  }
`);

export const DeleteRoleMutation = gql<{ deleteAuthorizationRole: { id: string } }, { id: string }>`
  mutation DeleteAuthorizationRole($id: ID!) {
    deleteAuthorizationRole(id: $id) { id }
  }
`;
