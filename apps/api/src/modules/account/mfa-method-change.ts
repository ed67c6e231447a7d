import type { MfaMethod } from '@tidewise/shared/auth';
import type { Context } from '../../context.ts';
import { requireActor } from '../../lib/authz.ts';
import { AppError } from '../../lib/errors.ts';
import { findUserById } from '../../lib/identity/users.ts';

export const MFA_CHANGE_MESSAGES = {
  wrongPassword: 'The password is not correct.',
  sameEmailMethod: 'Email codes are already your second factor.',
  nothingPending: 'There is no second-factor change waiting for confirmation. Start again.',
  invalidCode: 'Invalid verification code. Please try again.',
} as const;

export type MfaMethodChangeStart = {
  method: MfaMethod;
  qrCodeDataURL: string | null;
  otpauthUri: string | null;
  expiresAt: Date;
};

/** The signed-in account, which must have a password: only a registered account changes its second factor. */
export const requireUser = async (ctx: Context) => {
  const user = await findUserById(ctx.db, requireActor(ctx).userId);
  if (!user?.passwordHash) throw new AppError('NOT_FOUND', 'User not found');
  return user;
};
