import type { SystemRole } from '@tidewise/shared/permissions';
import type { TestServer } from './harness.ts';
import {
  type Client,
  codeIn,
  exchangeHandoff,
  type Mailbox,
  REGISTER,
  STRONG_PASSWORD,
  signUpOrganization,
  uniqueEmail,
  VERIFY_EMAIL_MFA,
  waitForNewMail,
} from './auth-test-kit.ts';
import { createInvitation } from '../lib/identity/invitations.ts';

/** Shared by the roles and logs integration tests: organizations with members holding system roles. */

export type Member = { userId: string; email: string; token: string };
export type Organization = { organizationId: string; admin: Member };

export const signUp = async (client: Client, mailbox: Mailbox): Promise<Organization> => {
  const admin = await signUpOrganization(client, mailbox);
  const organizationId = admin.session.user.organizationUser?.organizationId;
  if (!organizationId) throw new Error('sign-up made no membership');
  return { organizationId, admin: { userId: admin.userId, email: admin.email, token: admin.session.token } };
};

/** Invited, registered with the Email method and signed in: a member holding `role`. */
export const addMember = async (
  server: TestServer,
  client: Client,
  mailbox: Mailbox,
  organization: Organization,
  role: SystemRole,
): Promise<Member> => {
  const email = uniqueEmail(role.replace('_', '-'));
  const invitation = await createInvitation(
    { db: server.database.db, mailer: server.app.services.mailer, env: server.env },
    { kind: 'organization_user', email, organizationId: organization.organizationId, invitedByUserId: organization.admin.userId, role },
  );
  const before = new Set((await mailbox.list(email)).map((m) => m.id));
  const registered = await client.gql(REGISTER, { input: { token: invitation.token, password: STRONG_PASSWORD, mfaMethod: 'Email' } });
  if (registered.errors) throw new Error(`register failed: ${JSON.stringify(registered.errors)}`);
  const code = codeIn(await waitForNewMail(mailbox, email, before));
  const verified = await client.gql<{ verifyEmailMfa: { token: string } }>(VERIFY_EMAIL_MFA, {
    input: { userId: invitation.userId, code },
  });
  if (!verified.data) throw new Error(`verifyEmailMfa failed: ${JSON.stringify(verified.errors)}`);
  const session = await exchangeHandoff(client, verified.data.verifyEmailMfa.token);
  return { userId: invitation.userId, email, token: session.token };
};

export const ROLE_FIELDS = `id key name description scope organizationId isSystem userCount
  permissions { id resource action name }
  rolePermissions { authorizationRoleId authorizationPermissionId permission { name } }`;
export const USER_ROLE_FIELDS = `id userId email organizationId authorizationRoleId role { id key name }`;

export const PERMISSIONS_QUERY = `query { authorizationPermissions { id resource action name description createdAt updatedAt } }`;
export const ROLES_QUERY = `query($pagination: PaginationInput, $search: String) {
  authorizationRoles(pagination: $pagination, search: $search) { data { ${ROLE_FIELDS} } pageInfo { totalPages currentPage totalCount hasNextPage hasPreviousPage } }
}`;
export const ROLE_QUERY = `query($id: ID!) { authorizationRole(id: $id) { ${ROLE_FIELDS} } }`;
export const ROLE_BY_NAME_QUERY = `query($name: String!) { authorizationRoleByName(name: $name) { ${ROLE_FIELDS} } }`;
export const USER_ROLES_QUERY = `query($pagination: PaginationInput, $userId: ID) {
  authorizationUserRoles(pagination: $pagination, userId: $userId) { data { ${USER_ROLE_FIELDS} } pageInfo { totalCount } }
}`;
export const MY_USER_ROLES_QUERY = `query { myAuthorizationUserRoles { ${USER_ROLE_FIELDS} } }`;
export const CREATE_ROLE = `mutation($input: CreateAuthorizationRoleInput!) { createAuthorizationRole(input: $input) { ${ROLE_FIELDS} } }`;
export const UPDATE_ROLE = `mutation($id: ID!, $input: UpdateAuthorizationRoleInput!) { updateAuthorizationRole(id: $id, input: $input) { ${ROLE_FIELDS} } }`;
export const DELETE_ROLE = `mutation($id: ID!) { deleteAuthorizationRole(id: $id) { id name } }`;
export const DELETE_ROLES = `mutation($ids: [ID!]!) { deleteManyAuthorizationRoles(ids: $ids) }`;
export const ASSIGN_PERMISSIONS = `mutation($roleId: ID!, $permissionIds: [ID!]!) { assignAuthorizationPermissions(roleId: $roleId, permissionIds: $permissionIds) { ${ROLE_FIELDS} } }`;
export const REMOVE_PERMISSIONS = `mutation($roleId: ID!, $permissionIds: [ID!]!) { removeAuthorizationPermissions(roleId: $roleId, permissionIds: $permissionIds) { ${ROLE_FIELDS} } }`;
export const CREATE_USER_ROLES = `mutation($input: [CreateAuthorizationUserRoleInput!]!) { createManyAuthorizationUserRoles(input: $input) { ${USER_ROLE_FIELDS} } }`;
export const DELETE_USER_ROLES = `mutation($ids: [ID!]!) { deleteManyAuthorizationUserRoles(ids: $ids) }`;
export const VIEWER_PERMISSIONS = `query { viewer { permissions } }`;
