import type { MfaMethod } from '@tidewise/shared/auth';
import { gql } from 'urql';

/**
 * Registration of an invited user (an organisation member or a supplier contact): the auth and the
 * supplier areas both validate the emailed token and register with it.
 */
type RegisterResponse = { userId: string; qrCodeDataURL: string | null; otpauthUri: string | null };

export type InvitedUser = {
  id: string;
  email: string;
  organizationUser: {
    id: string;
    firstName: string | null;
    lastName: string | null;
    organization: { id: string; name: string; createdByOrganization: { id: string; name: string } | null };
  } | null;
};

export const ValidateAuthenticationTokenQuery = gql<{ validateAuthenticationToken: InvitedUser }, { token: string }>`
  query ValidateAuthenticationToken($token: String!) {
    validateAuthenticationToken(token: $token) {
      id
      email
      organizationUser {
        id
        firstName
        lastName
        organization { id name createdByOrganization { id name } }
      }
    }
  }
`;

export const RegisterMutation = gql<{ register: RegisterResponse }, { input: { token: string; password: string; mfaMethod: MfaMethod } }>`
  mutation Register($input: RegisterInput!) {
    register(input: $input) { userId qrCodeDataURL otpauthUri }
  }
`;
