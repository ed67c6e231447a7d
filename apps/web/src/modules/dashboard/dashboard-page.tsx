import { usePageMeta } from '../../lib/page-meta.ts';
import { useSession } from '../../lib/session.tsx';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../ui/card.tsx';
import { CustomerInvitationsCard } from './customer-invitations-card.tsx';

const ROLE_LABELS: Record<string, string> = {
  organization_admin: 'Organisation administrator',
  contributor: 'Contributor',
  viewer: 'Viewer',
  supplier_contributor: 'Supplier contributor',
};

export const DashboardPage = () => {
  usePageMeta({ title: 'Dashboard', description: 'Your organisation on Tidewise.' });
  const { user } = useSession();
  if (!user) return null;
  const organization = user.organizationUser?.organization;
  return (
    <div className="mx-auto flex max-w-5xl flex-col gap-6">
      <div>
        <h1 className="text-2xl font-bold md:text-3xl">Welcome{user.organizationUser ? `, ${user.organizationUser.firstName}` : ''}</h1>
        <p className="text-muted-foreground">You are signed in to {organization?.name ?? 'Tidewise'}.</p>
      </div>
      <div className="grid gap-4 md:grid-cols-2">
        <Card>
          <CardHeader>
            <CardDescription>Organisation</CardDescription>
            <CardTitle>{organization?.name ?? 'No organisation'}</CardTitle>
          </CardHeader>
          <CardContent className="text-sm text-muted-foreground">
            {organization
              ? (organization.organizationTypeLabel ?? organization.organizationType)
              : 'Ask your administrator to add you to an organisation.'}
          </CardContent>
        </Card>
        <Card>
          <CardHeader>
            <CardDescription>Your account</CardDescription>
            <CardTitle className="break-all">{user.email}</CardTitle>
          </CardHeader>
          <CardContent className="text-sm text-muted-foreground">{ROLE_LABELS[user.role] ?? user.role}</CardContent>
        </Card>
        {organization?.organizationType === 'supplier' ? <CustomerInvitationsCard /> : null}
      </div>
    </div>
  );
};
