import { LogIn } from 'lucide-react';
import { Link, useSearchParams } from 'react-router';
import { usePageMeta } from '../../../lib/page-meta.ts';
import { AuthCard } from '../../../ui/auth-card.tsx';
import { SignInForm } from '../components/sign-in-form.tsx';
import { safeReturnPath } from '../../../lib/return-path.ts';

export const LoginPage = () => {
  usePageMeta({ title: 'Sign in', description: 'Sign in to Tidewise to share and review supply-chain emissions data.' });
  const [params] = useSearchParams();
  return (
    <AuthCard
      icon={LogIn}
      title="Sign in to Tidewise"
      description="Share and review Scope 3 emissions data with your customers and suppliers."
      footer={
        <>
          <p>
            New to Tidewise?{' '}
            <Link to="/contact?reason=demo" className="font-medium text-primary hover:underline">
              Request access
            </Link>
          </p>
          <p>
            Setting up your company?{' '}
            <Link to="/auth/organization-signup" className="font-medium text-primary hover:underline">
              Create an organisation account
            </Link>
          </p>
        </>
      }
    >
      <SignInForm prevPath={safeReturnPath(params.get('next'))} />
    </AuthCard>
  );
};
