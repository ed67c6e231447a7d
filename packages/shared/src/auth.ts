import { z } from 'zod';
import { passwordSchema } from './password.ts';

/** Second-factor methods, spelled as the GraphQL enum `MfaMethod`. */
export const MFA_METHODS = ['Email', 'Authenticator'] as const;
export type MfaMethod = (typeof MFA_METHODS)[number];

export const VERIFICATION_CODE_LENGTH = 6;
export const LOGIN_TOKEN_TTL_MINUTES = 10;
export const MFA_CODE_TTL_MINUTES = 10;
export const RESET_CODE_TTL_MINUTES = 15;
export const MAX_CODE_ATTEMPTS = 5;
export const LOCKOUT_THRESHOLD = 5;
export const LOCKOUT_MINUTES = 15;
/** Redirect to sign-in after a successful reset, and how long the resend notice shows. */
export const RESET_SUCCESS_REDIRECT_MS = 3000;
export const RESEND_NOTICE_MS = 5000;

export const verificationCodeSchema = z
  .string({ error: 'Enter the 6-digit code' })
  .trim()
  .regex(/^\d{6}$/, { error: 'Enter the 6-digit code' });

export const emailSchema = z
  .string({ error: 'Enter your email address' })
  .trim()
  .min(1, { error: 'Enter your email address' })
  .max(254, { error: 'Email must be at most 254 characters' })
  .pipe(z.email({ error: 'Enter a valid email address, like name@company.com' }));

export const loginSchema = z.object({
  authKey: z.string().trim().min(1, { error: 'Enter your email address' }).max(254, { error: 'Email must be at most 254 characters' }),
  authSecret: z.string().min(1, { error: 'Enter your password' }).max(256, { error: 'Password is too long' }),
});

export const INDUSTRIES = ['shipping', 'freight_forwarding', 'logistics', 'manufacturing', 'retail', 'energy', 'other'] as const;
export type Industry = (typeof INDUSTRIES)[number];
export const INDUSTRY_LABELS: Record<Industry, string> = {
  shipping: 'Shipping',
  freight_forwarding: 'Freight forwarding',
  logistics: 'Logistics',
  manufacturing: 'Manufacturing',
  retail: 'Retail',
  energy: 'Energy',
  other: 'Other',
};

export const COMPANY_SIZES = ['1-10', '11-50', '51-200', '201-500', '501-1000', '1000+'] as const;
export type CompanySize = (typeof COMPANY_SIZES)[number];

/** Session storage keys of the auth screens (spec section 3). */
export const AUTH_STORAGE_KEYS = {
  resetToken: 'reset_token',
  resetEmail: 'reset_email',
  resetValidated: 'reset_validated',
  mfaUserId: 'mfa_user_id',
  mfaToken: 'mfa_token',
  mfaQrCode: 'mfa_qr_code',
  organizationSignupData: 'organization_signup_data',
} as const;

const optionalText = (max: number, label: string) =>
  z
    .string()
    .trim()
    .max(max, { error: `${label} must be at most ${max} characters` })
    .nullish()
    .transform((value) => (value ? value : null));

const name = (label: string) =>
  z
    .string()
    .trim()
    .min(1, { error: `Enter ${label}` })
    .max(100, { error: `${label[0]?.toUpperCase()}${label.slice(1)} must be at most 100 characters` });

/** `createOrganizationAccount(input)`: the four-step sign-up, checked in the browser and the server. */
export const organizationAccountSchema = z.object({
  organizationName: z
    .string()
    .trim()
    .min(1, { error: 'Enter the organization name' })
    .max(160, { error: 'Organization name must be at most 160 characters' }),
  firstName: name('your first name'),
  lastName: name('your last name'),
  email: emailSchema,
  password: passwordSchema,
  industry: z.enum(INDUSTRIES, { error: 'Please fill in all required fields' }),
  companySize: z.enum(COMPANY_SIZES, { error: 'Please fill in all required fields' }),
  website: optionalText(2048, 'Website'),
  registrationNumber: optionalText(100, 'Registration number'),
  description: optionalText(2000, 'Description'),
  mfaMethod: z.enum(MFA_METHODS, { error: 'Choose a two-factor method' }),
});
export type OrganizationAccountInput = z.infer<typeof organizationAccountSchema>;

/** Spec section 8 fallback texts, shown when the server sends no message. */
export const AUTH_FALLBACK_MESSAGES = {
  login: 'Login failed. Please check your credentials.',
  resetRequest: 'Failed to request password reset. Please try again.',
  invalidOrExpiredCode: 'Invalid or expired verification code. Please try again.',
  resend: 'Failed to resend code. Please try again.',
  reset: 'Failed to reset password. Please try again.',
  invalidCode: 'Invalid verification code. Please try again.',
  loginValidation: 'Login validation failed.',
  registration: 'Registration failed. Please try again.',
  invalidInvitation: 'Invalid or expired invitation token',
  missingInvitation: 'Invalid or missing invitation token. Please use the link from your invitation email.',
  generic: 'Something went wrong. Please try again.',
} as const;
