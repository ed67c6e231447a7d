import { Link } from 'react-router';
import { Button } from '../ui/button.tsx';
import { usePageMeta } from '../lib/page-meta.ts';

export const NotFoundPage = () => {
  usePageMeta({ title: 'Page not found', description: 'The page you asked for does not exist.' });
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
