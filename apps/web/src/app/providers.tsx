import type { ReactNode } from 'react';
import { SessionProvider } from '../lib/session.tsx';
import { ThemeProvider } from '../lib/theme.tsx';

/** Theme and in-memory session around the router; the GraphQL client lives in the API-facing areas. */
export const AppProviders = ({ children }: { children: ReactNode }) => (
  <ThemeProvider>
    <SessionProvider>{children}</SessionProvider>
  </ThemeProvider>
);
