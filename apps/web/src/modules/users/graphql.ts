import { graphql, type ResultOf, type VariablesOf } from '../../lib/graphql.ts';
import { PageInfoFields } from '../../lib/page-info.ts';

export const OrganizationUserFields = graphql(`
  fragment OrganizationUserFields on OrganizationUser {
    id userId firstName lastName jobPosition email role registered lockedAt lockReason createdAt
  }
`);

export type OrganizationUser = ResultOf<typeof OrganizationUserFields>;

export const OrganizationUsersQuery = graphql(
  `
    query OrganizationUsers($pagination: PaginationInput, $search: String, $sort: OrganizationUserSortInput) {
      organizationUsers(pagination: $pagination, search: $search, sort: $sort) {
        data { ...OrganizationUserFields }
        pageInfo { ...PageInfoFields }
      }
    }
  `,
  [OrganizationUserFields, PageInfoFields],
);

export type OrganizationUserSortField = NonNullable<VariablesOf<typeof OrganizationUsersQuery>['sort']>['field'];

export const RoleOptionsQuery = graphql(`
  query RoleOptions {
    authorizationRoles(pagination: { page: 1, pageSize: 100 }) {
      data { id key name description scope }
    }
  }
`);

export type RoleOption = ResultOf<typeof RoleOptionsQuery>['authorizationRoles']['data'][number];

export const UserRolesQuery = graphql(`
  query UserRoles($userId: ID!) {
    authorizationUserRoles(userId: $userId, pagination: { page: 1, pageSize: 100 }) {
      data { id authorizationRoleId role { id name } }
    }
  }
`);

export type UserRole = ResultOf<typeof UserRolesQuery>['authorizationUserRoles']['data'][number];

export const CreateOrganizationUserMutation = graphql(
  `
    mutation CreateOrganizationUser($input: CreateOrganizationUserInput!) {
      createOrganizationUser(input: $input) { ...OrganizationUserFields }
    }
  `,
  [OrganizationUserFields],
);

export const DeleteOrganizationUsersMutation = graphql(`
  mutation DeleteManyOrganizationUsers($ids: [ID!]!) {
    deleteManyOrganizationUsers(ids: $ids) { count deletedIds }
  }
`);

export const LockOrganizationUserMutation = graphql(
  `
    mutation LockOrganizationUser($id: ID!, $reason: String!) {
      lockOrganizationUser(id: $id, reason: $reason) { ...OrganizationUserFields }
    }
  `,
  [OrganizationUserFields],
);

export const UnlockUserMutation = graphql(`
  mutation UnlockAuthenticationUser($userId: ID!) {
    unlockAuthenticationUser(userId: $userId) { id lockedAt }
  }
`);

export const ResendInvitationMutation = graphql(`
  mutation ResendOrganizationUserInvitation($id: ID!) {
    resendOrganizationUserInvitation(id: $id) { success message errors { message } }
  }
`);

export const CreateUserRolesMutation = graphql(`
  mutation CreateManyAuthorizationUserRoles($input: [CreateAuthorizationUserRoleInput!]!) {
    createManyAuthorizationUserRoles(input: $input) { id }
  }
`);

export const DeleteUserRolesMutation = graphql(`
  mutation DeleteManyAuthorizationUserRoles($ids: [ID!]!) {
    deleteManyAuthorizationUserRoles(ids: $ids)
  }
`);

export const EmailChangeRequestFields = graphql(`
  fragment EmailChangeRequestFields on EmailChangeRequest {
    id userId currentEmail newEmail status decidedAt createdAt
  }
`);

export type EmailChangeRequest = ResultOf<typeof EmailChangeRequestFields>;

export const EmailChangeRequestsQuery = graphql(
  `
    query EmailChangeRequests($pagination: PaginationInput, $status: EmailChangeStatus) {
      emailChangeRequests(pagination: $pagination, status: $status) {
        data { ...EmailChangeRequestFields }
        pageInfo { ...PageInfoFields }
      }
    }
  `,
  [EmailChangeRequestFields, PageInfoFields],
);

export const ApproveEmailChangeMutation = graphql(
  `
    mutation ApproveEmailChange($id: ID!) {
      approveEmailChange(id: $id) { ...EmailChangeRequestFields }
    }
  `,
  [EmailChangeRequestFields],
);

export const RejectEmailChangeMutation = graphql(
  `
    mutation RejectEmailChange($id: ID!) {
      rejectEmailChange(id: $id) { ...EmailChangeRequestFields }
    }
  `,
  [EmailChangeRequestFields],
);
