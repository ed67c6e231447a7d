import { Link } from 'react-router';
import { Button } from '../ui/button.tsx';

/** Shown when a screen fails to load or render, instead of a blank page. */
export const RouteError = ({ error }: { error: unknown }) => {
  const notFound = (error as { status?: number } | null)?.status === 404;
  return (
    <main className="mx-auto flex min-h-[60vh] max-w-xl flex-col items-center justify-center gap-4 p-8 text-center">
      <h1 className="text-3xl font-bold">{notFound ? 'Page not found' : 'Something went wrong. Please try again.'}</h1>
      <p className="text-muted-foreground">
        {notFound ? 'The page you asked for does not exist.' : 'This screen could not be shown. Reload the page, or go back to the start.'}
      </p>
      <div className="flex gap-3">
        <Button onClick={() => window.location.reload()}>Reload</Button>
        <Button variant="outline" asChild>
          <Link to="/">Go to the home page</Link>
        </Button>
      </div>
    </main>
  );
};
