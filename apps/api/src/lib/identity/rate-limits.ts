import { createRateLimiter } from '../rate-limit.ts';

const MINUTE = 60 * 1000;

/** Per-IP limits; they sit in front of the per-account lockout and the per-code attempt limit. */
const signIn = createRateLimiter({ limit: 20, windowMs: MINUTE });
const codes = createRateLimiter({ limit: 30, windowMs: MINUTE });
const reset = createRateLimiter({ limit: 20, windowMs: 10 * MINUTE });

const key = (ip: string | null) => ip ?? 'unknown';

export const authRateLimits = {
  /** login, createOrganizationAccount, register. */
  signIn: (ip: string | null) => signIn.hit(`sign-in:${key(ip)}`, 'sign-in attempts'),
  /** Every endpoint that checks an emailed or authenticator code. */
  code: (ip: string | null) => codes.hit(`code:${key(ip)}`, 'verification attempts'),
  /** Password reset requests and resends. */
  reset: (ip: string | null) => reset.hit(`reset:${key(ip)}`, 'password reset requests'),
};

export const resetAuthRateLimits = () => {
  signIn.reset();
  codes.reset();
  reset.reset();
};
