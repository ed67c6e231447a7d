import { Clock } from 'lucide-react';
import { useLocation } from 'react-router';
import { usePageMeta } from '../../../lib/page-meta.ts';
import { useSession } from '../../../lib/session.tsx';
import { AuthCard } from '../../../ui/auth-card.tsx';
import { SignInForm } from '../components/sign-in-form.tsx';
import { readPrevPath } from '../../../lib/return-path.ts';

/** Reached when the server stops accepting the session; signing in again returns to `prevPath`. */
export const ReauthPage = () => {
  usePageMeta({ title: 'Sign in again', description: 'Your session has ended. Sign in again to continue.' });
  const location = useLocation();
  const { user } = useSession();
  const prevPath = readPrevPath(location.hash);
  return (
    <AuthCard
      icon={Clock}
      title="Sign in again"
      description={
        prevPath
          ? 'For your security your session has ended. Sign in again and we will take you back to where you were.'
          : 'For your security your session has ended. Sign in again to continue.'
      }
    >
      <SignInForm prevPath={prevPath} defaultEmail={user?.email ?? ''} />
    </AuthCard>
  );
};
