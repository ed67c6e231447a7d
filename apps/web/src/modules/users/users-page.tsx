import { UserPlus } from 'lucide-react';
import { useState } from 'react';
import { useSearchParams } from 'react-router';
import { usePageMeta } from '../../lib/page-meta.ts';
import { Button } from '../../ui/button.tsx';
import { Tabs } from '../../ui/tabs.tsx';
import { PageHeader } from '../../ui/page-header.tsx';
import { useViewer } from '../../lib/viewer.ts';
import { EmailChangeRequests } from './email-change-requests.tsx';
import { InviteUserDialog } from './invite-user-dialog.tsx';
import { MembersTable } from './members-table.tsx';

type Tab = 'members' | 'email-changes';

/** The organisation's users and their requests to change email address; the tab is part of the URL (`?tab=email-changes`). */
export const UsersPage = () => {
  usePageMeta({ title: 'Users', description: 'The people of your organisation and what they may do.' });
  const { can } = useViewer();
  const [params, setParams] = useSearchParams();
  const tab: Tab = params.get('tab') === 'email-changes' && can('users:update') ? 'email-changes' : 'members';
  const setTab = (next: Tab) => {
    if (next === tab) return;
    const target = new URLSearchParams(params);
    if (next === 'members') target.delete('tab');
    else target.set('tab', next);
    setParams(target, { preventScrollReset: true });
  };
  const [inviteOpen, setInviteOpen] = useState(false);
  const [notice, setNotice] = useState<string | null>(null);
  const [listKey, setListKey] = useState(0);
  const tabs = [
    { value: 'members' as const, label: 'Members' },
    ...(can('users:update') ? [{ value: 'email-changes' as const, label: 'Email change requests' }] : []),
  ];

  return (
    <div className="mx-auto flex max-w-6xl flex-col gap-6">
      <PageHeader
        title="Users"
        description="Invite colleagues, choose their roles, and lock or remove accounts."
        actions={
          can('users:invite') ? (
            <Button onClick={() => setInviteOpen(true)}>
              <UserPlus aria-hidden="true" />
              Invite user
            </Button>
          ) : null
        }
      />
      {tabs.length > 1 ? (
        <Tabs label="Users" items={tabs} value={tab} onValueChange={setTab}>
          {tab === 'members' ? <MembersTable key={listKey} notice={notice} /> : <EmailChangeRequests />}
        </Tabs>
      ) : (
        <MembersTable key={listKey} notice={notice} />
      )}
      <InviteUserDialog
        open={inviteOpen}
        onOpenChange={setInviteOpen}
        onInvited={(email) => {
          setNotice(`Invitation sent to ${email}.`);
          setTab('members');
          setListKey((k) => k + 1);
        }}
      />
    </div>
  );
};
