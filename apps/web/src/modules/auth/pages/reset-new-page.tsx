import { AUTH_FALLBACK_MESSAGES, AUTH_STORAGE_KEYS, RESET_SUCCESS_REDIRECT_MS } from '@tidewise/shared/auth';
import { PASSWORD_MESSAGES } from '@tidewise/shared/password';
import { CircleCheck, LockKeyhole } from 'lucide-react';
import { type SyntheticEvent, useEffect, useState } from 'react';
import { Link, Navigate, useNavigate } from 'react-router';
import { useMutation } from 'urql';
import { usePageMeta } from '../../../lib/page-meta.ts';
import { Button } from '../../../ui/button.tsx';
import { AuthCard } from '../../../ui/auth-card.tsx';
import { FormField, describedBy } from '../../../ui/form-field.tsx';
import { PasswordInput } from '../../../ui/password-input.tsx';
import { resetStrength } from '../../../lib/password-strength.ts';
import { ServerAlert } from '../../../ui/server-alert.tsx';
import { StrengthMeter } from '../../../ui/strength-meter.tsx';
import { SubmitButton } from '../../../ui/submit-button.tsx';
import { PasswordResetMutation } from '../graphql.ts';
import { errorMessage } from '../../../lib/errors.ts';
import { resetNewRedirect } from '../lib/guards.ts';
import { clearResetState, readStored } from '../../../lib/auth-storage.ts';
import { useGuard } from '../lib/use-guard.ts';

export const ResetNewPage = () => {
  usePageMeta({ title: 'Choose a new password', description: 'Choose a new password for your Tidewise account.' });
  const redirect = useGuard(resetNewRedirect);
  const navigate = useNavigate();
  const [password, setPassword] = useState('');
  const [confirmation, setConfirmation] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [pending, setPending] = useState(false);
  const [done, setDone] = useState(false);
  const [, reset] = useMutation(PasswordResetMutation);
  const strength = resetStrength(password);
  const mismatch = confirmation.length > 0 && confirmation !== password;
  const ready = strength.acceptable && confirmation === password;

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

  const onSubmit = async (event: SyntheticEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (!ready || pending) return;
    setPending(true);
    setError(null);
    const result = await reset({ input: { token: readStored(AUTH_STORAGE_KEYS.resetToken) ?? '', password } });
    setPending(false);
    if (!result.data?.passwordReset.success) {
      setError(errorMessage(result.error, AUTH_FALLBACK_MESSAGES.reset));
      return;
    }
    clearResetState();
    setDone(true);
  };

  return (
    <AuthCard icon={LockKeyhole} title="Choose a new password" description="Use a password you don't use anywhere else.">
      <form onSubmit={onSubmit} className="flex flex-col gap-5" noValidate>
        <ServerAlert message={error} />
        <FormField id="new-password" label="New password">
          <PasswordInput
            id="new-password"
            autoComplete="new-password"
            value={password}
            onChange={(event) => setPassword(event.target.value)}
            aria-describedby="new-password-strength"
            required
          />
        </FormField>
        <div id="new-password-strength">
          <StrengthMeter value={strength.value} label={strength.label} criteria={strength.criteria} />
        </div>
        <FormField id="confirm-password" label="Confirm new password" error={mismatch ? PASSWORD_MESSAGES.mismatch : null}>
          <PasswordInput
            id="confirm-password"
            autoComplete="new-password"
            value={confirmation}
            onChange={(event) => setConfirmation(event.target.value)}
            aria-invalid={mismatch || undefined}
            aria-describedby={describedBy('confirm-password', { error: mismatch ? PASSWORD_MESSAGES.mismatch : null })}
            required
          />
        </FormField>
        <SubmitButton pending={pending} pendingLabel="Saving…" disabled={!ready}>
          Reset Password
        </SubmitButton>
      </form>
    </AuthCard>
  );
};
