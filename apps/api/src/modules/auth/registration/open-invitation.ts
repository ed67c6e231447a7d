import type { Executor } from '@tidewise/db/client';
import { users } from '@tidewise/db/schema/identity';
import { invitations } from '@tidewise/db/schema/organizations';
import { eq } from 'drizzle-orm';
import { hashToken } from '../../../lib/crypto.ts';
import { AppError } from '../../../lib/errors.ts';
import { AUTH_MESSAGES } from '../../../lib/identity/messages.ts';

/** An open invitation and its user, or the one error every unusable token gets. */
export const getOpenInvitation = async (db: Executor, token: string) => {
  const [row] = token
    ? await db
        .select({ invitation: invitations, user: users })
        .from(invitations)
        .innerJoin(users, eq(users.id, invitations.userId))
        .where(eq(invitations.tokenHash, hashToken(token.trim())))
        .limit(1)
    : [];
  if (!row || row.invitation.acceptedAt || row.invitation.expiresAt.getTime() <= Date.now() || row.user.passwordHash) {
    throw new AppError('VALIDATION_FAILED', AUTH_MESSAGES.invalidInvitation, { field: 'token' });
  }
  return row;
};
