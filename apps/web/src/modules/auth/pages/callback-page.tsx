import { AUTH_FALLBACK_MESSAGES } from '@tidewise/shared/auth';
import { TriangleAlert } from 'lucide-react';
import { useEffect, useRef, useState } from 'react';
import { Link, useLocation, useNavigate, useSearchParams } from 'react-router';
import { type OperationResult, useClient } from 'urql';
import { isUnauthenticatedError } from '../../../lib/graphql-client.ts';
import { usePageMeta } from '../../../lib/page-meta.ts';
import { useSession } from '../../../lib/session.tsx';
import { Button } from '../../../ui/button.tsx';
import { Spinner } from '../../../ui/spinner.tsx';
import { AuthCard } from '../../../ui/auth-card.tsx';
import { ServerAlert } from '../../../ui/server-alert.tsx';
import { RefreshTokenMutation } from '../graphql.ts';
import { errorMessage } from '../../../lib/errors.ts';
import { readPrevPath } from '../../../lib/return-path.ts';
import { clearMfaState } from '../../../lib/auth-storage.ts';

const EXPIRED_LINK = 'This sign-in link has expired or has already been used. Please sign in again.';

// A hand-off token works once: remember each exchange so a re-render or a second effect run reuses it.
const exchanges = new Map<string, Promise<OperationResult>>();

/**
 * Exchanges the one-time hand-off token from the URL for a session (refreshToken), keeps the user
 * and access token in memory (the refresh token arrives as an HttpOnly cookie) and continues to the
 * application, or to the page a reauth started from.
 */
export const CallbackPage = () => {
  usePageMeta({ title: 'Signing you in', description: 'Finishing your sign-in to Tidewise.' });
  const [params] = useSearchParams();
  const location = useLocation();
  const navigate = useNavigate();
  const client = useClient();
  const { setSession } = useSession();
  const token = params.get('token');
  const [error, setError] = useState<string | null>(token ? null : EXPIRED_LINK);
  const done = useRef(false);

  useEffect(() => {
    if (!token || done.current) return;
    let active = true;
    let pending = exchanges.get(token);
    if (!pending) {
      pending = client.mutation(RefreshTokenMutation, { token }, { requestPolicy: 'network-only' }).toPromise();
      exchanges.set(token, pending);
    }
    void pending.then((result) => {
      if (!active || done.current) return;
      done.current = true;
      const session = result.data?.refreshToken;
      if (!session) {
        setError(isUnauthenticatedError(result.error) ? EXPIRED_LINK : errorMessage(result.error, AUTH_FALLBACK_MESSAGES.generic));
        return;
      }
      setSession({ user: session.user, token: session.token });
      clearMfaState();
      navigate(readPrevPath(location.hash) ?? '/app', { replace: true });
    });
    return () => {
      active = false;
    };
  }, [token, client, setSession, navigate, location.hash]);

  if (error) {
    return (
      <AuthCard icon={TriangleAlert} tone="destructive" title="We couldn't sign you in">
        <ServerAlert message={error} />
        <Button asChild size="lg" className="w-full">
          <Link to="/auth/login">Back to sign in</Link>
        </Button>
      </AuthCard>
    );
  }
  return (
    <AuthCard title="Signing you in…" description="This takes a moment.">
      <div className="flex justify-center py-4">
        <Spinner label="Signing you in" className="[&>span:first-child]:size-8" />
      </div>
    </AuthCard>
  );
};
