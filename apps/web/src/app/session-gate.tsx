import { CloudOff, RefreshCw } from 'lucide-react';
import { type ReactNode, useEffect, useState } from 'react';
import { Link, Navigate, useLocation } from 'react-router';
import { usePageMeta } from '../lib/page-meta.ts';
import { useSession } from '../lib/session.tsx';
import { refreshSession } from '../lib/session-api.ts';
import { Button } from '../ui/button.tsx';
import { Logo } from '../ui/logo.tsx';
import { StatusPage } from './status-page.tsx';

/** The sign-in page, coming back to `path` afterwards. */
export const signInUrl = (path: string) => `/auth/login?next=${encodeURIComponent(path)}`;

/** Shown while a reloaded page gets its session back: the brand, a spinner and one line, nothing that jumps. */
export const RestoringSession = () => (
  <div className="flex min-h-screen flex-col items-center justify-center gap-6 bg-background px-6 text-center" aria-busy="true">
    <Logo className="text-2xl" />
    <div role="status" className="flex items-center gap-3 text-muted-foreground">
      <span className="size-5 animate-spin rounded-full border-2 border-primary border-t-transparent" aria-hidden="true" />
      <span>Restoring your session…</span>
    </div>
  </div>
);

const RestoreFailed = ({ onRetry, next }: { onRetry: () => void; next: string }) => (
  <main id="main" className="flex min-h-screen items-center justify-center bg-background px-6">
    <StatusPage
      icon={CloudOff}
      title="We couldn't reach Tidewise"
      actions={
        <>
          <Button onClick={onRetry}>
            <RefreshCw aria-hidden="true" />
            Try again
          </Button>
          <Button variant="outline" asChild>
            <Link to={signInUrl(next)}>Sign in</Link>
          </Button>
        </>
      }
    >
      <p>Your session could not be checked just now. Check your connection and try again.</p>
    </StatusPage>
  </main>
);

type RestoreState = 'restoring' | 'signed-out' | 'failed';

/**
 * Asks the server once for the session of the refresh cookie: a reload or a new tab gets its
 * session back without signing in again. Until the answer arrives the restoring screen shows (never
 * the sign-in page); without a session the user signs in and comes back here.
 */
const RestoreSession = () => {
  usePageMeta({ title: 'Restoring your session', description: 'Signing you back in to Tidewise.' });
  const { setSession } = useSession();
  const location = useLocation();
  const [state, setState] = useState<RestoreState>('restoring');
  const [attempt, setAttempt] = useState(0);

  // biome-ignore lint/correctness/useExhaustiveDependencies: `attempt` asks again after a failure
  useEffect(() => {
    let active = true;
    void refreshSession().then((outcome) => {
      if (!active) return;
      if (outcome.status === 'restored') setSession(outcome.session);
      else setState(outcome.status);
    });
    return () => {
      active = false;
    };
  }, [attempt, setSession]);

  const here = `${location.pathname}${location.search}`;
  if (state === 'signed-out') return <Navigate to={signInUrl(here)} replace />;
  if (state === 'failed') {
    return (
      <RestoreFailed
        next={here}
        onRetry={() => {
          setState('restoring');
          setAttempt((n) => n + 1);
        }}
      />
    );
  }
  return <RestoringSession />;
};

/** The signed-in application renders only with a session in memory, restored from the cookie when needed. */
export const SessionGate = ({ children }: { children: ReactNode }) => {
  const { isAuthenticated } = useSession();
  return isAuthenticated ? children : <RestoreSession />;
};
