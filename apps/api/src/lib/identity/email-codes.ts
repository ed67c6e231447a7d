import type { Executor } from '@tidewise/db/client';
import { emailCodes } from '@tidewise/db/schema/identity';
import { MAX_CODE_ATTEMPTS, VERIFICATION_CODE_LENGTH } from '@tidewise/shared/auth';
import { and, desc, eq, isNull, type SQL, sql } from 'drizzle-orm';
import { digestsEqual, generateNumericCode, hashCode } from '../crypto.ts';

export type EmailCodePurpose = 'login' | 'reset' | 'setup';

/** What a code is bound to: a sign-in, a reset, or (for MFA setup) only the user. */
export type EmailCodeBinding =
  | { purpose: 'login'; userId: string; loginChallengeId: string }
  | { purpose: 'reset'; userId: string; passwordResetId: string }
  | { purpose: 'setup'; userId: string };

const bindingFilter = (binding: EmailCodeBinding): SQL => {
  const base = [eq(emailCodes.userId, binding.userId), eq(emailCodes.purpose, binding.purpose)];
  if (binding.purpose === 'login') base.push(eq(emailCodes.loginChallengeId, binding.loginChallengeId));
  if (binding.purpose === 'reset') base.push(eq(emailCodes.passwordResetId, binding.passwordResetId));
  return and(...base) as SQL;
};

/**
 * Creates a fresh code for the binding and retires any earlier unused one, so only the newest code
 * of a sign-in, reset or setup works. Returns the code in clear for the email; only its keyed hash
 * is stored.
 */
export const issueEmailCode = async (db: Executor, key: Buffer, binding: EmailCodeBinding, ttlMinutes: number) => {
  await db
    .update(emailCodes)
    .set({ usedAt: new Date() })
    .where(and(bindingFilter(binding), isNull(emailCodes.usedAt)));
  const code = generateNumericCode(VERIFICATION_CODE_LENGTH);
  await db.insert(emailCodes).values({
    userId: binding.userId,
    purpose: binding.purpose,
    codeHash: hashCode(key, code),
    loginChallengeId: binding.purpose === 'login' ? binding.loginChallengeId : null,
    passwordResetId: binding.purpose === 'reset' ? binding.passwordResetId : null,
    expiresAt: new Date(Date.now() + ttlMinutes * 60_000),
  });
  return code;
};

export type EmailCodeCheck = 'ok' | 'invalid' | 'expired';

/**
 * Checks a code against the newest unused code of the binding. A wrong code costs one of
 * MAX_CODE_ATTEMPTS; an expired, exhausted or already used code never matches. A match is consumed
 * in the same statement that checks it is still unused, so a code works once.
 */
export const checkEmailCode = async (db: Executor, key: Buffer, binding: EmailCodeBinding, code: string): Promise<EmailCodeCheck> => {
  const [row] = await db
    .select()
    .from(emailCodes)
    .where(and(bindingFilter(binding), isNull(emailCodes.usedAt)))
    .orderBy(desc(emailCodes.createdAt))
    .limit(1);
  if (!row || row.expiresAt.getTime() <= Date.now() || row.attempts >= MAX_CODE_ATTEMPTS) return 'expired';
  if (!digestsEqual(row.codeHash, hashCode(key, code))) {
    await db
      .update(emailCodes)
      .set({ attempts: sql`${emailCodes.attempts} + 1` })
      .where(eq(emailCodes.id, row.id));
    return 'invalid';
  }
  const consumed = await db
    .update(emailCodes)
    .set({ usedAt: new Date() })
    .where(
      and(
        eq(emailCodes.id, row.id),
        isNull(emailCodes.usedAt),
        sql`${emailCodes.attempts} < ${MAX_CODE_ATTEMPTS}`,
        sql`${emailCodes.expiresAt} > now()`,
      ),
    )
    .returning({ id: emailCodes.id });
  return consumed.length === 1 ? 'ok' : 'expired';
};
