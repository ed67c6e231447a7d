import type { Executor } from '@tidewise/db/client';
import { users } from '@tidewise/db/schema/identity';
import { PRODUCT_NAME } from '@tidewise/shared/product';
import { and, eq, isNull, lt, or } from 'drizzle-orm';
import { generateSecret, generateURI, verify } from 'otplib';
import QRCode from 'qrcode';
import { decryptSecret, encryptSecret } from '../crypto.ts';

/** RFC 6238 defaults, spelled out: SHA-1, 6 digits, 30-second steps, one step of drift either way. */
const TOTP = { algorithm: 'sha1', digits: 6, period: 30 } as const;
const DRIFT_SECONDS = TOTP.period;

/** A new secret, its encrypted form for the database, and the QR code an authenticator app scans. */
export const createTotpSetup = async (key: Buffer, accountEmail: string) => {
  const secret = generateSecret();
  const uri = generateURI({ issuer: PRODUCT_NAME, label: accountEmail, secret, ...TOTP });
  const qrCodeDataURL = await QRCode.toDataURL(uri, { errorCorrectionLevel: 'M', margin: 1, width: 240 });
  return { encryptedSecret: encryptSecret(key, secret), qrCodeDataURL, otpauthUri: uri };
};

/**
 * The time step a code belongs to, or null when it is wrong for this secret or not newer than
 * `afterTimeStep`. Pure check: claiming the step against replay is the caller's job.
 */
export const matchTotpCode = async (
  key: Buffer,
  encryptedSecret: string,
  code: string,
  afterTimeStep: number | null,
): Promise<number | null> => {
  if (!/^\d{6}$/.test(code)) return null;
  const secret = decryptSecret(key, encryptedSecret);
  try {
    const result = await verify({
      secret,
      token: code,
      ...TOTP,
      epochTolerance: DRIFT_SECONDS,
      ...(afterTimeStep === null ? {} : { afterTimeStep }),
    });
    return result.valid && 'timeStep' in result ? result.timeStep : null;
  } catch {
    // A stored step ahead of the server clock: nothing can be newer, so nothing is accepted.
    return null;
  }
};

type TotpUser = { id: string; totpSecretEncrypted: string | null; totpLastTimeStep: number | null };

/**
 * Verifies a code and claims its time step, so the same code (or an older one) is refused next
 * time. The claim is a conditional update: two parallel requests with one code cannot both win.
 */
export const verifyAndConsumeTotp = async (db: Executor, key: Buffer, user: TotpUser, code: string): Promise<boolean> => {
  if (!user.totpSecretEncrypted) return false;
  const timeStep = await matchTotpCode(key, user.totpSecretEncrypted, code, user.totpLastTimeStep);
  if (timeStep === null) return false;
  const claimed = await db
    .update(users)
    .set({ totpLastTimeStep: timeStep })
    .where(and(eq(users.id, user.id), or(isNull(users.totpLastTimeStep), lt(users.totpLastTimeStep, timeStep))))
    .returning({ id: users.id });
  return claimed.length === 1;
};
