import { AUTH_FALLBACK_MESSAGES, AUTH_STORAGE_KEYS, loginSchema, RESET_CODE_TTL_MINUTES } from '@tidewise/shared/auth';
import { KeyRound, MailCheck } from 'lucide-react';
import { useState } from 'react';
import { Link } from 'react-router';
import { useMutation } from 'urql';
import { usePageMeta } from '../../../lib/page-meta.ts';
import { Button } from '../../../ui/button.tsx';
import { AuthCard } from '../../../ui/auth-card.tsx';
import { Form, FormAlert, setServerError, TextField, useZodForm } from '../../../ui/form.tsx';
import { SubmitButton } from '../../../ui/submit-button.tsx';
import { PasswordResetRequestMutation } from '../graphql.ts';
import { errorMessage } from '../../../lib/errors.ts';
import { clearResetState, writeStored } from '../../../lib/auth-storage.ts';

const resetRequestSchema = loginSchema.pick({ authKey: true });

const BackToSignIn = () => (
  <Link to="/auth/login" className="font-medium text-primary hover:underline">
    Back to sign in
  </Link>
);

export const ForgotPasswordPage = () => {
  usePageMeta({ title: 'Reset your password', description: 'Get a verification code to choose a new Tidewise password.' });
  const [sentTo, setSentTo] = useState<string | null>(null);
  const [, requestReset] = useMutation(PasswordResetRequestMutation);
  const form = useZodForm(resetRequestSchema, { defaultValues: { authKey: '' } });
  const email = form.watch('authKey');

  const onSubmit = async ({ authKey }: { authKey: string }) => {
    const result = await requestReset({ input: { authKey } });
    const token = result.data?.passwordResetRequest;
    if (!token) {
      setServerError(form, errorMessage(result.error, AUTH_FALLBACK_MESSAGES.resetRequest));
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
      <Form form={form} onSubmit={onSubmit} className="flex flex-col gap-5">
        <FormAlert control={form.control} />
        <TextField
          control={form.control}
          name="authKey"
          id="reset-email"
          label="Email"
          type="email"
          autoComplete="email"
          inputMode="email"
          placeholder="name@company.com"
          required
          autoFocus
        />
        <SubmitButton pending={form.formState.isSubmitting} pendingLabel="Sending code…" disabled={!email.trim()}>
          Send Reset Code
        </SubmitButton>
      </Form>
    </AuthCard>
  );
};
