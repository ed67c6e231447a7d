import { AUTH_FALLBACK_MESSAGES } from '@tidewise/shared/auth';
import { Smartphone } from 'lucide-react';
import { useState } from 'react';
import { Link, Navigate, useLocation, useNavigate, useSearchParams } from 'react-router';
import { useMutation } from 'urql';
import { usePageMeta } from '../../../lib/page-meta.ts';
import { AuthCard } from '../../../ui/auth-card.tsx';
import { CodeForm } from '../../../ui/code-form.tsx';
import { LoginValidateMutation, ValidateMfaMutation, VerifyAuthenticatorSetupMutation } from '../graphql.ts';
import { errorMessage } from '../../../lib/errors.ts';
import { mfaContext } from '../lib/guards.ts';
import { callbackUrl, readPrevPath } from '../../../lib/return-path.ts';
import { clearMfaState } from '../../../lib/auth-storage.ts';
import { useGuard } from '../lib/use-guard.ts';
import { EmailCodeScreen } from './mfa-email-verify-page.tsx';

/**
 * Authenticator codes: for sign-in (`login=true`: validateMfa, then loginValidate with the login
 * token), or to confirm a new authenticator (`setup=true`). `method=email` shows the email screen.
 */
const AuthenticatorCodeScreen = () => {
  const [params] = useSearchParams();
  const location = useLocation();
  const navigate = useNavigate();
  const context = useGuard(() => mfaContext(params));
  const [error, setError] = useState<string | null>(null);
  const [, validateMfa] = useMutation(ValidateMfaMutation);
  const [, loginValidate] = useMutation(LoginValidateMutation);
  const [, verifySetup] = useMutation(VerifyAuthenticatorSetupMutation);
  if (!context) return <Navigate to="/auth/login" replace />;
  const isSetup = params.get('setup') === 'true';
  const prevPath = readPrevPath(location.hash);

  const finish = (token: string) => {
    navigate(callbackUrl(token, prevPath), { replace: true });
    return true;
  };

  const verify = async (code: string) => {
    setError(null);
    if (isSetup) {
      const result = await verifySetup({ input: { userId: context.userId, token: code } });
      const token = result.data?.verifyAuthenticatorSetup.token;
      if (token) return finish(token);
      setError(errorMessage(result.error, AUTH_FALLBACK_MESSAGES.invalidCode));
      return false;
    }
    const checked = await validateMfa({ input: { token: code, userId: context.userId } });
    if (!checked.data?.validateMfa.success) {
      setError(errorMessage(checked.error, AUTH_FALLBACK_MESSAGES.invalidCode));
      return false;
    }
    const result = await loginValidate({ input: { token: context.token } });
    const token = result.data?.loginValidate.token;
    if (token) return finish(token);
    setError(errorMessage(result.error, AUTH_FALLBACK_MESSAGES.loginValidation));
    return false;
  };

  return (
    <AuthCard
      icon={Smartphone}
      title={isSetup ? 'Confirm your authenticator' : 'Two-factor verification'}
      description="Open your authenticator app and enter the 6-digit code shown for Tidewise."
    >
      <CodeForm onVerify={verify} error={error} label="6-digit code from your authenticator app" hint="The code changes every 30 seconds.">
        {isSetup ? null : (
          <p className="text-center text-sm text-muted-foreground">
            Lost access to your app? Ask your organisation administrator for help, or{' '}
            <Link to="/auth/login" onClick={clearMfaState} className="font-medium text-primary hover:underline">
              sign in again
            </Link>
            .
          </p>
        )}
      </CodeForm>
    </AuthCard>
  );
};

export const MfaVerifyPage = () => {
  usePageMeta({ title: 'Two-factor verification', description: 'Enter the code from your authenticator app.' });
  const [params] = useSearchParams();
  return params.get('method') === 'email' ? <EmailCodeScreen /> : <AuthenticatorCodeScreen />;
};
