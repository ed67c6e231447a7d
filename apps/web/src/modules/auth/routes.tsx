import type { RouteObject } from 'react-router';

/** Sign-in, second factor, password reset, registration and organisation sign-up (spec section 2). */
export const authRoutes: RouteObject[] = [
  { path: 'login', lazy: async () => ({ Component: (await import('./pages/login-page.tsx')).LoginPage }) },
  { path: 'reauth', lazy: async () => ({ Component: (await import('./pages/reauth-page.tsx')).ReauthPage }) },
  { path: 'callback', lazy: async () => ({ Component: (await import('./pages/callback-page.tsx')).CallbackPage }) },
  { path: 'forgot-password', lazy: async () => ({ Component: (await import('./pages/forgot-password-page.tsx')).ForgotPasswordPage }) },
  {
    path: 'reset-password/validate',
    lazy: async () => ({ Component: (await import('./pages/reset-validate-page.tsx')).ResetValidatePage }),
  },
  { path: 'reset-password/new', lazy: async () => ({ Component: (await import('./pages/reset-new-page.tsx')).ResetNewPage }) },
  { path: 'mfa/email-verify', lazy: async () => ({ Component: (await import('./pages/mfa-email-verify-page.tsx')).MfaEmailVerifyPage }) },
  { path: 'mfa/verify', lazy: async () => ({ Component: (await import('./pages/mfa-verify-page.tsx')).MfaVerifyPage }) },
  { path: 'register', lazy: async () => ({ Component: (await import('./pages/register-page.tsx')).RegisterPage }) },
  { path: 'register/mfa', lazy: async () => ({ Component: (await import('./pages/register-mfa-page.tsx')).RegisterMfaPage }) },
  {
    path: 'organization-signup',
    lazy: async () => ({ Component: (await import('./pages/organization-signup/account-step.tsx')).SignupAccountStep }),
  },
  {
    path: 'organization-signup/details',
    lazy: async () => ({ Component: (await import('./pages/organization-signup/details-step.tsx')).SignupDetailsStep }),
  },
  {
    path: 'organization-signup/mfa',
    lazy: async () => ({ Component: (await import('./pages/organization-signup/mfa-step.tsx')).SignupMfaStep }),
  },
  {
    path: 'organization-signup/welcome',
    lazy: async () => ({ Component: (await import('./pages/organization-signup/welcome-step.tsx')).SignupWelcomeStep }),
  },
];
