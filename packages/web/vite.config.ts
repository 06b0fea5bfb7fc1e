import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { precompress } from './precompress';

const root = fileURLToPath(new URL('.', import.meta.url));

/** The framework every page runs on: one chunk, cached across releases and compressed as a whole. */
const frameworkPackages =
  /node_modules\/(react|react-dom|scheduler|react-router|i18next|react-i18next|@tanstack\/[^/]+|zustand|use-sync-external-store)\//;

export default defineConfig(({ command }) => ({
  root,
  plugins: [react(), precompress()],
  resolve: {
    alias: (command === 'build'
      ? {
          // React Router's package exports only its development build to bundlers; ship the production one.
          'react-router': fileURLToPath(
            new URL('../../node_modules/react-router/dist/production/index.mjs', import.meta.url),
          ),
        }
      : {}) as Record<string, string>,
  },
  server: { proxy: { '/api': 'http://localhost:3000' } },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    // The manifest lets scripts/measure-login-js.mjs sum what the login page loads first.
    manifest: true,
    sourcemap: process.env.ANALYZE === '1',
    rolldownOptions: {
      output: {
        codeSplitting: {
          groups: [
            { name: 'framework', test: frameworkPackages },
            // ECharts' renderer, shared by every chart screen (dashboard, logs, A/B buckets) and
            // loaded only with them: its own cached chunk beside the charts each screen registers.
            { name: 'zrender', test: /node_modules\/zrender\// },
          ],
        },
      },
    },
  },
}));
