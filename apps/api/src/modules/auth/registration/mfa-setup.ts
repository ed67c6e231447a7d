import type { Executor } from '@tidewise/db/client';
import { users } from '@tidewise/db/schema/identity';
import { MFA_CODE_TTL_MINUTES, type MfaMethod } from '@tidewise/shared/auth';
import { eq } from 'drizzle-orm';
import type { AppServices } from '../../../context.ts';
import { issueEmailCode } from '../../../lib/identity/email-codes.ts';
import { setupCodeEmail } from '../../../lib/identity/emails.ts';
import { createTotpSetup } from '../../../lib/identity/totp.ts';

/**
 * What a new account needs to finish its second factor. Authenticator: the QR code and the
 * otpauth URI it encodes (for typing the key by hand). Email: neither; a code has been sent.
 */
export type MfaSetupStart = { qrCodeDataURL: string | null; otpauthUri: string | null };

/**
 * Starts the second factor of a new account. Authenticator: a new encrypted secret and the QR code
 * to scan, confirmed by verifyAuthenticatorSetup. Email: a setup code, confirmed by verifyEmailMfa.
 * Either way the account has no trusted second factor until the confirmation.
 */
export const startMfaSetup = async (
  db: Executor,
  services: Pick<AppServices, 'secrets' | 'mailer'>,
  user: { id: string; email: string },
  method: MfaMethod,
): Promise<MfaSetupStart> => {
  if (method === 'Authenticator') {
    const { encryptedSecret, qrCodeDataURL, otpauthUri } = await createTotpSetup(services.secrets.encryptionKey, user.email);
    await db
      .update(users)
      .set({ mfaMethod: 'Authenticator', mfaEnabled: false, totpSecretEncrypted: encryptedSecret, totpLastTimeStep: null })
      .where(eq(users.id, user.id));
    return { qrCodeDataURL, otpauthUri };
  }
  await db
    .update(users)
    .set({ mfaMethod: 'Email', mfaEnabled: false, totpSecretEncrypted: null, totpLastTimeStep: null })
    .where(eq(users.id, user.id));
  const code = await issueEmailCode(db, services.secrets.encryptionKey, { purpose: 'setup', userId: user.id }, MFA_CODE_TTL_MINUTES);
  await services.mailer.send(setupCodeEmail(user.email, code));
  return { qrCodeDataURL: null, otpauthUri: null };
};
