/// <reference types="vitest/config" />
import react from '@vitejs/plugin-react';
import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vite';

import { APP_BASENAME } from './src/config/paths.ts';

const root = fileURLToPath(new URL('.', import.meta.url));

export default defineConfig({
  root,
  base: APP_BASENAME,
  plugins: [react()],
  // Not `public/`: the app has routes under /public/, which Vite would mistake for that folder.
  publicDir: 'static',
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    sourcemap: false,
    // No manual vendor chunks: they would load a whole library group (all of MUI, say) on every
    // page. Rolldown splits by route, so a page loads only the code it imports. The manifest
    // tells scripts/check-js-budget.mjs what each page loads first.
    manifest: true,
    modulePreload: {
      // Stripe's card fields load inside pages that already hold every MUI part they use: preload
      // only Stripe's own chunks, so each page importing them does not carry a list of the rest.
      resolveDependencies: (filename, deps) =>
        filename.includes('stripe-elements') ? deps.filter((dep) => dep.includes('stripe')) : deps,
    },
  },
  server: {
    host: '127.0.0.1',
    port: 5173,
    proxy: {
      '/api': { target: 'http://127.0.0.1:3000', changeOrigin: false },
    },
  },
  preview: {
    host: '127.0.0.1',
    proxy: {
      '/api': { target: 'http://127.0.0.1:3000', changeOrigin: false },
    },
  },
  test: {
    environment: 'jsdom',
    include: ['src/**/*.test.{ts,tsx}'],
    restoreMocks: true,
    // One jsdom and one module graph per worker rather than per file: importing MUI and
    // building a jsdom for each of 120 files was two thirds of the suite's time (292 s → 100 s
    // on two cores). No test mocks a module; each renders into its own QueryClient and router,
    // and Testing Library unmounts after every test.
    isolate: false,
  },
});
