import { LOCKOUT_MINUTES } from '@tidewise/shared/auth';

/** Texts the identity API answers with; clients show them in their red alert as they are. */
export const AUTH_MESSAGES = {
  invalidCredentials: 'Invalid email or password.',
  locked: `Your account is locked after too many failed attempts. Try again in ${LOCKOUT_MINUTES} minutes or ask an administrator to unlock it.`,
  invalidCode: 'Invalid verification code. Please try again.',
  invalidOrExpiredCode: 'Invalid or expired verification code. Please try again.',
  loginExpired: 'Your sign-in has expired. Please sign in again.',
  secondFactorRequired: 'Two-factor verification has not been completed for this sign-in.',
  noPendingSignIn: 'No sign-in is waiting for a verification code. Please sign in again.',
  invalidInvitation: 'Invalid or expired invitation token',
  supplierEmailOnly: 'Invited suppliers verify their sign-in with an email code.',
  authenticatorNotPending: 'There is no authenticator setup waiting for verification.',
  emailCodeNotPending: 'There is no email verification waiting for this account.',
  resetExpired: 'This password reset has expired. Please start over.',
  resetNotValidated: 'Verify the code from your email before choosing a new password.',
  emailTaken: 'An account with this email address already exists. Sign in or reset your password.',
  resetRequested: 'If an account exists for this email address, we have sent it a verification code.',
  passwordChanged: 'Your password has been reset. You can now sign in.',
  codeVerified: 'Code verified.',
  signedOut: 'You have been signed out.',
} as const;
