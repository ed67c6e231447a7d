import { AUTH_FALLBACK_MESSAGES, AUTH_STORAGE_KEYS, RESEND_NOTICE_MS } from '@tidewise/shared/auth';
import { MailOpen } from 'lucide-react';
import { useEffect, useState } from 'react';
import { Navigate, useNavigate } from 'react-router';
import { useMutation } from 'urql';
import { usePageMeta } from '../../../lib/page-meta.ts';
import { Alert, AlertDescription } from '../../../ui/alert.tsx';
import { Button } from '../../../ui/button.tsx';
import { AuthCard } from '../../../ui/auth-card.tsx';
import { CodeForm } from '../../../ui/code-form.tsx';
import { PasswordResetValidateMutation, ResendPasswordResetRequestMutation } from '../graphql.ts';
import { errorMessage } from '../../../lib/errors.ts';
import { resetValidateRedirect } from '../lib/guards.ts';
import { clearResetState, readStored, writeStored } from '../../../lib/auth-storage.ts';
import { useGuard } from '../lib/use-guard.ts';

export const ResetValidatePage = () => {
  usePageMeta({ title: 'Enter your reset code', description: 'Enter the 6-digit code we emailed you to reset your password.' });
  const redirect = useGuard(resetValidateRedirect);
  const navigate = useNavigate();
  const [error, setError] = useState<string | null>(null);
  const [notice, setNotice] = useState(false);
  const [resending, setResending] = useState(false);
  const [, validate] = useMutation(PasswordResetValidateMutation);
  const [, resend] = useMutation(ResendPasswordResetRequestMutation);
  const email = readStored(AUTH_STORAGE_KEYS.resetEmail);

  useEffect(() => {
    if (!notice) return;
    const timer = window.setTimeout(() => setNotice(false), RESEND_NOTICE_MS);
    return () => window.clearTimeout(timer);
  }, [notice]);

  if (redirect) return <Navigate to={redirect} replace />;

  const verify = async (code: string) => {
    setError(null);
    const token = readStored(AUTH_STORAGE_KEYS.resetToken) ?? '';
    const result = await validate({ input: { token, code } });
    if (!result.data?.passwordResetValidate.success) {
      setError(errorMessage(result.error, AUTH_FALLBACK_MESSAGES.invalidOrExpiredCode));
      return false;
    }
    writeStored(AUTH_STORAGE_KEYS.resetValidated, 'true');
    navigate('/auth/reset-password/new');
    return true;
  };

  const onResend = async () => {
    if (!email || resending) return;
    setResending(true);
    setError(null);
    setNotice(false);
    const result = await resend({ input: { authKey: email } });
    setResending(false);
    const token = result.data?.resendPasswordResetRequest;
    if (!token) {
      setError(errorMessage(result.error, AUTH_FALLBACK_MESSAGES.resend));
      return;
    }
    writeStored(AUTH_STORAGE_KEYS.resetToken, token);
    setNotice(true);
  };

  const startOver = () => {
    clearResetState();
    navigate('/auth/forgot-password', { replace: true });
  };

  return (
    <AuthCard
      icon={MailOpen}
      title="Enter your code"
      description={
        email ? (
          <p>
            We sent a 6-digit code to <strong className="break-all text-foreground">{email}</strong>.
          </p>
        ) : (
          'We sent a 6-digit code to your email address.'
        )
      }
    >
      {notice ? (
        <Alert variant="success">
          <AlertDescription>A new code is on its way. The previous code no longer works.</AlertDescription>
        </Alert>
      ) : null}
      <CodeForm onVerify={verify} error={error} submitLabel="Verify Code" hint="The code expires 15 minutes after it was sent.">
        <div className="flex flex-wrap items-center justify-between gap-2 text-sm">
          <Button
            variant="link"
            className="h-auto p-0"
            onClick={() => void onResend()}
            disabled={resending || !email}
            aria-busy={resending || undefined}
          >
            {resending ? 'Sending…' : 'Resend'}
          </Button>
          <Button variant="link" className="h-auto p-0 text-muted-foreground" onClick={startOver}>
            Start over
          </Button>
        </div>
      </CodeForm>
    </AuthCard>
  );
};
