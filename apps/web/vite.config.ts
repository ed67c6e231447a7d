import { createRequire } from 'node:module';
import path from 'node:path';
import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

/**
 * React Router 7 resolves its development build (dev warnings on) for every bundler; production
 * builds take the package's own production build instead (remix-run/react-router#14102).
 */
const reactRouterProduction = path.join(
  path.dirname(path.dirname(createRequire(import.meta.url).resolve('react-router'))),
  'production/index.mjs',
);

export default defineConfig(({ command }) => ({
  plugins: [react(), tailwindcss()],
  resolve: {
    alias: command === 'build' ? [{ find: /^react-router$/, replacement: reactRouterProduction }] : [],
  },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    sourcemap: false,
    target: 'es2022',
    // Every browser the app supports preloads modules natively; the polyfill would only add bytes.
    modulePreload: { polyfill: false },
  },
  server: {
    port: 5173,
    // Everything the API answers; /session carries the refresh cookie (its Path) to the session routes.
    proxy: {
      '/graphql': 'http://127.0.0.1:3000',
      '/session': 'http://127.0.0.1:3000',
      '/healthz': 'http://127.0.0.1:3000',
      '/dev': 'http://127.0.0.1:3000',
      // Excel templates and the signed export links the API streams.
      '/templates': 'http://127.0.0.1:3000',
      '/exports': 'http://127.0.0.1:3000',
      '/request-templates': 'http://127.0.0.1:3000',
    },
  },
}));
