import { LayoutDashboard, LogOut, Menu, X } from 'lucide-react';
import { useState } from 'react';
import { Link, NavLink, Outlet } from 'react-router';
import { type AppNavItem, appNavigation, visibleNavigation } from '../navigation.ts';
import { SessionGate } from '../session-gate.tsx';
import { TimeZoneProvider } from '../../lib/time-zone.tsx';
import { useViewer, useViewerTimeZone } from '../../lib/viewer.ts';
import { cn } from '../../lib/cn.ts';
import { useSession } from '../../lib/session.tsx';
import { Button } from '../../ui/button.tsx';
import { Logo } from '../../ui/logo.tsx';
import { SkipLink } from '../../ui/skip-link.tsx';
import { ThemeToggle } from '../../ui/theme-toggle.tsx';

const dashboardItem: AppNavItem = { to: '/app', label: 'Dashboard', icon: LayoutDashboard };

/**
 * The signed-in application: it renders once a session is in memory (after a reload, restored from
 * the refresh cookie first), inside the frame below.
 */
export const AppLayout = () => (
  <SessionGate>
    <AppFrame />
  </SessionGate>
);

/** The signed-in application frame: sidebar navigation (a drawer under 1024 px) and a top bar. */
const AppFrame = () => {
  const session = useSession();
  const [drawerOpen, setDrawerOpen] = useState(false);
  const [signingOut, setSigningOut] = useState(false);
  const { permissions } = useViewer();
  const timeZone = useViewerTimeZone();

  const { user } = session;
  if (!user) return null;
  const isSupplier = user.organizationUser?.organization.organizationType === 'supplier';
  const { main, administration } = visibleNavigation(appNavigation, permissions, isSupplier ? 'supplier' : 'customer');
  const name = user.organizationUser ? `${user.organizationUser.firstName} ${user.organizationUser.lastName}` : user.email;

  const link = (item: AppNavItem) => (
    <li key={item.to}>
      <NavLink
        to={item.to}
        end={item.to === '/app'}
        onClick={() => setDrawerOpen(false)}
        className={({ isActive }) =>
          cn(
            'flex items-center gap-3 rounded-md px-3 py-2 text-sm font-medium',
            isActive ? 'bg-secondary text-secondary-foreground' : 'text-muted-foreground hover:bg-muted hover:text-foreground',
          )
        }
      >
        <item.icon className="size-4" aria-hidden={true} />
        {isSupplier && item.supplierLabel ? item.supplierLabel : item.label}
      </NavLink>
    </li>
  );

  const nav = (
    <div className="flex flex-col gap-4 p-3">
      <nav aria-label="Application">
        <ul className="flex flex-col gap-1">{[dashboardItem, ...main].map(link)}</ul>
      </nav>
      {administration.length > 0 ? (
        <nav aria-labelledby="nav-administration">
          <h2 id="nav-administration" className="px-3 pb-1 text-xs font-semibold uppercase tracking-wider text-muted-foreground">
            Administration
          </h2>
          <ul className="flex flex-col gap-1">{administration.map(link)}</ul>
        </nav>
      ) : null}
    </div>
  );

  return (
    <div className="flex min-h-screen">
      <SkipLink />
      <aside className="hidden w-64 shrink-0 border-r border-border bg-card lg:block">
        <div className="flex h-16 items-center border-b border-border px-4">
          <Link to="/app" aria-label="Tidewise dashboard">
            <Logo />
          </Link>
        </div>
        {nav}
      </aside>
      {drawerOpen ? (
        <div className="fixed inset-0 z-50 lg:hidden">
          <button
            type="button"
            className="absolute inset-0 bg-black/50"
            aria-label="Close navigation"
            onClick={() => setDrawerOpen(false)}
          />
          <aside id="app-drawer" className="relative h-full w-72 max-w-[85vw] border-r border-border bg-card">
            <div className="flex h-16 items-center justify-between border-b border-border px-4">
              <Logo />
              <Button variant="ghost" size="icon" aria-label="Close navigation" onClick={() => setDrawerOpen(false)}>
                <X aria-hidden="true" />
              </Button>
            </div>
            {nav}
          </aside>
        </div>
      ) : null}
      <div className="flex min-w-0 flex-1 flex-col">
        <header className="flex h-16 items-center justify-between gap-3 border-b border-border px-4 md:px-6">
          <div className="flex min-w-0 items-center gap-2">
            <Button
              variant="ghost"
              size="icon"
              className="lg:hidden"
              aria-label="Open navigation"
              aria-expanded={drawerOpen}
              aria-controls="app-drawer"
              onClick={() => setDrawerOpen(true)}
            >
              <Menu aria-hidden="true" />
            </Button>
            <span className="truncate text-sm font-semibold">{user.organizationUser?.organization.name ?? 'Tidewise'}</span>
          </div>
          <div className="flex shrink-0 items-center gap-2">
            <span className="hidden text-sm text-muted-foreground md:inline">{name}</span>
            <ThemeToggle />
            <Button
              variant="outline"
              size="sm"
              disabled={signingOut}
              onClick={() => {
                setSigningOut(true);
                void session.logout();
              }}
            >
              <LogOut aria-hidden="true" />
              <span className="sr-only sm:not-sr-only">Sign out</span>
            </Button>
          </div>
        </header>
        <main id="main" className="flex-1 p-4 md:p-6 lg:p-8">
          <TimeZoneProvider timeZone={timeZone}>
            <Outlet />
          </TimeZoneProvider>
        </main>
      </div>
    </div>
  );
};
