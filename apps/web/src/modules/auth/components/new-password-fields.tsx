import { PASSWORD_MESSAGES, passwordSchema } from '@tidewise/shared/password';
import { describedBy, FormField } from '../../../ui/form-field.tsx';
import { PasswordInput } from '../../../ui/password-input.tsx';
import { registrationStrength } from '../../../lib/password-strength.ts';
import { StrengthMeter } from '../../../ui/strength-meter.tsx';

export type NewPasswordErrors = { password?: string; confirmation?: string };

/** The registration rule of spec section 5, with "Passwords don't match" for the confirmation. */
export const validateNewPassword = (password: string, confirmation: string): NewPasswordErrors => {
  const errors: NewPasswordErrors = {};
  const parsed = passwordSchema.safeParse(password);
  if (!parsed.success) errors.password = parsed.error.issues[0]?.message ?? PASSWORD_MESSAGES.required;
  if (confirmation !== password) errors.confirmation = PASSWORD_MESSAGES.mismatch;
  return errors;
};

/** Password, live strength meter with the rule's checklist, and confirmation. */
export const NewPasswordFields = ({
  idPrefix,
  password,
  confirmation,
  onPassword,
  onConfirmation,
  errors,
}: {
  idPrefix: string;
  password: string;
  confirmation: string;
  onPassword: (value: string) => void;
  onConfirmation: (value: string) => void;
  errors: NewPasswordErrors;
}) => {
  const strength = registrationStrength(password);
  const passwordId = `${idPrefix}-password`;
  const confirmationId = `${idPrefix}-confirmation`;
  return (
    <>
      <FormField id={passwordId} label="Password" error={errors.password}>
        <PasswordInput
          id={passwordId}
          autoComplete="new-password"
          value={password}
          onChange={(event) => onPassword(event.target.value)}
          aria-invalid={Boolean(errors.password) || undefined}
          aria-describedby={[`${passwordId}-strength`, describedBy(passwordId, { error: errors.password })].filter(Boolean).join(' ')}
          required
        />
      </FormField>
      <div id={`${passwordId}-strength`}>
        <StrengthMeter value={strength.value} label={strength.label} criteria={strength.criteria} />
      </div>
      <FormField id={confirmationId} label="Confirm password" error={errors.confirmation}>
        <PasswordInput
          id={confirmationId}
          autoComplete="new-password"
          value={confirmation}
          onChange={(event) => onConfirmation(event.target.value)}
          aria-invalid={Boolean(errors.confirmation) || undefined}
          aria-describedby={describedBy(confirmationId, { error: errors.confirmation })}
          required
        />
      </FormField>
    </>
  );
};
