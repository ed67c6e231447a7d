import { Mail, MapPin, Menu, X } from 'lucide-react';
import { useState } from 'react';
import { Link, NavLink, Outlet } from 'react-router';
import { cn } from '../../lib/cn.ts';
import { LinkedinIcon } from '../../ui/brand-icons.tsx';
import { Button } from '../../ui/button.tsx';
import { Logo } from '../../ui/logo.tsx';
import { SkipLink } from '../../ui/skip-link.tsx';
import { ThemeToggle } from '../../ui/theme-toggle.tsx';

const NAV = [
  { to: '/about', label: 'About' },
  { to: '/resources', label: 'Resources' },
  { to: '/partners', label: 'Partners' },
  { to: '/contact', label: 'Contact' },
];

const navClass = ({ isActive }: { isActive: boolean }) =>
  cn('rounded-md px-3 py-2 text-sm font-medium hover:bg-muted', isActive ? 'text-primary' : 'text-muted-foreground');

const SupporterMark = () => (
  <span className="inline-flex items-center gap-2 text-xs text-muted-foreground">
    <svg viewBox="0 0 40 40" className="size-9" role="img" aria-label="Supported by the Blue Transition Fund">
      <circle cx="20" cy="20" r="18" fill="none" stroke="currentColor" strokeWidth="2" />
      <path d="M9 24c3.6 0 3.6-3 7.3-3s3.6 3 7.3 3 3.6-3 7.3-3" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round" />
      <path d="M20 9l3 6h-6z" fill="currentColor" />
    </svg>
    <span>
      Supported by
      <br />
      <strong className="font-semibold text-foreground">Blue Transition Fund</strong>
    </span>
  </span>
);

export const PublicLayout = () => {
  const [menuOpen, setMenuOpen] = useState(false);

  return (
    <div className="flex min-h-screen flex-col">
      <SkipLink />
      <header className="sticky top-0 z-40 border-b border-border bg-background/90 backdrop-blur">
        <div className="mx-auto flex h-16 max-w-7xl items-center justify-between gap-4 px-4 md:px-6 lg:px-8">
          <Link to="/" aria-label="Tidewise home">
            <Logo />
          </Link>
          <nav aria-label="Main" className="hidden items-center gap-1 md:flex">
            {NAV.map((item) => (
              <NavLink key={item.to} to={item.to} className={navClass}>
                {item.label}
              </NavLink>
            ))}
          </nav>
          <div className="flex items-center gap-2">
            <ThemeToggle />
            <Button asChild size="sm">
              <Link to="/auth/login">Login</Link>
            </Button>
            <Button
              variant="ghost"
              size="icon"
              className="md:hidden"
              aria-expanded={menuOpen}
              aria-controls="mobile-menu"
              aria-label={menuOpen ? 'Close menu' : 'Open menu'}
              onClick={() => setMenuOpen((open) => !open)}
            >
              {menuOpen ? <X aria-hidden="true" /> : <Menu aria-hidden="true" />}
            </Button>
          </div>
        </div>
        {menuOpen ? (
          <nav id="mobile-menu" aria-label="Main" className="border-t border-border px-4 py-2 md:hidden">
            {NAV.map((item) => (
              <NavLink key={item.to} to={item.to} className={(state) => cn(navClass(state), 'block')} onClick={() => setMenuOpen(false)}>
                {item.label}
              </NavLink>
            ))}
          </nav>
        ) : null}
      </header>
      <div className="flex-1">
        <Outlet />
      </div>
      <footer className="border-t border-border">
        <div className="mx-auto flex max-w-7xl flex-col gap-6 px-4 py-8 md:flex-row md:items-center md:justify-between md:px-6 lg:px-8">
          <SupporterMark />
          <p className="text-sm text-muted-foreground">© {new Date().getFullYear()} Tidewise ApS. All rights reserved.</p>
          <div className="flex items-center gap-4">
            <Link to="/privacy-policy" className="text-sm text-muted-foreground hover:text-foreground">
              Privacy Policy
            </Link>
            <Link to="/cookie-policy" className="text-sm text-muted-foreground hover:text-foreground">
              Cookie Policy
            </Link>
            <a href="mailto:hello@tidewise.eu" aria-label="Email Tidewise" className="text-muted-foreground hover:text-foreground">
              <Mail className="size-5" aria-hidden="true" />
            </a>
            <Link to="/contact#offices" aria-label="Our offices" className="text-muted-foreground hover:text-foreground">
              <MapPin className="size-5" aria-hidden="true" />
            </Link>
            <a
              href="https://www.linkedin.com/company/tidewise"
              target="_blank"
              rel="noopener noreferrer"
              aria-label="Tidewise on LinkedIn"
              className="text-muted-foreground hover:text-foreground"
            >
              <LinkedinIcon className="size-5" />
            </a>
          </div>
        </div>
      </footer>
    </div>
  );
};
