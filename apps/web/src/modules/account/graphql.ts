import { graphql, type ResultOf } from '../../lib/graphql.ts';

export const AccountQuery = graphql(`
  query Account {
    getAuthenticationUser { id email mfaEnabled mfaMethod role }
  }
`);

export const MyOrganizationUserQuery = graphql(`
  query MyOrganizationUser {
    myOrganizationUser { id firstName lastName jobPosition }
  }
`);

export const UpdateMyProfileMutation = graphql(`
  mutation UpdateMyProfile($input: UpdateMyProfileInput!) {
    updateMyProfile(input: $input) { id firstName lastName jobPosition }
  }
`);

export const MySessionsQuery = graphql(`
  query MySessions {
    mySessions { id createdAt lastUsedAt ipAddress browser os current }
  }
`);

export type AccountSession = ResultOf<typeof MySessionsQuery>['mySessions'][number];

export const RevokeOtherSessionsMutation = graphql(`
  mutation RevokeOtherSessions {
    revokeOtherSessions { success message errors { message } }
  }
`);

export const StartMfaMethodChangeMutation = graphql(`
  mutation StartMfaMethodChange($input: StartMfaMethodChangeInput!) {
    startMfaMethodChange(input: $input) { qrCodeDataURL otpauthUri }
  }
`);

export const ConfirmMfaMethodChangeMutation = graphql(`
  mutation ConfirmMfaMethodChange($input: ConfirmMfaMethodChangeInput!) {
    confirmMfaMethodChange(input: $input) { success message errors { message } }
  }
`);

export const ReminderPreferenceQuery = graphql(`
  query ReminderPreference {
    reminderPreference { remindersMuted }
  }
`);

export const UpdateReminderPreferenceMutation = graphql(`
  mutation UpdateReminderPreference($input: ReminderPreferenceInput!) {
    updateReminderPreference(input: $input) { remindersMuted }
  }
`);
