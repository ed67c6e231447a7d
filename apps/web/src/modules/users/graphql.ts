import { gql } from 'urql';
import type { SortInput } from '../../lib/sort.ts';
import type { AuthorizationRole } from '../../lib/authorization-role.ts';
import type { PageInfo } from '../../lib/page-info.ts';

export type OrganizationUser = {
  id: string;
  userId: string;
  firstName: string | null;
  lastName: string | null;
  jobPosition: string | null;
  email: string;
  role: string;
  registered: boolean;
  lockedAt: string | null;
  lockReason: string | null;
  createdAt: string;
};

const USER_FIELDS = 'id userId firstName lastName jobPosition email role registered lockedAt lockReason createdAt';
const PAGE_INFO = 'pageInfo { totalPages currentPage totalCount hasNextPage hasPreviousPage }';

export type Pagination = { page: number; pageSize: number };

export type OrganizationUserSortField = 'name' | 'email' | 'role' | 'createdAt';

export const OrganizationUsersQuery = gql<
  { organizationUsers: { data: OrganizationUser[]; pageInfo: PageInfo } },
  { pagination: Pagination; search: string | null; sort: SortInput<OrganizationUserSortField> | null }
>(`
  query OrganizationUsers($pagination: PaginationInput, $search: String, $sort: OrganizationUserSortInput) {
    organizationUsers(pagination: $pagination, search: $search, sort: $sort) {
      data { ${USER_FIELDS} }
      ${PAGE_INFO}
    }
  }
`);

export type RoleOption = Pick<AuthorizationRole, 'id' | 'key' | 'name' | 'description' | 'scope'>;

export const RoleOptionsQuery = gql<{ authorizationRoles: { data: RoleOption[] } }, Record<string, never>>`
  query RoleOptions {
    authorizationRoles(pagination: { page: 1, pageSize: 100 }) {
      data { id key name description scope }
    }
  }
`;

export type UserRole = { id: string; authorizationRoleId: string; role: { id: string; name: string } };

export const UserRolesQuery = gql<{ authorizationUserRoles: { data: UserRole[] } }, { userId: string }>`
  query UserRoles($userId: ID!) {
    authorizationUserRoles(userId: $userId, pagination: { page: 1, pageSize: 100 }) {
      data { id authorizationRoleId role { id name } }
    }
  }
`;

export type CreateOrganizationUserInput = {
  email: string;
  firstName: string;
  lastName: string;
  jobPosition: string | null;
  authorizationRoleIds: string[];
};

export const CreateOrganizationUserMutation = gql<{ createOrganizationUser: OrganizationUser }, { input: CreateOrganizationUserInput }>(`
  mutation CreateOrganizationUser($input: CreateOrganizationUserInput!) {
    createOrganizationUser(input: $input) { ${USER_FIELDS} }
  }
`);

export const DeleteOrganizationUsersMutation = gql<{ deleteManyOrganizationUsers: { count: number } }, { ids: string[] }>`
  mutation DeleteManyOrganizationUsers($ids: [ID!]!) {
    deleteManyOrganizationUsers(ids: $ids) { count deletedIds }
  }
`;

export const LockOrganizationUserMutation = gql<{ lockOrganizationUser: OrganizationUser }, { id: string; reason: string }>(`
  mutation LockOrganizationUser($id: ID!, $reason: String!) {
    lockOrganizationUser(id: $id, reason: $reason) { ${USER_FIELDS} }
  }
`);

export const UnlockUserMutation = gql<{ unlockAuthenticationUser: { id: string; lockedAt: string | null } }, { userId: string }>`
  mutation UnlockAuthenticationUser($userId: ID!) {
    unlockAuthenticationUser(userId: $userId) { id lockedAt }
  }
`;

export const ResendInvitationMutation = gql<
  { resendOrganizationUserInvitation: { success: boolean; message: string | null; errors: { message: string }[] } },
  { id: string }
>`
  mutation ResendOrganizationUserInvitation($id: ID!) {
    resendOrganizationUserInvitation(id: $id) { success message errors { message } }
  }
`;

export const CreateUserRolesMutation = gql<
  { createManyAuthorizationUserRoles: { id: string }[] },
  { input: { userId: string; authorizationRoleId: string }[] }
>`
  mutation CreateManyAuthorizationUserRoles($input: [CreateAuthorizationUserRoleInput!]!) {
    createManyAuthorizationUserRoles(input: $input) { id }
  }
`;

export const DeleteUserRolesMutation = gql<{ deleteManyAuthorizationUserRoles: number }, { ids: string[] }>`
  mutation DeleteManyAuthorizationUserRoles($ids: [ID!]!) {
    deleteManyAuthorizationUserRoles(ids: $ids)
  }
`;

export type EmailChangeRequest = {
  id: string;
  userId: string;
  currentEmail: string;
  newEmail: string;
  status: 'pending' | 'approved' | 'rejected' | 'cancelled';
  decidedAt: string | null;
  createdAt: string;
};

export const EmailChangeRequestsQuery = gql<
  { emailChangeRequests: { data: EmailChangeRequest[]; pageInfo: PageInfo } },
  { pagination: Pagination; status: EmailChangeRequest['status'] | null }
>(`
  query EmailChangeRequests($pagination: PaginationInput, $status: EmailChangeStatus) {
    emailChangeRequests(pagination: $pagination, status: $status) {
      data { id userId currentEmail newEmail status decidedAt createdAt }
      ${PAGE_INFO}
    }
  }
`);

export const ApproveEmailChangeMutation = gql<{ approveEmailChange: EmailChangeRequest }, { id: string }>`
  mutation ApproveEmailChange($id: ID!) {
    approveEmailChange(id: $id) { id userId currentEmail newEmail status decidedAt createdAt }
  }
`;

export const RejectEmailChangeMutation = gql<{ rejectEmailChange: EmailChangeRequest }, { id: string }>`
  mutation RejectEmailChange($id: ID!) {
    rejectEmailChange(id: $id) { id userId currentEmail newEmail status decidedAt createdAt }
  }
`;
