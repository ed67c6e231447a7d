import { AUTH_STORAGE_KEYS, COMPANY_SIZES, INDUSTRIES, MFA_METHODS, type MfaMethod } from '@tidewise/shared/auth';

/**
 * The otpauth URI of an authenticator setup, kept beside the spec's `mfa_qr_code` (it holds the
 * same secret) so the setup screen can show the key for typing by hand.
 */
export const MFA_OTPAUTH_URI_KEY = 'mfa_otpauth_uri';

type StorageKey = (typeof AUTH_STORAGE_KEYS)[keyof typeof AUTH_STORAGE_KEYS] | typeof MFA_OTPAUTH_URI_KEY;

/** Session storage that never throws: private modes and blocked storage behave like an empty store. */
export const readStored = (key: StorageKey): string | null => {
  try {
    return sessionStorage.getItem(key);
  } catch {
    return null;
  }
};

export const writeStored = (key: StorageKey, value: string) => {
  try {
    sessionStorage.setItem(key, value);
  } catch {
    // Storage unavailable: the flow still works until the page is reloaded.
  }
};

export const removeStored = (...keys: StorageKey[]) => {
  for (const key of keys) {
    try {
      sessionStorage.removeItem(key);
    } catch {
      // Nothing to remove.
    }
  }
};

/** Forgets a finished or abandoned second-factor step. */
export const clearMfaState = () =>
  removeStored(AUTH_STORAGE_KEYS.mfaUserId, AUTH_STORAGE_KEYS.mfaToken, AUTH_STORAGE_KEYS.mfaQrCode, MFA_OTPAUTH_URI_KEY);

/** Keeps what the authenticator setup screen shows: the QR code and the otpauth URI behind it. */
export const writeAuthenticatorSetup = (setup: { qrCodeDataURL: string | null; otpauthUri: string | null }) => {
  if (setup.qrCodeDataURL) writeStored(AUTH_STORAGE_KEYS.mfaQrCode, setup.qrCodeDataURL);
  if (setup.otpauthUri) writeStored(MFA_OTPAUTH_URI_KEY, setup.otpauthUri);
};

export const clearResetState = () =>
  removeStored(AUTH_STORAGE_KEYS.resetToken, AUTH_STORAGE_KEYS.resetEmail, AUTH_STORAGE_KEYS.resetValidated);

/**
 * Organisation sign-up as kept in session storage between steps (spec section 3). The password is
 * deliberately absent: it lives in memory only (see signup-password.ts).
 */
export type SignupData = {
  organizationName: string;
  firstName: string;
  lastName: string;
  email: string;
  industry: string;
  companySize: string;
  website: string;
  registrationNumber: string;
  description: string;
  mfaMethod: MfaMethod | '';
  mfaSetupComplete: boolean;
};

export const EMPTY_SIGNUP: SignupData = {
  organizationName: '',
  firstName: '',
  lastName: '',
  email: '',
  industry: '',
  companySize: '',
  website: '',
  registrationNumber: '',
  description: '',
  mfaMethod: '',
  mfaSetupComplete: false,
};

const text = (value: unknown) => (typeof value === 'string' ? value : '');

export const readSignupData = (): SignupData | null => {
  const raw = readStored(AUTH_STORAGE_KEYS.organizationSignupData);
  if (!raw) return null;
  try {
    const parsed = JSON.parse(raw) as Record<string, unknown>;
    if (!parsed || typeof parsed !== 'object') return null;
    const method = text(parsed.mfaMethod);
    return {
      organizationName: text(parsed.organizationName),
      firstName: text(parsed.firstName),
      lastName: text(parsed.lastName),
      email: text(parsed.email),
      industry: (INDUSTRIES as readonly string[]).includes(text(parsed.industry)) ? text(parsed.industry) : '',
      companySize: (COMPANY_SIZES as readonly string[]).includes(text(parsed.companySize)) ? text(parsed.companySize) : '',
      website: text(parsed.website),
      registrationNumber: text(parsed.registrationNumber),
      description: text(parsed.description),
      mfaMethod: (MFA_METHODS as readonly string[]).includes(method) ? (method as MfaMethod) : '',
      mfaSetupComplete: parsed.mfaSetupComplete === true,
    };
  } catch {
    return null;
  }
};

/** Saves the sign-up steps; a `password` property, if any slipped in, is dropped before writing. */
export const writeSignupData = (data: SignupData) => {
  const { password: _dropped, ...safe } = data as SignupData & { password?: string };
  writeStored(AUTH_STORAGE_KEYS.organizationSignupData, JSON.stringify(safe));
};

/** Step 1 has been completed when its required fields are present. */
export const hasSignupBasics = (data: SignupData | null): data is SignupData =>
  Boolean(data?.organizationName && data.firstName && data.lastName && data.email);

export const clearSignupData = () => removeStored(AUTH_STORAGE_KEYS.organizationSignupData);
