import { defineConfig } from 'drizzle-kit';

export default defineConfig({
  dialect: 'postgresql',
  // Every module's tables: a new module's schema file is found without a shared edit.
  schema: './src/modules/*/*.schema.ts',
  out: './drizzle',
});
