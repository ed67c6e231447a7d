import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { checkClaims, deriveUrlSigningKey, signClaims, type UploadClaims } from './signed-url.ts';

const secret = deriveUrlSigningKey(new TextEncoder().encode('a-token-signing-key-of-at-least-32-characters'));
const now = Date.UTC(2026, 0, 15, 12, 0, 0);
const upload: UploadClaims = { method: 'PUT', key: 'org/1/abc', maxBytes: 1000, expiresAt: now / 1000 + 900 };

describe('signed file URLs', () => {
  it('accept their own signature until they expire, and not from the expiry second on', () => {
    const sig = signClaims(secret, upload);
    expect(sig).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(checkClaims(secret, upload, sig, now)).toBe('valid');
    expect(checkClaims(secret, upload, sig, upload.expiresAt * 1000 - 1)).toBe('valid');
    expect(checkClaims(secret, upload, sig, upload.expiresAt * 1000)).toBe('expired');
  });

  it('refuse a change to any signed part', () => {
    const sig = signClaims(secret, upload);
    expect(checkClaims(secret, { ...upload, key: 'org/1/abd' }, sig, now)).toBe('invalid');
    expect(checkClaims(secret, { ...upload, maxBytes: 1001 }, sig, now)).toBe('invalid');
    expect(checkClaims(secret, { ...upload, expiresAt: upload.expiresAt + 1 }, sig, now)).toBe('invalid');
    expect(checkClaims(secret, { method: 'GET', key: upload.key, fileName: '1000', expiresAt: upload.expiresAt }, sig, now)).toBe(
      'invalid',
    );
  });

  it('refuse every other spelling of the signature, a malformed one and another key', () => {
    const sig = signClaims(secret, upload);
    // Each position, each other base64url character: including spellings that decode to the same bytes.
    const alphabet = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_';
    const last = sig.length - 1;
    for (const position of [0, 20, last]) {
      for (const c of alphabet) {
        if (c === sig[position]) continue;
        const tampered = sig.slice(0, position) + c + sig.slice(position + 1);
        expect(checkClaims(secret, upload, tampered, now)).toBe('invalid');
      }
    }
    expect(checkClaims(secret, upload, '', now)).toBe('invalid');
    expect(checkClaims(secret, upload, `${sig}=`, now)).toBe('invalid');
    expect(checkClaims(secret, upload, sig.slice(1), now)).toBe('invalid');
    expect(checkClaims(randomBytes(32), upload, sig, now)).toBe('invalid');
  });

  it('report an expired link only when its signature is good', () => {
    const past = { ...upload, expiresAt: now / 1000 - 1 };
    const sig = signClaims(secret, past);
    expect(checkClaims(secret, past, sig, now)).toBe('expired');
    expect(checkClaims(secret, { ...past, maxBytes: 5 }, sig, now)).toBe('invalid');
  });

  it('sign download names exactly: a changed name is refused', () => {
    const download = { method: 'GET' as const, key: 'org/1/abc', fileName: 'report.csv', expiresAt: now / 1000 + 60 };
    const sig = signClaims(secret, download);
    expect(checkClaims(secret, download, sig, now)).toBe('valid');
    expect(checkClaims(secret, { ...download, fileName: 'report.html' }, sig, now)).toBe('invalid');
  });

  it('derive a key of its own from the token signing key', () => {
    const tokenKey = new TextEncoder().encode('a-token-signing-key-of-at-least-32-characters');
    expect(deriveUrlSigningKey(tokenKey)).toEqual(secret);
    expect(deriveUrlSigningKey(tokenKey).equals(Buffer.from(tokenKey))).toBe(false);
    expect(deriveUrlSigningKey(new TextEncoder().encode('another-token-signing-key-of-32-characters'))).not.toEqual(secret);
  });
});
