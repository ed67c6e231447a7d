import { graphql, type ResultOf } from '../../lib/graphql.ts';

export const OrganizationFields = graphql(`
  fragment OrganizationFields on Organization {
    id name logo websiteUrl organizationType organizationTypeLabel location registrationStatus
  }
`);

export type Organization = ResultOf<typeof OrganizationFields>;

export const OrganizationSettingFields = graphql(`
  fragment OrganizationSettingFields on OrganizationSetting {
    measurementSystem currency timezone
  }
`);

export type OrganizationSetting = ResultOf<typeof OrganizationSettingFields>;

export const OrganizationQuery = graphql(
  `
    query Organization {
      organization { ...OrganizationFields }
    }
  `,
  [OrganizationFields],
);

export const OrganizationSettingQuery = graphql(
  `
    query OrganizationSetting {
      organizationSetting { ...OrganizationSettingFields }
      timezones { name offset }
    }
  `,
  [OrganizationSettingFields],
);

export type Timezone = ResultOf<typeof OrganizationSettingQuery>['timezones'][number];

export const UpdateOrganizationMutation = graphql(
  `
    mutation UpdateOrganization($input: UpdateOrganizationInput!) {
      updateOrganization(input: $input) { ...OrganizationFields }
    }
  `,
  [OrganizationFields],
);

export const UpdateOrganizationSettingMutation = graphql(
  `
    mutation UpdateOrganizationSetting($input: UpdateOrganizationSettingInput!) {
      updateOrganizationSetting(input: $input) { ...OrganizationSettingFields }
    }
  `,
  [OrganizationSettingFields],
);

export const ClearOrganizationDataMutation = graphql(`
  mutation ClearOrganizationData($input: ClearOrganizationDataInput!) {
    clearOrganizationData(input: $input) { success cleared { name count } }
  }
`);
