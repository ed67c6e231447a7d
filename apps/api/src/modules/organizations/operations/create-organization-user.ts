import type { Executor } from '@tidewise/db/client';
import { users } from '@tidewise/db/schema/identity';
import { organizationUsers } from '@tidewise/db/schema/organizations';
import {
  authorizationPermissions,
  authorizationRolePermissions,
  authorizationRoles,
  authorizationUserRoles,
} from '@tidewise/db/schema/roles';
import type { CreateOrganizationUserInput } from '@tidewise/shared/organization';
import { isSystemRole, SYSTEM_ROLE_PERMISSIONS, SYSTEM_ROLES, type SystemRole } from '@tidewise/shared/permissions';
import { and, eq, inArray, isNull, or } from 'drizzle-orm';
import type { Context } from '../../../context.ts';
import { recordAudit } from '../../../lib/audit.ts';
import { AppError, notFound } from '../../../lib/errors.ts';
import { createInvitation } from '../../../lib/identity/invitations.ts';
import { findUserByEmail, normalizeEmail } from '../../../lib/identity/users.ts';
import { canGrantPermissions } from '../organization.policy.ts';
import { inTransactionWithMail } from '../../../lib/deferred-mail.ts';
import { isUniqueViolation } from '../../../lib/db.ts';
import { requireActor } from '../../../lib/authz.ts';
import type { OrganizationUserWithUser } from '../memberships.ts';

export const DEFAULT_ROLE: SystemRole = 'contributor';

type GrantedRole = { id: string; key: string | null; permissions: string[] };

/** Roles the caller may name: system roles and the custom roles of their own organization. */
const loadGrantableRoles = async (db: Executor, organizationId: string, ids: readonly string[]): Promise<GrantedRole[]> => {
  if (!ids.length) return [];
  const roles = await db
    .select({ id: authorizationRoles.id, key: authorizationRoles.key })
    .from(authorizationRoles)
    .where(
      and(
        inArray(authorizationRoles.id, [...ids]),
        or(isNull(authorizationRoles.organizationId), eq(authorizationRoles.organizationId, organizationId)),
      ),
    );
  const missing = ids.find((id) => !roles.some((r) => r.id === id));
  if (missing) throw notFound('Authorization role', missing);
  const links = await db
    .select({
      roleId: authorizationRolePermissions.authorizationRoleId,
      resource: authorizationPermissions.resource,
      action: authorizationPermissions.action,
    })
    .from(authorizationRolePermissions)
    .innerJoin(authorizationPermissions, eq(authorizationPermissions.id, authorizationRolePermissions.authorizationPermissionId))
    .where(inArray(authorizationRolePermissions.authorizationRoleId, [...ids]));
  return roles.map((role) => ({
    ...role,
    permissions: [
      ...links.filter((l) => l.roleId === role.id).map((l) => `${l.resource}:${l.action}`),
      ...(role.key && isSystemRole(role.key) ? SYSTEM_ROLE_PERMISSIONS[role.key] : []),
    ],
  }));
};

/** The system role stored on the account: the one named, else the most privileged system role among the ids. */
const primaryRole = (roleKey: SystemRole | null | undefined, granted: GrantedRole[]): SystemRole => {
  if (roleKey) return roleKey;
  if (!granted.length) return DEFAULT_ROLE;
  return SYSTEM_ROLES.find((key) => granted.some((g) => g.key === key)) ?? 'viewer';
};

/**
 * Adds a colleague: their account and membership in the caller's organization, their roles, and
 * the emailed invitation (`/auth/register?token=`). An email that already has an account is
 * refused with CONFLICT. Roles granting more than the caller holds are refused.
 */
export const createOrganizationUser = async (ctx: Context, input: CreateOrganizationUserInput): Promise<OrganizationUserWithUser> => {
  const actor = requireActor(ctx);
  const email = normalizeEmail(input.email);
  const taken = () => new AppError('CONFLICT', 'An account with this email address already exists.', { field: 'email' });
  try {
    return await inTransactionWithMail(ctx, async (tx, mailer) => {
      if (await findUserByEmail(tx, email)) throw taken();
      const granted = await loadGrantableRoles(tx, actor.organizationId, [...new Set(input.authorizationRoleIds ?? [])]);
      const role = primaryRole(input.roleKey, granted);
      const grantedPermissions = [...SYSTEM_ROLE_PERMISSIONS[role], ...granted.flatMap((g) => g.permissions)];
      if (!canGrantPermissions(actor.permissions, grantedPermissions)) {
        throw new AppError('FORBIDDEN', 'You cannot give a role with permissions you do not hold yourself.', { field: 'roleKey' });
      }
      const invitation = await createInvitation(
        { db: tx, mailer, env: ctx.env },
        {
          kind: 'organization_user',
          email,
          organizationId: actor.organizationId,
          invitedByUserId: actor.userId,
          firstName: input.firstName,
          lastName: input.lastName,
          jobPosition: input.jobPosition ?? null,
          role,
        },
      );
      const [systemRole] = await tx
        .select({ id: authorizationRoles.id })
        .from(authorizationRoles)
        .where(and(eq(authorizationRoles.key, role), isNull(authorizationRoles.organizationId)))
        .limit(1);
      const roleIds = [...new Set([...granted.map((g) => g.id), ...(systemRole ? [systemRole.id] : [])])];
      if (roleIds.length) {
        await tx
          .insert(authorizationUserRoles)
          .values(
            roleIds.map((authorizationRoleId) => ({
              userId: invitation.userId,
              organizationId: actor.organizationId,
              authorizationRoleId,
            })),
          )
          .onConflictDoNothing();
      }
      const [row] = await tx
        .select({ membership: organizationUsers, user: users })
        .from(organizationUsers)
        .innerJoin(users, eq(users.id, organizationUsers.userId))
        .where(and(eq(organizationUsers.userId, invitation.userId), eq(organizationUsers.organizationId, actor.organizationId)))
        .limit(1);
      if (!row) throw new Error('membership of the invited user is missing');
      await recordAudit(tx, ctx, {
        resource: 'organizationUser',
        resourceId: row.membership.id,
        description: `Invited ${email} to the organization`,
        before: null,
        after: {
          email,
          firstName: row.membership.firstName,
          lastName: row.membership.lastName,
          jobPosition: row.membership.jobPosition,
          role,
          authorizationRoleIds: roleIds,
          invitationId: invitation.invitationId,
        },
      });
      return { ...row.membership, user: row.user };
    });
  } catch (error) {
    if (isUniqueViolation(error)) throw taken();
    throw error;
  }
};
