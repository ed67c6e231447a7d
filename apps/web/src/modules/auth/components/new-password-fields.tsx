import { PASSWORD_MESSAGES, passwordSchema } from '@tidewise/shared/password';
import { type Control, type FieldPath, useWatch } from 'react-hook-form';
import { z } from 'zod';
import { mustMatch, PasswordField } from '../../../ui/form.tsx';
import { registrationStrength } from '../../../lib/password-strength.ts';
import { StrengthMeter } from '../../../ui/strength-meter.tsx';

export type NewPasswordValues = { password: string; confirmation: string };

/** The registration rule of spec section 5 for a new password and its confirmation. */
export const newPasswordShape = { password: passwordSchema, confirmation: z.string() };

/** Adds "Passwords don't match" to a schema with newPasswordShape. */
export const withPasswordConfirmation = <S extends z.ZodType<Record<string, unknown>>>(schema: S) =>
  mustMatch(schema, 'confirmation', 'password', PASSWORD_MESSAGES.mismatch);

/** Password, live strength meter with the rule's checklist, and confirmation. */
export const NewPasswordFields = <T extends NewPasswordValues>({
  idPrefix,
  control,
}: {
  idPrefix: string;
  // biome-ignore lint/suspicious/noExplicitAny: any form holding the two fields
  control: Control<T, any, any>;
}) => {
  const passwordName = 'password' as FieldPath<T>;
  const confirmationName = 'confirmation' as FieldPath<T>;
  const strength = registrationStrength(String(useWatch({ control, name: passwordName }) ?? ''));
  const passwordId = `${idPrefix}-password`;
  return (
    <>
      <PasswordField
        control={control}
        name={passwordName}
        id={passwordId}
        label="Password"
        autoComplete="new-password"
        describedBy={`${passwordId}-strength`}
        deps={[confirmationName]}
        required
      />
      <div id={`${passwordId}-strength`}>
        <StrengthMeter value={strength.value} label={strength.label} criteria={strength.criteria} />
      </div>
      <PasswordField
        control={control}
        name={confirmationName}
        id={`${idPrefix}-confirmation`}
        label="Confirm password"
        autoComplete="new-password"
        required
      />
    </>
  );
};
