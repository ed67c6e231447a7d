import { LayoutDashboard, LockKeyhole } from 'lucide-react';
import { Link } from 'react-router';
import { usePageMeta } from '../lib/page-meta.ts';
import { useSession } from '../lib/session.tsx';
import { Button } from '../ui/button.tsx';
import { StatusPage } from './status-page.tsx';

/**
 * What a signed-in user sees on a screen their role does not open (typed into the address bar, or
 * an old bookmark): inside the application frame, without asking the API for anything, and with
 * the person who can change it named. Supplier accounts never hold the administration screens.
 */
export const NotAvailablePage = ({ area, supplierArea }: { area: string; supplierArea?: string }) => {
  usePageMeta({ title: 'Not available', description: 'This area is not part of your access to Tidewise.' });
  const { user } = useSession();
  const organization = user?.organizationUser?.organization;
  const name = organization?.name ?? 'your organisation';
  return (
    <StatusPage
      icon={LockKeyhole}
      eyebrow="Not available"
      title="This area isn't open to you"
      actions={
        <Button asChild>
          <Link to="/app">
            <LayoutDashboard aria-hidden="true" />
            Go to dashboard
          </Link>
        </Button>
      }
    >
      {organization?.organizationType === 'supplier' ? (
        <p>
          {supplierArea ?? area} is part of a customer organisation's administration, so supplier accounts such as {name} don't include it.
          If you think you need it, contact the customer who invited you.
        </p>
      ) : (
        <p>
          {area} isn't part of your role at {name}. If you need it for your work, ask an administrator at {name} to add it to your role.
        </p>
      )}
    </StatusPage>
  );
};
