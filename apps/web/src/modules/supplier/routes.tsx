import type { RouteObject } from 'react-router';

export const supplierRoutes: RouteObject[] = [];
