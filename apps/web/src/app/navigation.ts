import {
  ArrowLeftRight,
  Building2,
  CalendarClock,
  Database,
  FileClock,
  FileUp,
  Inbox,
  KeyRound,
  Leaf,
  LogIn,
  Truck,
  UserRound,
  Users,
} from 'lucide-react';
import type { ComponentType } from 'react';

export type AppNavItem = {
  to: string;
  label: string;
  icon: ComponentType<{ className?: string; 'aria-hidden'?: boolean }>;
  /** Shown only to users holding this permission; the server still decides on every call. */
  permission?: string;
  /** `administration` items are listed under their own heading; a user without any sees no such menu. */
  group?: 'main' | 'administration';
  /** The label a supplier organisation sees instead (its suppliers screen lists its customers). */
  supplierLabel?: string;
  /** Shown only to this kind of organisation (customers send data requests, suppliers answer them). */
  audience?: 'customer' | 'supplier';
};

/**
 * Screens of the signed-in application, in menu order. Each item names the permission its screen
 * reads with; the menu hides items the signed-in user lacks (the server still refuses the calls).
 * The administration group holds people, access and the logs: a viewer holds none of those
 * permissions and so sees no administration menu at all.
 */
export const appNavigation: AppNavItem[] = [
  { to: '/app/organization', label: 'Organisation', icon: Building2, permission: 'organization:read' },
  { to: '/app/suppliers', label: 'Suppliers', supplierLabel: 'Customers', icon: Truck, permission: 'suppliers:read' },
  { to: '/app/requests', label: 'Data requests', icon: CalendarClock, permission: 'calendar:read', audience: 'customer' },
  { to: '/app/inbox', label: 'Requests inbox', icon: Inbox, permission: 'calendar:read', audience: 'supplier' },
  { to: '/app/uploads', label: 'Uploads', icon: FileUp, permission: 'uploads:read' },
  { to: '/app/data-entries', label: 'Data entries', icon: Database, permission: 'data-entries:read' },
  { to: '/app/emissions', label: 'Emissions', icon: Leaf, permission: 'emissions:read' },
  { to: '/app/pact', label: 'PACT exchange', icon: ArrowLeftRight, permission: 'pact:read' },
  { to: '/app/account', label: 'My account', icon: UserRound },
  { to: '/app/users', label: 'Users', icon: Users, permission: 'users:read', group: 'administration' },
  { to: '/app/roles', label: 'Roles & permissions', icon: KeyRound, permission: 'roles:read', group: 'administration' },
  { to: '/app/audit-log', label: 'Audit log', icon: FileClock, permission: 'audit-logs:read', group: 'administration' },
  { to: '/app/sign-in-log', label: 'Sign-in log', icon: LogIn, permission: 'login-logs:read', group: 'administration' },
];

/** The items a set of permissions allows, split into the main and the administration menu. */
export const visibleNavigation = (
  items: readonly AppNavItem[],
  permissions: ReadonlySet<string>,
  organizationType: 'customer' | 'supplier' = 'customer',
) => {
  const allowed = items.filter(
    (item) => (!item.permission || permissions.has(item.permission)) && (!item.audience || item.audience === organizationType),
  );
  return {
    main: allowed.filter((item) => item.group !== 'administration'),
    administration: allowed.filter((item) => item.group === 'administration'),
  };
};
