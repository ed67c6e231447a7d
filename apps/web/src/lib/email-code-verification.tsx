import { AUTH_FALLBACK_MESSAGES } from '@tidewise/shared/auth';
import { useState } from 'react';
import { useMutation } from 'urql';
import { errorMessage } from './errors.ts';
import { graphql } from './graphql.ts';
import { CodeForm } from '../ui/code-form.tsx';

const VerifyEmailMfaMutation = graphql(`
  mutation VerifyEmailMfa($input: VerifyEmailMfaInput!) {
    verifyEmailMfa(input: $input) { token }
  }
`);

/** Confirms the Email method of a new account with the emailed code; answers the hand-off token. */
export const EmailCodeVerification = ({
  userId,
  onVerified,
  submitLabel,
}: {
  userId: string;
  onVerified: (token: string) => void;
  submitLabel?: string;
}) => {
  const [error, setError] = useState<string | null>(null);
  const [, verifyEmail] = useMutation(VerifyEmailMfaMutation);
  const verify = async (code: string) => {
    setError(null);
    const result = await verifyEmail({ input: { userId, code } });
    const token = result.data?.verifyEmailMfa.token;
    if (!token) {
      setError(errorMessage(result.error, AUTH_FALLBACK_MESSAGES.invalidOrExpiredCode));
      return false;
    }
    onVerified(token);
    return true;
  };
  return (
    <CodeForm
      onVerify={verify}
      error={error}
      label="6-digit code from your email"
      submitLabel={submitLabel}
      hint="The code expires in 10 minutes. Check your spam folder if it hasn't arrived."
    />
  );
};
