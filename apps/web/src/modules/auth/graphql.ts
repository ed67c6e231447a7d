import type { MfaMethod } from '@tidewise/shared/auth';
import { gql } from 'urql';
import type { SessionUser } from '../../lib/session.tsx';

type MessageResponse = { success: boolean; message: string | null };
type TokenResponse = { token: string };
type RegisterResponse = { userId: string; qrCodeDataURL: string | null; otpauthUri: string | null };

export const LoginMutation = gql<
  { login: { token: string; userId: string; mfaRequired: boolean; mfaMethod: MfaMethod } },
  { input: { authKey: string; authSecret: string } }
>`
  mutation Login($input: LoginInput!) {
    login(input: $input) { token userId mfaRequired mfaMethod }
  }
`;

export const LoginValidateMutation = gql<{ loginValidate: TokenResponse }, { input: { token: string } }>`
  mutation LoginValidate($input: LoginValidateInput!) {
    loginValidate(input: $input) { token }
  }
`;

export const ValidateMfaMutation = gql<{ validateMfa: MessageResponse }, { input: { token: string; userId: string } }>`
  mutation ValidateMfa($input: ValidateMfaInput!) {
    validateMfa(input: $input) { success message }
  }
`;

export const VerifyAuthenticatorSetupMutation = gql<
  { verifyAuthenticatorSetup: TokenResponse },
  { input: { userId: string; token: string } }
>`
  mutation VerifyAuthenticatorSetup($input: VerifyAuthenticatorSetupInput!) {
    verifyAuthenticatorSetup(input: $input) { token }
  }
`;

export type OrganizationAccountVariables = {
  organizationName: string;
  firstName: string;
  lastName: string;
  email: string;
  password: string;
  industry: string;
  companySize: string;
  website: string | null;
  registrationNumber: string | null;
  description: string | null;
  mfaMethod: MfaMethod;
};

export const CreateOrganizationAccountMutation = gql<
  { createOrganizationAccount: RegisterResponse },
  { input: OrganizationAccountVariables }
>`
  mutation CreateOrganizationAccount($input: CreateOrganizationAccountInput!) {
    createOrganizationAccount(input: $input) { userId qrCodeDataURL otpauthUri }
  }
`;

export const RefreshTokenMutation = gql<{ refreshToken: { token: string; refreshToken: string; user: SessionUser } }, { token: string }>`
  mutation RefreshToken($token: String!) {
    refreshToken(token: $token) {
      token
      refreshToken
      user {
        id
        role
        language
        email
        organizationUser {
          id
          organizationId
          firstName
          lastName
          organization { id name organizationType organizationTypeLabel }
        }
      }
    }
  }
`;

export const PasswordResetRequestMutation = gql<{ passwordResetRequest: string }, { input: { authKey: string } }>`
  mutation PasswordResetRequest($input: PasswordResetRequestInput!) {
    passwordResetRequest(input: $input)
  }
`;

export const ResendPasswordResetRequestMutation = gql<{ resendPasswordResetRequest: string }, { input: { authKey: string } }>`
  mutation ResendPasswordResetRequest($input: ResendPasswordResetRequestInput!) {
    resendPasswordResetRequest(input: $input)
  }
`;

export const PasswordResetValidateMutation = gql<{ passwordResetValidate: MessageResponse }, { input: { token: string; code: string } }>`
  mutation PasswordResetValidate($input: PasswordResetValidateInput!) {
    passwordResetValidate(input: $input) { success message }
  }
`;

export const PasswordResetMutation = gql<{ passwordReset: MessageResponse }, { input: { token: string; password: string } }>`
  mutation PasswordReset($input: PasswordResetInput!) {
    passwordReset(input: $input) { success message }
  }
`;

export const AuthenticationUserQuery = gql<
  { getAuthenticationUser: { id: string; email: string; mfaEnabled: boolean; mfaMethod: MfaMethod | null; role: string } },
  Record<string, never>
>`
  query AuthenticationUser {
    getAuthenticationUser { id email mfaEnabled mfaMethod role }
  }
`;
