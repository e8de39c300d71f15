import { defineConfig } from 'drizzle-kit';

// Used only by `npm run db:generate`, which writes SQL migrations from src/store/schema.ts.
export default defineConfig({
  dialect: 'postgresql',
  schema: './src/store/schema.ts',
  out: './drizzle',
});
