// Elysia coerces its own numeric query types property by property and then cannot say which
// parameter failed. Query schemas are therefore plain TypeBox, converted here before Elysia
// validates them as a whole, so a 422 names the field (loc ["query", "limit"]).
import type { TObject } from '@sinclair/typebox';
import { Value } from '@sinclair/typebox/value';

export const coerceQuery = (schema: TObject) => ({
  transform({ query }: { query: Record<string, unknown> }) {
    Object.assign(query, Value.Convert(schema, query));
  },
});
