import { usePageMeta } from '../../lib/page-meta.ts';
import { PageHeader } from '../../ui/page-header.tsx';
import { MfaCard } from './mfa-card.tsx';
import { ProfileCard } from './profile-card.tsx';
import { RemindersCard } from './reminders-card.tsx';
import { SessionsCard } from './sessions-card.tsx';

/** The signed-in user's own profile, second factor, reminder emails and sessions. */
export const AccountPage = () => {
  usePageMeta({ title: 'My account', description: 'Your profile, two-factor authentication, reminder emails and sessions.' });
  return (
    <div className="mx-auto flex max-w-4xl flex-col gap-6">
      <PageHeader title="My account" description="Your profile, how you sign in, the reminders you get, and where you are signed in." />
      <ProfileCard />
      <MfaCard />
      <RemindersCard />
      <SessionsCard />
    </div>
  );
};
