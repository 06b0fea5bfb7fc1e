import { defineConfig } from 'drizzle-kit';

export default defineConfig({
  dialect: 'postgresql',
  schema: ['./packages/server/src/modules/*/tables.ts', './packages/server/src/platform/*/tables.ts'],
  out: './packages/server/drizzle',
  casing: 'snake_case',
});
