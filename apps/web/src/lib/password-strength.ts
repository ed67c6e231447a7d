import {
  PASSWORD_MAX_LENGTH,
  PASSWORD_MIN_LENGTH,
  PASSWORD_SPECIAL_CHARACTERS,
  RESET_PASSWORD_MIN_SCORE,
  registrationPasswordStrength,
  resetPasswordStrength,
} from '@tidewise/shared/password';
import type { Criterion } from '../ui/strength-meter.tsx';

const RESET_BAR = { Weak: 25, Fair: 50, Good: 75, Strong: 100 } as const;

/**
 * Reset form (spec section 5): six criteria, shown as Weak 25, Fair 50, Good 75 or Strong 100;
 * the form accepts the password from Fair on.
 */
export const resetStrength = (password: string) => {
  const { score, label } = resetPasswordStrength(password);
  const criteria: Criterion[] = [
    { label: 'At least 8 characters', met: password.length >= 8 },
    { label: 'At least 12 characters', met: password.length >= 12 },
    { label: 'A lowercase letter', met: /[a-z]/.test(password) },
    { label: 'An uppercase letter', met: /[A-Z]/.test(password) },
    { label: 'A digit', met: /\d/.test(password) },
    { label: 'A symbol, such as ! or #', met: /[^A-Za-z0-9]/.test(password) },
  ];
  return { value: password ? RESET_BAR[label] : 0, label, criteria, acceptable: score >= RESET_PASSWORD_MIN_SCORE };
};

/** Registration and sign-up (spec section 5): Weak, Good from 50, Strong from 75, with the rule's checklist. */
export const registrationStrength = (password: string) => {
  const { score, label } = registrationPasswordStrength(password);
  const criteria: Criterion[] = [
    {
      label: `${PASSWORD_MIN_LENGTH} to ${PASSWORD_MAX_LENGTH} characters`,
      met: password.length >= PASSWORD_MIN_LENGTH && password.length <= PASSWORD_MAX_LENGTH,
    },
    { label: 'A lowercase letter', met: /[a-z]/.test(password) },
    { label: 'An uppercase letter', met: /[A-Z]/.test(password) },
    { label: 'A digit', met: /\d/.test(password) },
    { label: `One of ${PASSWORD_SPECIAL_CHARACTERS}`, met: /[@$!%*?&#_-]/.test(password) },
  ];
  return { value: score, label, criteria };
};
