import { z } from 'zod';
import { MFA_METHODS, verificationCodeSchema } from './auth.ts';

/**
 * The signed-in user's own account: profile and change of second factor. The same rules as the
 * API's `updateMyProfile`, `startMfaMethodChange` and `confirmMfaMethodChange` inputs.
 */

export const SUPPORTED_LANGUAGES = ['en', 'da', 'de', 'nb'] as const;
export type SupportedLanguage = (typeof SUPPORTED_LANGUAGES)[number];
export const LANGUAGE_LABELS: Record<SupportedLanguage, string> = { en: 'English', da: 'Dansk', de: 'Deutsch', nb: 'Norsk bokmål' };

export const updateMyProfileSchema = z.object({
  firstName: z.string().trim().min(1, { error: 'Enter your first name' }).max(80, { error: 'First name must be at most 80 characters' }),
  lastName: z.string().trim().min(1, { error: 'Enter your last name' }).max(80, { error: 'Last name must be at most 80 characters' }),
  jobPosition: z.string().trim().max(120, { error: 'Job position must be at most 120 characters' }).nullish(),
  language: z.enum(SUPPORTED_LANGUAGES, { error: `Language must be one of ${SUPPORTED_LANGUAGES.join(', ')}` }).nullish(),
});
export type UpdateMyProfileInput = z.infer<typeof updateMyProfileSchema>;

/** Re-authentication before the second factor changes: the password and the new method. */
export const startMfaMethodChangeSchema = z.object({
  password: z.string().min(1, { error: 'Enter your password' }),
  method: z.enum(MFA_METHODS),
});

/** A code from the new method proves it works. */
export const confirmMfaMethodChangeSchema = z.object({ code: verificationCodeSchema });
