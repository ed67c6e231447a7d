import { AUTH_STORAGE_KEYS } from '@tidewise/shared/auth';
import { ShieldCheck } from 'lucide-react';
import { Navigate, useNavigate } from 'react-router';
import { usePageMeta } from '../../../lib/page-meta.ts';
import { AuthCard } from '../../../ui/auth-card.tsx';
import { AuthenticatorWizard } from '../components/authenticator-wizard.tsx';
import { mfaSetupRedirect } from '../lib/guards.ts';
import { callbackUrl } from '../../../lib/return-path.ts';
import { MFA_OTPAUTH_URI_KEY, readStored } from '../../../lib/auth-storage.ts';
import { useGuard } from '../lib/use-guard.ts';

export const RegisterMfaPage = () => {
  usePageMeta({ title: 'Set up your authenticator', description: 'Connect an authenticator app to protect your Tidewise account.' });
  const redirect = useGuard(mfaSetupRedirect);
  const navigate = useNavigate();
  if (redirect) return <Navigate to={redirect} replace />;
  const userId = readStored(AUTH_STORAGE_KEYS.mfaUserId) ?? '';
  return (
    <AuthCard icon={ShieldCheck} title="Set up two-factor authentication" description="Three short steps. You'll need your phone.">
      <AuthenticatorWizard
        userId={userId}
        qrCodeDataURL={readStored(AUTH_STORAGE_KEYS.mfaQrCode)}
        otpauthUri={readStored(MFA_OTPAUTH_URI_KEY)}
        onVerified={(token) => navigate(callbackUrl(token), { replace: true })}
      />
    </AuthCard>
  );
};
