import type { AppNavItem } from '../../app/layouts/app-layout.tsx';

/** Screens of the signed-in application, in menu order; each later module adds its entry here. */
export const appNavigation: AppNavItem[] = [];
