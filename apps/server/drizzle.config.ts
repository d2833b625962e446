import { defineConfig } from 'drizzle-kit';

// drizzle-kit only generates migrations; they are applied from code at start
// (see src/db/migrate.ts), because drizzle-kit's own PGlite loads no extensions.
export default defineConfig({
  dialect: 'postgresql',
  schema: './src/db/schema/index.ts',
  out: './drizzle',
});
