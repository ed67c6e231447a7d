import type { Executor } from '@tidewise/db/client';
import { users } from '@tidewise/db/schema/identity';
import { invitations, organizations, organizationUsers } from '@tidewise/db/schema/organizations';
import type { SystemRole } from '@tidewise/shared/permissions';
import { and, eq, isNull } from 'drizzle-orm';
import type { Env } from '../../env.ts';
import { generateToken, hashToken } from '../crypto.ts';
import { AppError, notFound } from '../errors.ts';
import { assignSystemRole } from './system-roles.ts';
import type { Mailer } from '../mail.ts';
import { invitationEmail } from './emails.ts';
import { AUTH_MESSAGES } from './messages.ts';
import { findUserByEmail, normalizeEmail } from './users.ts';

export type InvitationKind = 'organization_user' | 'supplier';

export const INVITATION_TTL_DAYS = 7;

export type CreateInvitationInput = {
  kind: InvitationKind;
  email: string;
  /** The organization the invitee joins: the inviter's own, or the supplier organization. */
  organizationId: string;
  invitedByUserId?: string | null;
  firstName?: string | null;
  lastName?: string | null;
  jobPosition?: string | null;
  /** Defaults to `contributor` for organization users and `supplier_contributor` for suppliers. */
  role?: SystemRole;
  expiresInDays?: number;
};

export const invitationPath = (kind: InvitationKind) => (kind === 'supplier' ? '/supplier/register' : '/auth/register');

/**
 * Invites someone: creates (or reuses) their not yet registered user and membership, stores the
 * invitation by token hash and emails the link (`/auth/register?token=` for organization users,
 * `/supplier/register?token=` for suppliers). Returns the token for seeds and tests; callers facing
 * a client must not pass it on.
 */
export const createInvitation = async (
  services: { db: Executor; mailer: Mailer; env: Pick<Env, 'APP_URL'> },
  input: CreateInvitationInput,
) => {
  const { db } = services;
  const email = normalizeEmail(input.email);
  const [organization] = await db.select().from(organizations).where(eq(organizations.id, input.organizationId)).limit(1);
  if (!organization) throw notFound('Organization', input.organizationId);
  let user = await findUserByEmail(db, email);
  if (user?.passwordHash) throw new AppError('CONFLICT', AUTH_MESSAGES.emailTaken, { field: 'email' });
  const role = input.role ?? (input.kind === 'supplier' ? 'supplier_contributor' : 'contributor');
  if (!user) {
    const [created] = await db.insert(users).values({ email, role }).returning();
    if (!created) throw new Error('user insert returned nothing');
    user = created;
  }
  const [membership] = await db
    .select({ id: organizationUsers.id })
    .from(organizationUsers)
    .where(and(eq(organizationUsers.userId, user.id), eq(organizationUsers.organizationId, organization.id)))
    .limit(1);
  if (!membership) {
    await db.insert(organizationUsers).values({
      userId: user.id,
      organizationId: organization.id,
      firstName: input.firstName ?? null,
      lastName: input.lastName ?? null,
      jobPosition: input.jobPosition ?? null,
    });
  }
  await assignSystemRole(db, { userId: user.id, organizationId: organization.id, roleKey: role });
  const token = generateToken();
  const expiresInDays = input.expiresInDays ?? INVITATION_TTL_DAYS;
  const [invitation] = await db
    .insert(invitations)
    .values({
      kind: input.kind,
      tokenHash: hashToken(token),
      email,
      userId: user.id,
      organizationId: organization.id,
      invitedByUserId: input.invitedByUserId ?? null,
      expiresAt: new Date(Date.now() + expiresInDays * 24 * 60 * 60 * 1000),
    })
    .returning({ id: invitations.id });
  if (!invitation) throw new Error('invitation insert returned nothing');
  const url = `${services.env.APP_URL}${invitationPath(input.kind)}?token=${encodeURIComponent(token)}`;
  let invitedBy: string | null = null;
  if (organization.createdByOrganizationId && input.kind === 'supplier') {
    const [creator] = await db
      .select({ name: organizations.name })
      .from(organizations)
      .where(eq(organizations.id, organization.createdByOrganizationId))
      .limit(1);
    invitedBy = creator?.name ?? null;
  }
  await services.mailer.send({
    ...invitationEmail(email, { organizationName: organization.name, invitedBy, url, expiresInDays, supplier: input.kind === 'supplier' }),
    metadata: { kind: input.kind === 'supplier' ? 'supplier-invitation' : 'user-invitation', invitationId: invitation.id },
  });
  return { invitationId: invitation.id, userId: user.id, token, url };
};

/** Ends the open invitation links of a user, so only the newest one works. */
export const expireOpenInvitations = async (db: Executor, userId: string) => {
  await db
    .update(invitations)
    .set({ expiresAt: new Date() })
    .where(and(eq(invitations.userId, userId), isNull(invitations.acceptedAt)));
};
