import { describe, expect, it } from 'vitest';
import { signedLinkKind } from './signed-links.ts';

type Claims = { organizationId: string };
const isClaims = (value: unknown): value is Claims => typeof (value as Claims | undefined)?.organizationId === 'string';
const exports = signedLinkKind<Claims>({ label: 'test/exports/v1', audience: 'test-export', claim: 'export', ttlSeconds: 300, isClaims });
const templates = signedLinkKind<Claims>({
  label: 'test/templates/v1',
  audience: 'test-template',
  claim: 'template',
  ttlSeconds: 300,
  isClaims,
});
const key = new TextEncoder().encode('a signing key of at least thirty-two bytes');

describe('signed download links', () => {
  it('carry their claims and expire after their time to live, to the second', async () => {
    const now = Date.parse('2026-03-01T10:00:00.400Z');
    const { token, expiresAt } = await exports.sign(key, { organizationId: 'org-1' }, now);
    expect(expiresAt.toISOString()).toBe('2026-03-01T10:05:00.000Z');
    expect(await exports.verify(key, token)).toEqual({ valid: false, reason: 'expired' });
    const fresh = await exports.sign(key, { organizationId: 'org-1' });
    expect(await exports.verify(key, fresh.token)).toEqual({ valid: true, claims: { organizationId: 'org-1' } });
  });

  it('are refused by another kind of link, under another signing key, or with claims of the wrong shape', async () => {
    const { token } = await exports.sign(key, { organizationId: 'org-1' });
    expect(await templates.verify(key, token)).toEqual({ valid: false, reason: 'invalid' });
    expect(await exports.verify(new TextEncoder().encode('another signing key, also long enough'), token)).toEqual({
      valid: false,
      reason: 'invalid',
    });
    const odd = await exports.sign(key, { organizationId: 7 } as unknown as Claims);
    expect(await exports.verify(key, odd.token)).toEqual({ valid: false, reason: 'invalid' });
    expect(await exports.verify(key, `${token.slice(0, -2)}xx`)).toEqual({ valid: false, reason: 'invalid' });
  });
});
