import { ShieldCheck } from 'lucide-react';
import { useQuery } from 'urql';
import { Badge } from '../../../ui/badge.tsx';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../../ui/card.tsx';
import { Spinner } from '../../../ui/spinner.tsx';
import { AuthenticationUserQuery } from '../graphql.ts';

const METHOD_LABELS = { Email: 'Email code', Authenticator: 'Authenticator app' } as const;

/** How the signed-in user's sign-ins are protected (getAuthenticationUser), for the dashboard. */
export const SignInSecurityCard = () => {
  const [{ data, fetching, error }] = useQuery({ query: AuthenticationUserQuery, variables: {} });
  const user = data?.getAuthenticationUser;
  return (
    <Card data-testid="sign-in-security">
      <CardHeader>
        <CardDescription className="flex items-center gap-2">
          <ShieldCheck className="size-4" aria-hidden="true" />
          Sign-in security
        </CardDescription>
        <CardTitle>{user?.mfaMethod ? METHOD_LABELS[user.mfaMethod] : 'Two-factor authentication'}</CardTitle>
      </CardHeader>
      <CardContent className="text-sm text-muted-foreground">
        {fetching && !data ? <Spinner label="Loading sign-in security" /> : null}
        {user ? (
          <p className="flex flex-wrap items-center gap-2">
            {user.mfaEnabled ? (
              <Badge variant="success">Two-factor on</Badge>
            ) : (
              <Badge variant="destructive">Two-factor not confirmed</Badge>
            )}
            <span>Every sign-in asks for a code after your password.</span>
          </p>
        ) : null}
        {error && !user ? <p>Sign-in details are not available right now.</p> : null}
      </CardContent>
    </Card>
  );
};
