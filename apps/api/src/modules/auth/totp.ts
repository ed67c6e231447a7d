import type { Executor } from '@tidewise/db/client';
import { users } from '@tidewise/db/schema/identity';
import { PRODUCT_NAME } from '@tidewise/shared/product';
import { and, eq, isNull, lt, or } from 'drizzle-orm';
import { generateSecret, generateURI, verify } from 'otplib';
import QRCode from 'qrcode';
import { decryptSecret, encryptSecret } from '../../lib/crypto.ts';

/** RFC 6238 defaults, spelled out: SHA-1, 6 digits, 30-second steps, one step of drift either way. */
const TOTP = { algorithm: 'sha1', digits: 6, period: 30 } as const;
const DRIFT_SECONDS = TOTP.period;

/** A new secret, its encrypted form for the database, and the QR code an authenticator app scans. */
export const createTotpSetup = async (key: Buffer, accountEmail: string) => {
  const secret = generateSecret();
  const uri = generateURI({ issuer: PRODUCT_NAME, label: accountEmail, secret, ...TOTP });
  const qrCodeDataURL = await QRCode.toDataURL(uri, { errorCorrectionLevel: 'M', margin: 1, width: 240 });
  return { encryptedSecret: encryptSecret(key, secret), qrCodeDataURL };
};

type TotpUser = { id: string; totpSecretEncrypted: string | null; totpLastTimeStep: number | null };

/**
 * Verifies a code and claims its time step, so the same code (or an older one) is refused next
 * time. The claim is a conditional update: two parallel requests with one code cannot both win.
 */
export const verifyAndConsumeTotp = async (db: Executor, key: Buffer, user: TotpUser, code: string): Promise<boolean> => {
  if (!user.totpSecretEncrypted || !/^\d{6}$/.test(code)) return false;
  const secret = decryptSecret(key, user.totpSecretEncrypted);
  let result: Awaited<ReturnType<typeof verify>>;
  try {
    result = await verify({
      secret,
      token: code,
      ...TOTP,
      epochTolerance: DRIFT_SECONDS,
      ...(user.totpLastTimeStep === null ? {} : { afterTimeStep: user.totpLastTimeStep }),
    });
  } catch {
    // A stored step ahead of the server clock: nothing can be newer, so nothing is accepted.
    return false;
  }
  if (!result.valid || !('timeStep' in result)) return false;
  const claimed = await db
    .update(users)
    .set({ totpLastTimeStep: result.timeStep })
    .where(and(eq(users.id, user.id), or(isNull(users.totpLastTimeStep), lt(users.totpLastTimeStep, result.timeStep))))
    .returning({ id: users.id });
  return claimed.length === 1;
};
