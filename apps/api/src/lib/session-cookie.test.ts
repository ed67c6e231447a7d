import { describe, expect, it } from 'vitest';
import { clearedRefreshCookie, readRefreshCookie, refreshCookie } from './session-cookie.ts';

const now = Date.parse('2030-01-01T00:00:00Z');

describe('refresh cookie', () => {
  it('lives as long as the refresh token and is Secure only behind https', () => {
    const expiresAt = new Date(now + 90_500);
    expect(refreshCookie({ APP_URL: 'http://127.0.0.1:3000' }, 'abc', expiresAt, now)).toBe(
      'tidewise_refresh=abc; Path=/session; Max-Age=90; HttpOnly; SameSite=Strict',
    );
    expect(refreshCookie({ APP_URL: 'https://tidewise.example' }, 'abc', expiresAt, now)).toBe(
      'tidewise_refresh=abc; Path=/session; Max-Age=90; HttpOnly; SameSite=Strict; Secure',
    );
    expect(refreshCookie({ APP_URL: 'https://tidewise.example' }, 'abc', new Date(now - 1), now)).toContain('Max-Age=0;');
  });

  it('is cleared with an empty value and no lifetime', () => {
    expect(clearedRefreshCookie({ APP_URL: 'https://tidewise.example' })).toBe(
      'tidewise_refresh=; Path=/session; Max-Age=0; HttpOnly; SameSite=Strict; Secure',
    );
  });

  it('is read from a Cookie header among others', () => {
    expect(readRefreshCookie('a=1; tidewise_refresh=tok-en_1; b=2')).toBe('tok-en_1');
    expect(readRefreshCookie('tidewise_refresh_old=x; a=1')).toBeNull();
    expect(readRefreshCookie('tidewise_refresh=')).toBeNull();
    expect(readRefreshCookie(undefined)).toBeNull();
  });
});
