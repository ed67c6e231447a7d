/**
 * The setup key of an authenticator: the `secret` parameter of the otpauth URI the API returns
 * with the QR code, for people who cannot scan it. Anything that is not a base32 key answers null,
 * so the screen shows the QR code alone rather than a key that would not work.
 */
export const setupKeyOf = (otpauthUri: string | null | undefined): string | null => {
  if (!otpauthUri) return null;
  try {
    const url = new URL(otpauthUri);
    if (url.protocol !== 'otpauth:') return null;
    const secret = url.searchParams.get('secret')?.replace(/[\s=]/g, '').toUpperCase() ?? '';
    return /^[A-Z2-7]{16,}$/.test(secret) ? secret : null;
  } catch {
    return null;
  }
};

/** The key in groups of four, as authenticator apps print it and people read it aloud. */
export const groupsOfFour = (key: string) => key.match(/.{1,4}/g)?.join(' ') ?? key;
