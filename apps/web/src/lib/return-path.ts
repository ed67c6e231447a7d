/**
 * Where to return after signing in again. Only paths inside this application qualify: an absolute
 * URL, a protocol-relative `//host` or a sign-in page itself would be an open redirect or a loop.
 */
export const safeReturnPath = (value: string | null | undefined): string | null => {
  if (!value?.startsWith('/') || value.startsWith('//') || value.startsWith('/\\')) return null;
  if (value === '/auth' || value.startsWith('/auth/') || value.startsWith('/auth?')) return null;
  return value;
};

/** Reads `prevPath` from a URL fragment such as `#prevPath=%2Fapp%2Fsettings`. */
export const readPrevPath = (hash: string): string | null => {
  const params = new URLSearchParams(hash.replace(/^#/, ''));
  return safeReturnPath(params.get('prevPath'));
};

/** The fragment that carries a return path through the sign-in screens (never sent to a server). */
export const prevPathFragment = (prevPath: string | null | undefined) => {
  const safe = safeReturnPath(prevPath);
  return safe ? `#prevPath=${encodeURIComponent(safe)}` : '';
};

export const callbackUrl = (token: string, prevPath?: string | null) =>
  `/auth/callback?token=${encodeURIComponent(token)}${prevPathFragment(prevPath)}`;
