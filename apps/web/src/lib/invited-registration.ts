import { graphql, type ResultOf } from './graphql.ts';

/**
 * Registration of an invited user (an organisation member or a supplier contact): the auth and the
 * supplier areas both validate the emailed token and register with it.
 */
export const ValidateAuthenticationTokenQuery = graphql(`
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
`);

export type InvitedUser = ResultOf<typeof ValidateAuthenticationTokenQuery>['validateAuthenticationToken'];

export const RegisterMutation = graphql(`
  mutation Register($input: RegisterInput!) {
    register(input: $input) { userId qrCodeDataURL otpauthUri }
  }
`);
