import { PartyPopper } from 'lucide-react';
import { useState } from 'react';
import { Link, Navigate, useLocation, useNavigate } from 'react-router';
import { usePageMeta } from '../../../../lib/page-meta.ts';
import { Button } from '../../../../ui/button.tsx';
import { signupRedirect } from '../../lib/guards.ts';
import { callbackUrl } from '../../../../lib/return-path.ts';
import { clearSignupData, readSignupData } from '../../../../lib/auth-storage.ts';
import { useGuard } from '../../lib/use-guard.ts';
import { SignupFrame } from './signup-frame.tsx';

const NEXT_STEPS = [
  'Invite your colleagues and assign their roles',
  'Invite suppliers to share their emissions data',
  'Upload your first data file and review the mapping',
];

export const SignupWelcomeStep = () => {
  usePageMeta({ title: 'Welcome to Tidewise', description: 'Your organisation account is ready.' });
  const redirect = useGuard(signupRedirect);
  const location = useLocation();
  const navigate = useNavigate();
  // Read once: "Go to Dashboard" clears the data, and this screen must not then redirect itself.
  const [data] = useState(readSignupData);
  if (redirect || !data) return <Navigate to={redirect ?? '/auth/organization-signup'} replace />;
  if (!data.mfaSetupComplete) return <Navigate to="/auth/organization-signup/mfa" replace />;
  const handoffToken = (location.state as { handoffToken?: unknown } | null)?.handoffToken;

  const goToDashboard = () => {
    clearSignupData();
    navigate(typeof handoffToken === 'string' ? callbackUrl(handoffToken) : '/auth/login', { replace: true });
  };

  return (
    <SignupFrame
      step={4}
      icon={PartyPopper}
      tone="success"
      title={`Welcome to Tidewise, ${data.firstName}!`}
      description={`${data.organizationName} is set up and your account is protected with two-factor authentication.`}
    >
      <div className="rounded-lg border border-border p-4">
        <h2 className="mb-2 text-sm font-semibold">What you can do next</h2>
        <ul className="flex list-disc flex-col gap-1 pl-5 text-sm text-muted-foreground">
          {NEXT_STEPS.map((item) => (
            <li key={item}>{item}</li>
          ))}
        </ul>
      </div>
      {typeof handoffToken === 'string' ? (
        <Button size="lg" className="w-full" onClick={goToDashboard}>
          Go to Dashboard
        </Button>
      ) : (
        <>
          <p className="text-sm text-muted-foreground">
            Your sign-in link was used or the page was reloaded. Sign in with your email and password to continue.
          </p>
          <Button asChild size="lg" className="w-full">
            <Link to="/auth/login" onClick={clearSignupData} replace>
              Sign in
            </Link>
          </Button>
        </>
      )}
    </SignupFrame>
  );
};
