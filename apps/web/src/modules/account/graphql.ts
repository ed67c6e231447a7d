import type { MfaMethod } from '@tidewise/shared/auth';
import { gql } from 'urql';

export type MessageResponse = { success: boolean; message: string | null; errors: { message: string }[] };

export type AccountUser = { id: string; email: string; mfaEnabled: boolean; mfaMethod: MfaMethod | null; role: string };

export const AccountQuery = gql<{ getAuthenticationUser: AccountUser }, Record<string, never>>`
  query Account {
    getAuthenticationUser { id email mfaEnabled mfaMethod role }
  }
`;

export const MyOrganizationUserQuery = gql<
  { myOrganizationUser: { id: string; firstName: string | null; lastName: string | null; jobPosition: string | null } },
  Record<string, never>
>`
  query MyOrganizationUser {
    myOrganizationUser { id firstName lastName jobPosition }
  }
`;

export type ProfileInput = { firstName: string; lastName: string; jobPosition: string | null; language: string | null };

export const UpdateMyProfileMutation = gql<
  { updateMyProfile: { id: string; firstName: string | null; lastName: string | null; jobPosition: string | null } },
  { input: ProfileInput }
>`
  mutation UpdateMyProfile($input: UpdateMyProfileInput!) {
    updateMyProfile(input: $input) { id firstName lastName jobPosition }
  }
`;

export type AccountSession = {
  id: string;
  createdAt: string;
  lastUsedAt: string;
  ipAddress: string | null;
  browser: string | null;
  os: string | null;
  current: boolean;
};

export const MySessionsQuery = gql<{ mySessions: AccountSession[] }, Record<string, never>>`
  query MySessions {
    mySessions { id createdAt lastUsedAt ipAddress browser os current }
  }
`;

export const RevokeOtherSessionsMutation = gql<{ revokeOtherSessions: MessageResponse }, Record<string, never>>`
  mutation RevokeOtherSessions {
    revokeOtherSessions { success message errors { message } }
  }
`;

export const StartMfaMethodChangeMutation = gql<
  { startMfaMethodChange: { qrCodeDataURL: string | null; otpauthUri: string | null } },
  { input: { password: string; method: MfaMethod } }
>`
  mutation StartMfaMethodChange($input: StartMfaMethodChangeInput!) {
    startMfaMethodChange(input: $input) { qrCodeDataURL otpauthUri }
  }
`;

export const ConfirmMfaMethodChangeMutation = gql<{ confirmMfaMethodChange: MessageResponse }, { input: { code: string } }>`
  mutation ConfirmMfaMethodChange($input: ConfirmMfaMethodChangeInput!) {
    confirmMfaMethodChange(input: $input) { success message errors { message } }
  }
`;
