// Integer query parameters are read the way FastAPI (pydantic-core's str_as_int) reads them,
// before Elysia validates the query. Elysia's and TypeBox's own coercion cannot be used:
// they parse like parseInt ("1.5" -> 1, "1e2" -> 1, "0x10" -> 16) and through a double, so a
// number past 2^53 lost its digits and one past 2^63 reached Postgres and failed there (a 500).
// Here a value is an exact BigInt until it is known to be within the schema's bounds, and a
// failure names the parameter (loc ["query", "limit"]) with pydantic's type and message.
import type { TObject, TSchema } from '@sinclair/typebox';
import { RequestValidationError } from './errors.ts';
import { boundedEcho, type ValidationIssue } from './validation-errors.ts';

/** Python refuses to convert longer digit strings to int (CVE-2020-10735); pydantic says so. */
const MAX_DIGITS = 4300;

type Parsed = { value: bigint } | { error: 'int_parsing' | 'int_parsing_size' };

/**
 * pydantic's rules: surrounding whitespace, one leading + or -, leading zeros, single
 * underscores between digits and an all-zero fraction ("5.0") are accepted; anything else
 * (fractions, exponents, hex, non-ASCII digits, words) is not an integer.
 */
export function parseQueryInteger(raw: string): Parsed {
  const text = raw.replace(/^\p{White_Space}+|\p{White_Space}+$/gu, '');
  const match = /^([+-]?)([0-9](?:_?[0-9])*)(?:\.0+)?$/.exec(text);
  if (!match) return { error: 'int_parsing' };
  const digits = match[2]!.replaceAll('_', '').replace(/^0+(?=.)/, '');
  if (digits.length > MAX_DIGITS) return { error: 'int_parsing_size' };
  const magnitude = BigInt(digits);
  return { value: match[1] === '-' ? -magnitude : magnitude };
}

const MESSAGES = {
  int_parsing: 'Input should be a valid integer, unable to parse string as an integer',
  int_parsing_size: 'Unable to parse input string as an integer, exceeded maximum size',
};

/** The issue for one raw value against an integer schema, or its number when it is valid. */
function checkInteger(name: string, raw: string, schema: TSchema): ValidationIssue | number {
  const issue = (type: string, msg: string, ctx?: Record<string, number>): ValidationIssue => ({
    loc: ['query', name], msg, type, input: boundedEcho(raw), ...(ctx ? { ctx } : {}),
  });
  const parsed = parseQueryInteger(raw);
  if ('error' in parsed) return issue(parsed.error, MESSAGES[parsed.error]);
  const { minimum, maximum } = schema as { minimum?: number; maximum?: number };
  if (minimum !== undefined && parsed.value < BigInt(minimum)) {
    return issue('greater_than_equal', `Input should be greater than or equal to ${minimum}`, { ge: minimum });
  }
  if (maximum !== undefined && parsed.value > BigInt(maximum)) {
    return issue('less_than_equal', `Input should be less than or equal to ${maximum}`, { le: maximum });
  }
  return Number(parsed.value);
}

/**
 * A `transform` hook for a route whose query schema is plain TypeBox (Elysia's `t.Numeric`
 * would coerce first). Integer properties are converted or the request fails with every bad
 * parameter listed; the schema then only checks what is already right.
 */
export const integerQuery = (schema: TObject) => ({
  transform({ query }: { query: Record<string, unknown> }) {
    const issues: ValidationIssue[] = [];
    for (const [name, property] of Object.entries(schema.properties)) {
      if (property.type !== 'integer') continue;
      let raw = query[name];
      if (Array.isArray(raw)) raw = raw.at(-1); // a repeated parameter: Starlette keeps the last
      if (raw === undefined) continue; // the schema's default applies
      const checked = checkInteger(name, String(raw), property);
      if (typeof checked === 'number') query[name] = checked;
      else issues.push(checked);
    }
    if (issues.length > 0) throw new RequestValidationError(issues);
  },
});
