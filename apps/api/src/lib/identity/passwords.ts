import { hash, verify } from '@node-rs/argon2';
import { generateToken } from '../crypto.ts';

/** argon2id with the library's defaults (19 MiB, 2 passes), the OWASP baseline. */
export const ARGON2_OPTIONS = { algorithm: 2 } as const;

/** Every password the API stores goes through here, so sign-up, invitations, resets and seeds hash alike. */
export const hashPassword = (password: string) => hash(password, ARGON2_OPTIONS);

/** True when the password matches the stored hash; a malformed or missing hash never matches. */
export const verifyPassword = (passwordHash: string | null, password: string): Promise<boolean> =>
  verify(passwordHash ?? '', password).catch(() => false);

// Verified against when the email is unknown, so both answers take the time of one argon2 check.
let dummyHash: Promise<string> | undefined;

/**
 * Spends the time of one password check without an account, so an unknown email answers as slowly
 * as a wrong password and the timing reveals nothing.
 */
export const verifyAgainstNoAccount = async (password: string): Promise<void> => {
  dummyHash ??= hashPassword(generateToken());
  await verifyPassword(await dummyHash, password);
};
