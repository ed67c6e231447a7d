import { AUTH_FALLBACK_MESSAGES } from '@tidewise/shared/auth';
import { MailCheck } from 'lucide-react';
import { useState } from 'react';
import { Link, Navigate, useLocation, useNavigate, useSearchParams } from 'react-router';
import { useMutation } from 'urql';
import { usePageMeta } from '../../../lib/page-meta.ts';
import { AuthCard } from '../../../ui/auth-card.tsx';
import { CodeForm } from '../../../ui/code-form.tsx';
import { EmailCodeVerification } from '../../../lib/email-code-verification.tsx';
import { LoginValidateMutation } from '../graphql.ts';
import { errorMessage } from '../../../lib/errors.ts';
import { mfaContext } from '../lib/guards.ts';
import { callbackUrl, readPrevPath } from '../../../lib/return-path.ts';
import { clearMfaState } from '../../../lib/auth-storage.ts';
import { useGuard } from '../lib/use-guard.ts';

/** Sign-in with an emailed code: the login token and the code travel together as `<token>:<code>`. */
const LoginEmailCode = ({ token, prevPath }: { token: string; prevPath: string | null }) => {
  const navigate = useNavigate();
  const [error, setError] = useState<string | null>(null);
  const [, loginValidate] = useMutation(LoginValidateMutation);
  const verify = async (code: string) => {
    setError(null);
    const result = await loginValidate({ input: { token: `${token}:${code}` } });
    const handoff = result.data?.loginValidate.token;
    if (!handoff) {
      setError(errorMessage(result.error, AUTH_FALLBACK_MESSAGES.loginValidation));
      return false;
    }
    navigate(callbackUrl(handoff, prevPath), { replace: true });
    return true;
  };
  return (
    <CodeForm
      onVerify={verify}
      error={error}
      label="6-digit code from your email"
      hint="The code expires in 10 minutes. Check your spam folder if it hasn't arrived."
    >
      <p className="text-center text-sm text-muted-foreground">
        No code?{' '}
        <Link to="/auth/login" onClick={clearMfaState} className="font-medium text-primary hover:underline">
          Sign in again
        </Link>{' '}
        to get a new one.
      </p>
    </CodeForm>
  );
};

/** The emailed-code screen, for sign-in (`login=true`) and for confirming a new account's email method. */
export const EmailCodeScreen = () => {
  const [params] = useSearchParams();
  const location = useLocation();
  const navigate = useNavigate();
  const context = useGuard(() => mfaContext(params));
  if (!context) return <Navigate to="/auth/login" replace />;
  const isLogin = params.get('login') === 'true';
  const prevPath = readPrevPath(location.hash);
  return (
    <AuthCard
      icon={MailCheck}
      title="Check your email"
      description={
        isLogin ? 'We sent a 6-digit sign-in code to your email address.' : 'We sent a 6-digit code to confirm your email address.'
      }
    >
      {isLogin ? (
        <LoginEmailCode token={context.token} prevPath={prevPath} />
      ) : (
        <EmailCodeVerification userId={context.userId} onVerified={(token) => navigate(callbackUrl(token, prevPath), { replace: true })} />
      )}
    </AuthCard>
  );
};

export const MfaEmailVerifyPage = () => {
  usePageMeta({ title: 'Enter your email code', description: 'Enter the 6-digit code we emailed you.' });
  return <EmailCodeScreen />;
};
