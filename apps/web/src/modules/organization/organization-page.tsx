import { useQuery } from 'urql';
import { usePageMeta } from '../../lib/page-meta.ts';
import { PageHeader } from '../../ui/page-header.tsx';
import { CardsLoading, QueryError } from '../../lib/query-state.tsx';
import { useViewer } from '../../lib/viewer.ts';
import { DangerZone } from './danger-zone.tsx';
import { OrganizationQuery, OrganizationSettingQuery } from './graphql.ts';
import { ProfileCard } from './profile-card.tsx';
import { SettingsCard } from './settings-card.tsx';

/** The organisation's profile and settings, and clearing its data. */
export const OrganizationPage = () => {
  usePageMeta({ title: 'Organisation', description: 'Your organisation profile and settings.' });
  const { can } = useViewer();
  const [organizationResult, refetchOrganization] = useQuery({ query: OrganizationQuery });
  const [settingResult, refetchSetting] = useQuery({ query: OrganizationSettingQuery });
  const organization = organizationResult.data?.organization;
  const setting = settingResult.data?.organizationSetting;

  return (
    <div className="mx-auto flex max-w-4xl flex-col gap-6">
      <PageHeader title="Organisation" description="Your organisation's profile and the settings its reports use." />
      {organization ? (
        <ProfileCard organization={organization} canEdit={can('organization:update')} />
      ) : organizationResult.error ? (
        <QueryError
          title="The profile could not be loaded"
          error={organizationResult.error}
          onRetry={() => refetchOrganization({ requestPolicy: 'network-only' })}
        />
      ) : (
        <CardsLoading label="Loading the organisation profile" cards={1} />
      )}
      {setting && settingResult.data ? (
        <SettingsCard setting={setting} timezones={settingResult.data.timezones} canEdit={can('organization:update')} />
      ) : settingResult.error ? (
        <QueryError
          title="The settings could not be loaded"
          error={settingResult.error}
          onRetry={() => refetchSetting({ requestPolicy: 'network-only' })}
        />
      ) : (
        <CardsLoading label="Loading the settings" cards={1} />
      )}
      {organization && can('organization:clear-data') ? <DangerZone organizationName={organization.name} /> : null}
    </div>
  );
};
