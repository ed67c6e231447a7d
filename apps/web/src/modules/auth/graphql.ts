import { graphql } from '../../lib/graphql.ts';

export const LoginMutation = graphql(`
  mutation Login($input: LoginInput!) {
    login(input: $input) { token userId mfaRequired mfaMethod }
  }
`);

export const LoginValidateMutation = graphql(`
  mutation LoginValidate($input: LoginValidateInput!) {
    loginValidate(input: $input) { token }
  }
`);

export const ValidateMfaMutation = graphql(`
  mutation ValidateMfa($input: ValidateMfaInput!) {
    validateMfa(input: $input) { success message }
  }
`);

export const VerifyAuthenticatorSetupMutation = graphql(`
  mutation VerifyAuthenticatorSetup($input: VerifyAuthenticatorSetupInput!) {
    verifyAuthenticatorSetup(input: $input) { token }
  }
`);

export const CreateOrganizationAccountMutation = graphql(`
  mutation CreateOrganizationAccount($input: CreateOrganizationAccountInput!) {
    createOrganizationAccount(input: $input) { userId qrCodeDataURL otpauthUri }
  }
`);

export const RefreshTokenMutation = graphql(`
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
`);

export const PasswordResetRequestMutation = graphql(`
  mutation PasswordResetRequest($input: PasswordResetRequestInput!) {
    passwordResetRequest(input: $input)
  }
`);

export const ResendPasswordResetRequestMutation = graphql(`
  mutation ResendPasswordResetRequest($input: ResendPasswordResetRequestInput!) {
    resendPasswordResetRequest(input: $input)
  }
`);

export const PasswordResetValidateMutation = graphql(`
  mutation PasswordResetValidate($input: PasswordResetValidateInput!) {
    passwordResetValidate(input: $input) { success message }
  }
`);

export const PasswordResetMutation = graphql(`
  mutation PasswordReset($input: PasswordResetInput!) {
    passwordReset(input: $input) { success message }
  }
`);

export const AuthenticationUserQuery = graphql(`
  query AuthenticationUser {
    getAuthenticationUser { id email mfaEnabled mfaMethod role }
  }
`);
