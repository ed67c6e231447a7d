import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { decryptSecret, encryptSecret, generateNumericCode, hashCode } from './crypto.ts';

describe('encryptSecret', () => {
  const key = randomBytes(32);
  it('round-trips and never stores the plaintext', () => {
    const sealed = encryptSecret(key, 'JBSWY3DPEHPK3PXP');
    expect(sealed).not.toContain('JBSWY3DPEHPK3PXP');
    expect(encryptSecret(key, 'JBSWY3DPEHPK3PXP')).not.toBe(sealed);
    expect(decryptSecret(key, sealed)).toBe('JBSWY3DPEHPK3PXP');
  });
  it('refuses a tampered value or another key', () => {
    const [version, iv, tag, body] = encryptSecret(key, 'secret').split(':');
    const flipped = Buffer.from(body ?? '', 'base64url');
    flipped[0] = (flipped[0] ?? 0) ^ 1;
    expect(() => decryptSecret(key, [version, iv, tag, flipped.toString('base64url')].join(':'))).toThrow();
    expect(() => decryptSecret(randomBytes(32), encryptSecret(key, 'secret'))).toThrow();
  });
});

describe('codes', () => {
  it('are six digits and hashed with the server key', () => {
    for (let i = 0; i < 50; i += 1) expect(generateNumericCode()).toMatch(/^\d{6}$/);
    const key = randomBytes(32);
    expect(hashCode(key, '123456')).toBe(hashCode(key, '123456'));
    expect(hashCode(key, '123456')).not.toBe(hashCode(randomBytes(32), '123456'));
  });
});
