// Turns TypeBox validation errors (as Elysia reports them) into the FastAPI/pydantic shape
// the spec requires: {"detail": [{"loc": ["body", "email"], "msg": ..., "type": ..., "input": ...}]}.
import { Kind as TypeBoxKind } from '@sinclair/typebox';
import { ValueErrorType as Kind } from '@sinclair/typebox/errors';
import { CHARACTER_STRING, characterCount, EMAIL_ADDRESS } from './string-rules.ts';

export interface ValidationIssue {
  loc: Array<string | number>;
  msg: string;
  type: string;
  input: unknown;
  ctx?: Record<string, unknown>;
}

/** The subset of a TypeBox ValueError this module reads. */
export interface SchemaError {
  type: number;
  path: string;
  value: unknown;
  message: string;
  schema: Record<string, unknown>;
  errors?: Iterable<SchemaError>[];
}

/** Elysia names the request parts like this; FastAPI's `loc` uses the right-hand names. */
const LOCATION: Record<string, string> = { body: 'body', query: 'query', params: 'path', headers: 'header', cookie: 'cookie' };

/** A 422 echoes the rejected value; a hostile body must not make that echo huge or deep. */
const ECHO_MAX_DEPTH = 4;
const ECHO_MAX_STRING = 200;
const ECHO_MAX_ITEMS = 20;

export function toValidationIssues(part: string, rootValue: unknown, errors: SchemaError[]): ValidationIssue[] {
  const where = LOCATION[part] ?? part;
  const flat = errors.flatMap(expandUnion);
  const missingPaths = new Set(flat.filter((e) => e.type === Kind.ObjectRequiredProperty).map((e) => e.path));
  const seen = new Set<string>();
  const issues: ValidationIssue[] = [];
  for (const error of flat) {
    // TypeBox reports an absent field twice: "required" and "wrong type"; keep the first.
    if (missingPaths.has(error.path) && error.type !== Kind.ObjectRequiredProperty) continue;
    const path = pointerToPath(error.path);
    const missing = error.type === Kind.ObjectRequiredProperty || valueAt(rootValue, path) === undefined;
    const [type, msg] = missing ? ['missing', 'Field required'] : describe(error);
    const key = `${error.path}|${type}`;
    if (seen.has(key)) continue;
    seen.add(key);
    const input = missing ? valueAt(rootValue, path.slice(0, -1)) : error.value;
    issues.push({ loc: [where, ...path], msg, type, input: boundedEcho(input ?? null) });
  }
  return issues;
}

/** A body that is not valid JSON, as FastAPI reports it. */
export function jsonInvalidIssue(reason: string): ValidationIssue {
  return { loc: ['body', 0], msg: 'JSON decode error', type: 'json_invalid', input: {}, ctx: { error: reason } };
}

function describe(error: SchemaError): [string, string] {
  const schema = error.schema;
  switch (error.type) {
    case Kind.String:
      return STRING_TYPE;
    case Kind.Number:
      return ['float_type', 'Input should be a valid number'];
    case Kind.Integer:
      return ['int_parsing', 'Input should be a valid integer, unable to parse string as an integer'];
    case Kind.Boolean:
      return ['bool_type', 'Input should be a valid boolean'];
    case Kind.Object:
      return ['model_attributes_type', 'Input should be a valid dictionary or object to extract fields from'];
    case Kind.Array:
      return ['list_type', 'Input should be a valid list'];
    case Kind.StringMinLength:
      return tooShort(Number(schema.minLength));
    case Kind.StringMaxLength:
      return tooLong(Number(schema.maxLength));
    case Kind.StringFormat:
      return formatError(String(schema.format));
    case Kind.NumberMinimum:
    case Kind.IntegerMinimum:
      return ['greater_than_equal', `Input should be greater than or equal to ${schema.minimum}`];
    case Kind.NumberMaximum:
    case Kind.IntegerMaximum:
      return ['less_than_equal', `Input should be less than or equal to ${schema.maximum}`];
    case Kind.ObjectAdditionalProperties:
      return ['extra_forbidden', 'Extra inputs are not permitted'];
    case Kind.Kind:
      return customKindError(error);
    default:
      return ['value_error', error.message];
  }
}

const STRING_TYPE: [string, string] = ['string_type', 'Input should be a valid string'];
const tooShort = (min: number): [string, string] => ['string_too_short', `String should have at least ${min} character${min === 1 ? '' : 's'}`];
const tooLong = (max: number): [string, string] => ['string_too_long', `String should have at most ${max} characters`];

/** A string kind of string-rules.ts that failed: not a string, or not within its rules. */
function customKindError(error: SchemaError): [string, string] {
  const kind = (error.schema as Record<symbol, unknown>)[TypeBoxKind];
  if (kind !== CHARACTER_STRING && kind !== EMAIL_ADDRESS) return ['value_error', error.message];
  if (typeof error.value !== 'string') return STRING_TYPE;
  if (kind === EMAIL_ADDRESS) return formatError('email');
  const min = Number(error.schema.minLength ?? 0);
  return characterCount(error.value) < min ? tooShort(min) : tooLong(Number(error.schema.maxLength));
}

function formatError(format: string): [string, string] {
  if (format === 'email') return ['value_error', 'value is not a valid email address'];
  if (format === 'uuid') return ['uuid_parsing', 'Input should be a valid UUID'];
  return ['value_error', `Input should be a valid ${format}`];
}

/** A union failure is reported through the branch whose type matches the input. */
function expandUnion(error: SchemaError): SchemaError[] {
  if (error.type !== Kind.Union || !error.errors) return [error];
  const branches = (error.schema.anyOf as Array<Record<string, unknown>> | undefined) ?? [];
  const inputType = typeof error.value;
  const index = Math.max(0, branches.findIndex((branch) => branch.type === inputType));
  const branchErrors = [...(error.errors[index] ?? [])];
  return branchErrors.length > 0 ? branchErrors.flatMap(expandUnion) : [error];
}

function pointerToPath(pointer: string): Array<string | number> {
  return pointer
    .split('/')
    .filter(Boolean)
    .map((part) => (/^\d+$/.test(part) ? Number(part) : part.replace(/~1/g, '/').replace(/~0/g, '~')));
}

function valueAt(root: unknown, path: Array<string | number>): unknown {
  let current = root;
  for (const key of path) {
    if (current === null || typeof current !== 'object') return undefined;
    current = (current as Record<string | number, unknown>)[key];
  }
  return current;
}

export function boundedEcho(value: unknown, depth = 0): unknown {
  if (typeof value === 'string') return value.length > ECHO_MAX_STRING ? `${value.slice(0, ECHO_MAX_STRING)}…` : value;
  if (value === null || typeof value !== 'object') return value;
  if (depth >= ECHO_MAX_DEPTH) return Array.isArray(value) ? '[…]' : '{…}';
  if (Array.isArray(value)) return value.slice(0, ECHO_MAX_ITEMS).map((item) => boundedEcho(item, depth + 1));
  const entries = Object.entries(value).slice(0, ECHO_MAX_ITEMS);
  return Object.fromEntries(entries.map(([key, item]) => [key, boundedEcho(item, depth + 1)]));
}
