import { Link, Outlet } from 'react-router';
import { Logo } from '../../ui/logo.tsx';
import { SkipLink } from '../../ui/skip-link.tsx';
import { ThemeToggle } from '../../ui/theme-toggle.tsx';

/** Sign-in, MFA, reset and sign-up screens: a focused column with no site navigation. */
export const AuthLayout = ({ area = 'auth' }: { area?: 'auth' | 'supplier' }) => (
  <div className="flex min-h-screen flex-col bg-background">
    <SkipLink />
    <header className="flex h-16 items-center justify-between px-4 md:px-8">
      <Link to="/" aria-label="Tidewise home">
        <Logo />
      </Link>
      <div className="flex items-center gap-3">
        {area === 'supplier' ? <span className="text-sm font-medium text-muted-foreground">Supplier portal</span> : null}
        <ThemeToggle />
      </div>
    </header>
    <main id="main" className="flex flex-1 items-start justify-center px-4 py-8 md:items-center md:py-12">
      <div className="w-full max-w-md">
        <Outlet />
      </div>
    </main>
    <footer className="px-4 py-6 text-center text-xs text-muted-foreground">
      <Link to="/privacy-policy" className="hover:text-foreground">
        Privacy Policy
      </Link>
      <span aria-hidden="true"> · </span>
      <Link to="/contact" className="hover:text-foreground">
        Help
      </Link>
    </footer>
  </div>
);
