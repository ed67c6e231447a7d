import { AUTH_FALLBACK_MESSAGES, AUTH_STORAGE_KEYS, RESET_SUCCESS_REDIRECT_MS } from '@tidewise/shared/auth';
import { PASSWORD_MESSAGES } from '@tidewise/shared/password';
import { CircleCheck, LockKeyhole } from 'lucide-react';
import { useEffect, useState } from 'react';
import { z } from 'zod';
import { Link, Navigate, useNavigate } from 'react-router';
import { useMutation } from 'urql';
import { usePageMeta } from '../../../lib/page-meta.ts';
import { Button } from '../../../ui/button.tsx';
import { AuthCard } from '../../../ui/auth-card.tsx';
import { Field, Form, FormAlert, mustMatch, PasswordField, setServerError, useZodForm } from '../../../ui/form.tsx';
import { PasswordInput } from '../../../ui/password-input.tsx';
import { resetStrength } from '../../../lib/password-strength.ts';
import { StrengthMeter } from '../../../ui/strength-meter.tsx';
import { SubmitButton } from '../../../ui/submit-button.tsx';
import { PasswordResetMutation } from '../graphql.ts';
import { errorMessage } from '../../../lib/errors.ts';
import { resetNewRedirect } from '../lib/guards.ts';
import { clearResetState, readStored } from '../../../lib/auth-storage.ts';
import { useGuard } from '../lib/use-guard.ts';

/** The reset rule (spec section 5): Fair or better on the meter, and the same password twice. */
const newPasswordSchema = mustMatch(
  z.object({
    password: z.string().refine((password) => resetStrength(password).acceptable, { error: 'Choose a stronger password' }),
    confirmation: z.string(),
  }),
  'confirmation',
  'password',
  PASSWORD_MESSAGES.mismatch,
);

export const ResetNewPage = () => {
  usePageMeta({ title: 'Choose a new password', description: 'Choose a new password for your Tidewise account.' });
  const redirect = useGuard(resetNewRedirect);
  const navigate = useNavigate();
  const [done, setDone] = useState(false);
  const [, reset] = useMutation(PasswordResetMutation);
  // Checked as people type: the meter and the mismatch message follow every key, and the button waits for both.
  const form = useZodForm(newPasswordSchema, { mode: 'onChange', defaultValues: { password: '', confirmation: '' } });
  const strength = resetStrength(form.watch('password'));

  useEffect(() => {
    if (!done) return;
    const timer = window.setTimeout(() => navigate('/auth/login', { replace: true }), RESET_SUCCESS_REDIRECT_MS);
    return () => window.clearTimeout(timer);
  }, [done, navigate]);

  if (redirect) return <Navigate to={redirect} replace />;

  if (done) {
    return (
      <AuthCard
        icon={CircleCheck}
        tone="success"
        title="Password reset"
        description="Your password has been changed. Taking you to sign in…"
      >
        <Button asChild size="lg" className="w-full">
          <Link to="/auth/login" replace>
            Sign in now
          </Link>
        </Button>
      </AuthCard>
    );
  }

  const onSubmit = async ({ password }: { password: string }) => {
    const result = await reset({ input: { token: readStored(AUTH_STORAGE_KEYS.resetToken) ?? '', password } });
    if (!result.data?.passwordReset.success) {
      setServerError(form, errorMessage(result.error, AUTH_FALLBACK_MESSAGES.reset));
      return;
    }
    clearResetState();
    setDone(true);
  };

  return (
    <AuthCard icon={LockKeyhole} title="Choose a new password" description="Use a password you don't use anywhere else.">
      <Form form={form} onSubmit={onSubmit} className="flex flex-col gap-5">
        <FormAlert control={form.control} />
        <Field
          control={form.control}
          name="password"
          id="new-password"
          label="New password"
          describedBy="new-password-strength"
          showError={false}
          render={(field) => (
            <PasswordInput
              {...field}
              autoComplete="new-password"
              onChange={(event) => {
                field.onChange(event);
                // A confirmation typed earlier is checked against the new password.
                if (form.getValues('confirmation')) void form.trigger('confirmation');
              }}
              required
            />
          )}
        />
        <div id="new-password-strength">
          <StrengthMeter value={strength.value} label={strength.label} criteria={strength.criteria} />
        </div>
        <PasswordField control={form.control} name="confirmation" id="confirm-password" label="Confirm new password" required />
        <SubmitButton pending={form.formState.isSubmitting} pendingLabel="Saving…" disabled={!form.formState.isValid}>
          Reset Password
        </SubmitButton>
      </Form>
    </AuthCard>
  );
};
