import { gql } from 'urql';

export type Organization = {
  id: string;
  name: string;
  logo: string | null;
  websiteUrl: string | null;
  organizationType: string;
  organizationTypeLabel: string | null;
  location: string | null;
  registrationStatus: string | null;
};

export type OrganizationSetting = { measurementSystem: string; currency: string; timezone: string };
export type Timezone = { name: string; offset: string };

export const OrganizationQuery = gql<{ organization: Organization }, Record<string, never>>`
  query Organization {
    organization { id name logo websiteUrl organizationType organizationTypeLabel location registrationStatus }
  }
`;

export const OrganizationSettingQuery = gql<{ organizationSetting: OrganizationSetting; timezones: Timezone[] }, Record<string, never>>`
  query OrganizationSetting {
    organizationSetting { measurementSystem currency timezone }
    timezones { name offset }
  }
`;

export type UpdateOrganizationInput = { name: string; websiteUrl: string | null; location: string | null };

export const UpdateOrganizationMutation = gql<{ updateOrganization: Organization }, { input: UpdateOrganizationInput }>`
  mutation UpdateOrganization($input: UpdateOrganizationInput!) {
    updateOrganization(input: $input) { id name logo websiteUrl organizationType organizationTypeLabel location registrationStatus }
  }
`;

export const UpdateOrganizationSettingMutation = gql<{ updateOrganizationSetting: OrganizationSetting }, { input: OrganizationSetting }>`
  mutation UpdateOrganizationSetting($input: UpdateOrganizationSettingInput!) {
    updateOrganizationSetting(input: $input) { measurementSystem currency timezone }
  }
`;

export type ClearOrganizationDataResult = { success: boolean; cleared: { name: string; count: number }[] };

export const ClearOrganizationDataMutation = gql<
  { clearOrganizationData: ClearOrganizationDataResult },
  { input: { confirmation: string } }
>`
  mutation ClearOrganizationData($input: ClearOrganizationDataInput!) {
    clearOrganizationData(input: $input) { success cleared { name count } }
  }
`;
