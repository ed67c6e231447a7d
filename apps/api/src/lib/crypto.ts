import { createCipheriv, createDecipheriv, createHash, createHmac, hkdfSync, randomBytes, randomInt, timingSafeEqual } from 'node:crypto';

const VERSION = 'v1';

/**
 * AES-256-GCM for secrets at rest (TOTP seeds). The output carries a version, IV and auth tag, so
 * a changed or truncated value fails to decrypt instead of yielding garbage.
 */
export const encryptSecret = (key: Buffer, plaintext: string): string => {
  const iv = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', key, iv);
  const ciphertext = Buffer.concat([cipher.update(plaintext, 'utf8'), cipher.final()]);
  return [VERSION, iv.toString('base64url'), cipher.getAuthTag().toString('base64url'), ciphertext.toString('base64url')].join(':');
};

export const decryptSecret = (key: Buffer, value: string): string => {
  const [version, iv, tag, ciphertext] = value.split(':');
  if (version !== VERSION || !iv || !tag || ciphertext === undefined) throw new Error('Unsupported encrypted value');
  const decipher = createDecipheriv('aes-256-gcm', key, Buffer.from(iv, 'base64url'));
  decipher.setAuthTag(Buffer.from(tag, 'base64url'));
  return Buffer.concat([decipher.update(Buffer.from(ciphertext, 'base64url')), decipher.final()]).toString('utf8');
};

/** An opaque, unguessable token (256 bits) for links and sign-in steps. */
export const generateToken = () => randomBytes(32).toString('base64url');

/** Tokens carry 256 bits of entropy, so a plain SHA-256 is enough to store them. */
export const hashToken = (token: string) => createHash('sha256').update(token, 'utf8').digest('hex');

/** A numeric code from the CSPRNG, left-padded with zeros. */
export const generateNumericCode = (length = 6) => String(randomInt(0, 10 ** length)).padStart(length, '0');

const codeKeys = new WeakMap<Buffer, Buffer>();

/**
 * Short codes have too few possibilities for a plain hash to protect them, so they are keyed with
 * a subkey derived from the server's encryption key: a leaked table alone does not reveal them.
 */
export const hashCode = (key: Buffer, code: string) => {
  let subkey = codeKeys.get(key);
  if (!subkey) {
    subkey = Buffer.from(hkdfSync('sha256', key, Buffer.alloc(0), 'tidewise email code', 32));
    codeKeys.set(key, subkey);
  }
  return createHmac('sha256', subkey).update(code, 'utf8').digest('hex');
};

/** Constant-time comparison of two hex digests. */
export const digestsEqual = (a: string, b: string) => {
  const left = Buffer.from(a, 'hex');
  const right = Buffer.from(b, 'hex');
  return left.length === right.length && timingSafeEqual(left, right);
};
