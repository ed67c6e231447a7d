import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

export default defineConfig({
  plugins: [react(), tailwindcss()],
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    sourcemap: false,
    target: 'es2022',
  },
  server: {
    port: 5173,
    proxy: { '/graphql': 'http://127.0.0.1:3000', '/healthz': 'http://127.0.0.1:3000', '/dev': 'http://127.0.0.1:3000' },
  },
});
