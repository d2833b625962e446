/// <reference types="vitest/config" />
import react from '@vitejs/plugin-react';
import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vite';

import { APP_BASENAME } from './src/config/paths.ts';

const root = fileURLToPath(new URL('.', import.meta.url));

/** Vendor code in a few long-lived chunks, so an app change does not bust them and none passes 500 kB. */
const vendorGroups = [
  {
    name: 'vendor-react',
    test: /node_modules[\\/](react|react-dom|scheduler|react-router)[\\/]/,
    priority: 30,
  },
  {
    name: 'vendor-mui',
    test: /node_modules[\\/](@mui|@emotion|@popperjs|react-transition-group|stylis|notistack|goober)[\\/]/,
    priority: 20,
  },
  { name: 'vendor-calendar', test: /node_modules[\\/](@fullcalendar|preact)[\\/]/, priority: 25 },
  { name: 'vendor', test: /node_modules[\\/]/, priority: 10 },
];

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
    rolldownOptions: {
      output: {
        codeSplitting: { groups: vendorGroups },
      },
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
  },
});
