import { Compass, LayoutDashboard } from 'lucide-react';
import { Link } from 'react-router';
import { Button } from '../ui/button.tsx';
import { usePageMeta } from '../lib/page-meta.ts';
import { StatusPage } from './status-page.tsx';

const META = { title: 'Page not found', description: 'The page you asked for does not exist.' };

/** The public, auth and supplier areas' unknown addresses: back to the front door or to sign-in. */
export const NotFoundPage = () => {
  usePageMeta(META);
  return (
    <main id="main" className="mx-auto flex min-h-[60vh] max-w-xl flex-col items-center justify-center gap-4 px-6 py-16 text-center">
      <p className="text-sm font-semibold uppercase tracking-widest text-primary">404</p>
      <h1 className="text-3xl font-bold md:text-4xl">Page not found</h1>
      <p className="text-muted-foreground">
        The page you asked for does not exist or has moved. Check the address, or start again from one of these.
      </p>
      <div className="flex flex-wrap justify-center gap-3">
        <Button asChild>
          <Link to="/">Home page</Link>
        </Button>
        <Button variant="outline" asChild>
          <Link to="/auth/login">Sign in</Link>
        </Button>
      </div>
    </main>
  );
};

/** An unknown address under /app, answered inside the signed-in frame: the user is signed in already. */
export const AppNotFoundPage = () => {
  usePageMeta(META);
  return (
    <StatusPage
      icon={Compass}
      eyebrow="404"
      title="Page not found"
      actions={
        <Button asChild>
          <Link to="/app">
            <LayoutDashboard aria-hidden="true" />
            Go to dashboard
          </Link>
        </Button>
      }
    >
      <p>There's no page at this address. The link may be mistyped, or the page may have moved.</p>
    </StatusPage>
  );
};
