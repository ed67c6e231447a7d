import type { ComponentType, ReactNode } from 'react';
import { CardsLoading, QueryError } from '../lib/query-state.tsx';
import { useViewer } from '../lib/viewer.ts';
import { NotAvailablePage } from './not-available.tsx';

/** What a screen needs before it may render: a permission (none: every signed-in user), and its name. */
export type ScreenAccess = { permission?: string; label: string; supplierLabel?: string };

/**
 * Renders a screen only for a viewer whose permissions include the screen's; anyone else gets the
 * "not available" page, and the screen (with every query it would send) never mounts. While the
 * permissions load, a neutral placeholder holds the screen's place. The server still decides on
 * every call: this only spares users a page they cannot use and the error that would follow.
 */
export const RequirePermission = ({ access, children }: { access: ScreenAccess; children: ReactNode }) => {
  const { viewer, permissions, error, refetch } = useViewer({ pause: !access.permission });
  if (!access.permission) return children;
  if (viewer)
    return permissions.has(access.permission) ? children : <NotAvailablePage area={access.label} supplierArea={access.supplierLabel} />;
  if (error) return <QueryError error={error} onRetry={refetch} title="We couldn't check your access" />;
  return <CardsLoading label="Checking your access" cards={1} />;
};

/** A screen component wrapped in its permission check, for a route's `Component`. */
export const guardScreen = (Screen: ComponentType, access: ScreenAccess): ComponentType => {
  if (!access.permission) return Screen;
  const Guarded = () => (
    <RequirePermission access={access}>
      <Screen />
    </RequirePermission>
  );
  Guarded.displayName = `Guarded(${Screen.displayName ?? Screen.name})`;
  return Guarded;
};
