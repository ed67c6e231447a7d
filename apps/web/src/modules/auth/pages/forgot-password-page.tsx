import { AUTH_FALLBACK_MESSAGES, AUTH_STORAGE_KEYS, RESET_CODE_TTL_MINUTES } from '@tidewise/shared/auth';
import { KeyRound, MailCheck } from 'lucide-react';
import { type SyntheticEvent, useState } from 'react';
import { Link } from 'react-router';
import { useMutation } from 'urql';
import { usePageMeta } from '../../../lib/page-meta.ts';
import { Button } from '../../../ui/button.tsx';
import { Input } from '../../../ui/input.tsx';
import { AuthCard } from '../../../ui/auth-card.tsx';
import { FormField } from '../../../ui/form-field.tsx';
import { ServerAlert } from '../../../ui/server-alert.tsx';
import { SubmitButton } from '../../../ui/submit-button.tsx';
import { PasswordResetRequestMutation } from '../graphql.ts';
import { errorMessage } from '../../../lib/errors.ts';
import { clearResetState, writeStored } from '../../../lib/auth-storage.ts';

const BackToSignIn = () => (
  <Link to="/auth/login" className="font-medium text-primary hover:underline">
    Back to sign in
  </Link>
);

export const ForgotPasswordPage = () => {
  usePageMeta({ title: 'Reset your password', description: 'Get a verification code to choose a new Tidewise password.' });
  const [email, setEmail] = useState('');
  const [sentTo, setSentTo] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [pending, setPending] = useState(false);
  const [, requestReset] = useMutation(PasswordResetRequestMutation);

  const onSubmit = async (event: SyntheticEvent<HTMLFormElement>) => {
    event.preventDefault();
    const authKey = email.trim();
    if (!authKey || pending) return;
    setPending(true);
    setError(null);
    const result = await requestReset({ input: { authKey } });
    setPending(false);
    const token = result.data?.passwordResetRequest;
    if (!token) {
      setError(errorMessage(result.error, AUTH_FALLBACK_MESSAGES.resetRequest));
      return;
    }
    clearResetState();
    writeStored(AUTH_STORAGE_KEYS.resetToken, token);
    writeStored(AUTH_STORAGE_KEYS.resetEmail, authKey);
    setSentTo(authKey);
  };

  if (sentTo) {
    return (
      <AuthCard
        icon={MailCheck}
        tone="success"
        title="Check Your Email"
        description={
          <p>
            If an account exists for <strong className="break-all text-foreground">{sentTo}</strong>, we have sent it a 6-digit verification
            code. The code expires in {RESET_CODE_TTL_MINUTES} minutes.
          </p>
        }
        footer={<BackToSignIn />}
      >
        <Button asChild size="lg" className="w-full">
          <Link to="/auth/reset-password/validate">Enter Verification Code</Link>
        </Button>
        <p className="text-center text-sm text-muted-foreground">
          Wrong address or nothing arrived?{' '}
          <Button variant="link" className="h-auto p-0" onClick={() => setSentTo(null)}>
            Try again
          </Button>
        </p>
      </AuthCard>
    );
  }

  return (
    <AuthCard
      icon={KeyRound}
      title="Forgot your password?"
      description="Enter the email address you sign in with. We'll send you a code to choose a new password."
      footer={<BackToSignIn />}
    >
      <form onSubmit={onSubmit} className="flex flex-col gap-5" noValidate>
        <ServerAlert message={error} />
        <FormField id="reset-email" label="Email">
          <Input
            id="reset-email"
            type="email"
            autoComplete="email"
            inputMode="email"
            placeholder="name@company.com"
            value={email}
            onChange={(event) => setEmail(event.target.value)}
            required
            autoFocus
          />
        </FormField>
        <SubmitButton pending={pending} pendingLabel="Sending code…" disabled={!email.trim()}>
          Send Reset Code
        </SubmitButton>
      </form>
    </AuthCard>
  );
};
