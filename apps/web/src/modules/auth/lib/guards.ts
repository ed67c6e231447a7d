import { AUTH_STORAGE_KEYS } from '@tidewise/shared/auth';
import { hasSignupBasics, readSignupData, readStored } from '../../../lib/auth-storage.ts';

/**
 * The redirects of spec section 2, as pure functions of the query and session storage: each
 * answers where to send the visitor instead, or null when the screen may show.
 */

/** MFA screens need a user id and a token, from the query or from session storage. */
export const mfaContext = (params: URLSearchParams) => {
  const userId = params.get('userId') || readStored(AUTH_STORAGE_KEYS.mfaUserId);
  const token = params.get('token') || readStored(AUTH_STORAGE_KEYS.mfaToken);
  return userId && token ? { userId, token } : null;
};
export const mfaRedirect = (params: URLSearchParams) => (mfaContext(params) ? null : '/auth/login');

export const resetValidateRedirect = () => (readStored(AUTH_STORAGE_KEYS.resetToken) ? null : '/auth/forgot-password');

export const resetNewRedirect = () =>
  readStored(AUTH_STORAGE_KEYS.resetToken) && readStored(AUTH_STORAGE_KEYS.resetValidated) === 'true' ? null : '/auth/forgot-password';

/** Sign-up steps 2 to 4 need the data saved by step 1. */
export const signupRedirect = () => (hasSignupBasics(readSignupData()) ? null : '/auth/organization-signup');

/** The authenticator setup wizard needs the user id stored by registration. */
export const mfaSetupRedirect = () => (readStored(AUTH_STORAGE_KEYS.mfaUserId) ? null : '/auth/register');
