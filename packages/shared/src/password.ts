import { z } from 'zod';

export const PASSWORD_MIN_LENGTH = 8;
export const PASSWORD_MAX_LENGTH = 32;
/** The special characters the registration rule accepts (spec section 5). */
export const PASSWORD_SPECIAL_CHARACTERS = '@$!%*?&#_-';

export const PASSWORD_MESSAGES = {
  required: 'Enter a password',
  tooShort: `Password must be at least ${PASSWORD_MIN_LENGTH} characters`,
  tooLong: `Password must be at most ${PASSWORD_MAX_LENGTH} characters`,
  lowercase: 'Password must contain a lowercase letter',
  uppercase: 'Password must contain an uppercase letter',
  digit: 'Password must contain a digit',
  special: `Password must contain one of ${PASSWORD_SPECIAL_CHARACTERS}`,
  /** Registration and organisation sign-up. */
  mismatch: "Passwords don't match",
  /** Invited supplier registration. */
  mismatchInvited: 'Passwords do not match',
} as const;

const SPECIAL_CLASS = /[@$!%*?&#_-]/;

/**
 * The registration rule of spec section 5, enforced by the server for every password it stores
 * (registration, organisation sign-up and password reset), and by the forms before they submit.
 */
export const passwordSchema = z
  .string({ error: PASSWORD_MESSAGES.required })
  .min(PASSWORD_MIN_LENGTH, { error: PASSWORD_MESSAGES.tooShort })
  .max(PASSWORD_MAX_LENGTH, { error: PASSWORD_MESSAGES.tooLong })
  .regex(/[a-z]/, { error: PASSWORD_MESSAGES.lowercase })
  .regex(/[A-Z]/, { error: PASSWORD_MESSAGES.uppercase })
  .regex(/\d/, { error: PASSWORD_MESSAGES.digit })
  .regex(SPECIAL_CLASS, { error: PASSWORD_MESSAGES.special });

export const isStrongPassword = (password: string) => passwordSchema.safeParse(password).success;

export type StrengthLabel = 'Weak' | 'Fair' | 'Good' | 'Strong';

/**
 * Reset form meter: six criteria (length 8, length 12, lowercase, uppercase, digit, other
 * character), scored 0 to 100. Weak below 50, Fair from 50, Good from 75, Strong at 100.
 */
export const resetPasswordStrength = (password: string): { score: number; label: StrengthLabel } => {
  const met = [
    password.length >= 8,
    password.length >= 12,
    /[a-z]/.test(password),
    /[A-Z]/.test(password),
    /\d/.test(password),
    /[^A-Za-z0-9]/.test(password),
  ].filter(Boolean).length;
  const score = Math.round((met / 6) * 100);
  const label: StrengthLabel = score >= 100 ? 'Strong' : score >= 75 ? 'Good' : score >= 50 ? 'Fair' : 'Weak';
  return { score, label };
};

/** The reset form accepts a new password from this score on (spec section 5). */
export const RESET_PASSWORD_MIN_SCORE = 50;

/**
 * Registration meter: one quarter per character class present (length counted when at least 8),
 * bonuses for lengths 12 and 16, capped at 100. Weak below 50, Good from 50, Strong from 75.
 */
export const registrationPasswordStrength = (password: string): { score: number; label: Exclude<StrengthLabel, 'Fair'> } => {
  let score = 0;
  if (password.length >= PASSWORD_MIN_LENGTH) score += 20;
  if (/[a-z]/.test(password)) score += 15;
  if (/[A-Z]/.test(password)) score += 15;
  if (/\d/.test(password)) score += 15;
  if (SPECIAL_CLASS.test(password)) score += 15;
  if (password.length >= 12) score += 10;
  if (password.length >= 16) score += 10;
  score = Math.min(100, score);
  return { score, label: score >= 75 ? 'Strong' : score >= 50 ? 'Good' : 'Weak' };
};
