import { describe, expect, it } from 'vitest';
import { type AppNavItem, appNavigation, visibleNavigation } from './navigation.ts';

const labels = (items: AppNavItem[]) => items.map((i) => i.label);

describe('navigation by permission', () => {
  it('a viewer (organisation, supplier, upload and entry reads only) gets no administration menu', () => {
    const nav = visibleNavigation(appNavigation, new Set(['organization:read', 'suppliers:read', 'uploads:read', 'data-entries:read']));
    expect(nav.administration).toEqual([]);
    expect(labels(nav.main)).toEqual(['Organisation', 'Suppliers', 'Uploads', 'Data entries', 'My account']);
  });
  it('an administrator sees every administration screen', () => {
    const all = new Set(appNavigation.flatMap((i) => (i.permission ? [i.permission] : [])));
    expect(labels(visibleNavigation(appNavigation, all).administration)).toEqual([
      'Users',
      'Roles & permissions',
      'Audit log',
      'Sign-in log',
    ]);
  });
  it('shows one administration item for one permission, and nothing conditional without permissions', () => {
    expect(labels(visibleNavigation(appNavigation, new Set(['login-logs:read'])).administration)).toEqual(['Sign-in log']);
    expect(labels(visibleNavigation(appNavigation, new Set()).main)).toEqual(['My account']);
  });
  it('shows data requests to customers and the requests inbox to suppliers, each only with calendar:read', () => {
    const reader = new Set(['calendar:read', 'uploads:read']);
    expect(labels(visibleNavigation(appNavigation, reader, 'customer').main)).toEqual(['Data requests', 'Uploads', 'My account']);
    expect(labels(visibleNavigation(appNavigation, reader, 'supplier').main)).toEqual(['Requests inbox', 'Uploads', 'My account']);
    expect(labels(visibleNavigation(appNavigation, new Set(['uploads:read']), 'supplier').main)).toEqual(['Uploads', 'My account']);
  });
});
