// Property-based fuzzing of every endpoint: random and malformed JSON, wrong types, huge and
// odd-Unicode strings, bad or missing headers, hostile JWTs, numbers in every spelling for every
// integer parameter, every length limit of every field and of the body from just under to far
// over. Never a 5xx, never a hang, always the spec's error shapes, and a success only for what
// the spec allows. FUZZ_SEED=<seed> replays a run (CI sets one; a failure report prints it).
import { afterAll, beforeAll, describe, expect, test } from 'bun:test';
import fc from 'fast-check';
import { SignJWT } from 'jose';
import { parseEvents, registerUser, startServer, type TestServer } from '../support/harness.ts';
import { rawRequest } from '../support/raw-http.ts';

const SECRET = 'fuzz-secret-0123456789-0123456789-0123456789';
const key = new TextEncoder().encode(SECRET);
const b64 = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64url');
const REQUEST_TIMEOUT_MS = 5000;
const MAX_BODY_BYTES = 8192;
const CHAT_MAX = 2000; // CHAT_MAX_MESSAGE_LENGTH's default
const SEED = process.env.FUZZ_SEED ? Number(process.env.FUZZ_SEED) : undefined;
const runs = (numRuns: number) => ({ numRuns, ...(SEED === undefined ? {} : { seed: SEED }) });
const utf8Length = (text: string) => Buffer.byteLength(text, 'utf8');
/** Lengths as the spec (and pydantic) count them: characters, not UTF-16 units. */
const characters = (text: string) => [...text].length;

// ─── integers in every spelling, each with what pydantic makes of it ───

/** A raw query value and the integer it denotes; null when it is not an integer at all. */
interface IntegerSpelling {
  raw: string;
  value: bigint | null;
  /** More digits than Python converts: pydantic's int_parsing_size. */
  tooLong?: boolean;
}

const WHITESPACE = [' ', '\t', '\n', '\r', '\u00a0', '\u2003', '\u3000'];
const NEAR_BOUNDS = [0n, 1n, 20n, 100n, 2n ** 31n, 2n ** 53n, 2n ** 63n, 2n ** 64n, 10n ** 20n];
const magnitude = fc.oneof(
  fc.constantFrom(...NEAR_BOUNDS).chain((n) => fc.constantFrom(...[n - 1n, n, n + 1n].filter((v) => v >= 0n))),
  fc.bigInt({ min: 0n, max: 2n ** 70n }),
  fc.bigInt({ min: 0n, max: 200n }),
);
const OTHER_DIGITS = [0x0660, 0x06f0, 0x0966, 0xff10, 0x1d7ce]; // Arabic-Indic, Persian, Devanagari, fullwidth, bold

/** Spellings pydantic turns into an int: whitespace around, a sign, leading zeros, `.0`, single underscores. */
const integerSpelling: fc.Arbitrary<IntegerSpelling> = fc
  .record({
    n: magnitude,
    sign: fc.constantFrom('', '', '+', '-'),
    zeros: fc.constantFrom('', '', '0', '000'),
    fraction: fc.constantFrom('', '', '', '.0', '.000'),
    underscore: fc.boolean(),
    before: fc.constantFrom('', '', '', ...WHITESPACE),
    after: fc.constantFrom('', '', '', ...WHITESPACE),
  })
  .map(({ n, sign, zeros, fraction, underscore, before, after }) => {
    let digits = n.toString();
    if (underscore && digits.length > 1) digits = `${digits[0]}_${digits.slice(1)}`;
    return { raw: `${before}${sign}${zeros}${digits}${fraction}${after}`, value: sign === '-' ? -n : n };
  });

/** Spellings that are not integers to pydantic, though many are to parseInt, Number or a human. */
const nonIntegerSpelling: fc.Arbitrary<IntegerSpelling> = fc
  .tuple(
    magnitude.map(String),
    fc.constantFrom(
      (d: string) => `${d}.5`, (d: string) => `${d}.05`, (d: string) => `${d}.50`, (d: string) => `${d}.`, (d: string) => `.${d}`,
      (d: string) => `${d}e2`, (d: string) => `${d}E+0`, (d: string) => `${d}e-1`,
      (d: string) => `0x${d}`, (d: string) => `0o${d}`, (d: string) => `0b${d}`,
      (d: string) => `${d} ${d}`, (d: string) => `${d},000`, (d: string) => `\u200b${d}`, (d: string) => `${d}\ufeff`,
      (d: string) => `+-${d}`, (d: string) => `--${d}`, (d: string) => `-+${d}`, (d: string) => `- ${d}`,
      (d: string) => `_${d}`, (d: string) => `${d}_`, (d: string) => `${d}__0`,
      (d: string) => `${d}n`, (d: string) => `${d}L`, (d: string) => `(${d})`,
    ),
  )
  .map(([digits, spell]) => ({ raw: spell(digits), value: null }));

const otherDigitSpelling: fc.Arbitrary<IntegerSpelling> = fc
  .tuple(magnitude, fc.constantFrom(...OTHER_DIGITS))
  .map(([n, zero]) => ({ raw: [...n.toString()].map((d) => String.fromCodePoint(zero + Number(d))).join(''), value: null }));

const wordSpelling: fc.Arbitrary<IntegerSpelling> = fc
  .constantFrom('', ' ', 'NaN', 'Infinity', '-Infinity', 'inf', 'true', 'false', 'null', 'None', 'undefined', '[]', '{}', '1/2', '½', 'Ⅻ', '²')
  .map((raw) => ({ raw, value: null }));

const hugeSpelling: fc.Arbitrary<IntegerSpelling> = fc
  .constantFrom(4300, 4301, 6000)
  .map((length) => ({ raw: '9'.repeat(length), value: 10n ** BigInt(length) - 1n, tooLong: length > 4300 }));

const anySpelling = fc.oneof(
  { weight: 4, arbitrary: integerSpelling },
  { weight: 3, arbitrary: nonIntegerSpelling },
  { weight: 1, arbitrary: otherDigitSpelling },
  { weight: 1, arbitrary: wordSpelling },
  { weight: 1, arbitrary: hugeSpelling },
);

/** GET /chat/sessions's integer parameters and their bounds (spec: limit 1-100, offset >= 0; offset <= 2^53-1 here). */
const QUERY_INTEGERS = { limit: { min: 1n, max: 100n }, offset: { min: 0n, max: BigInt(Number.MAX_SAFE_INTEGER) } };

/** What pydantic says about one spelling: null when it is a valid value. */
function expectedIssue(spelling: IntegerSpelling, bounds: { min: bigint; max: bigint }): string | null {
  if (spelling.tooLong) return 'int_parsing_size';
  if (spelling.value === null) return 'int_parsing';
  if (spelling.value < bounds.min) return 'greater_than_equal';
  if (spelling.value > bounds.max) return 'less_than_equal';
  return null;
}

// ─── strings at, under and over every length limit ───

/** Characters of 1 to 4 UTF-8 bytes; the last is outside the BMP (two UTF-16 units, one character). */
const character = fc.constantFrom('a', '\u00e9', '\u4e2d', '\u{1d578}', '\u{1f600}');
/** A string of `length` characters drawn from one or two kinds. */
const stringOfLength = (lengths: fc.Arbitrary<number>) =>
  fc.tuple(lengths, character, character, fc.nat()).map(([length, a, b, split]) => {
    const first = length === 0 ? 0 : split % (length + 1);
    return a.repeat(first) + b.repeat(length - first);
  });
const around = (...limits: number[]) => fc.oneof(fc.constantFrom(...limits.flatMap((n) => [n - 1, n, n + 1]).filter((n) => n >= 0)), fc.nat({ max: 3000 }));

const ISSUE_KEYS = new Set(['loc', 'msg', 'type', 'input', 'ctx']);

/** JSON, and either ErrorDetail or (for 422) FastAPI's HTTPValidationError. */
function isSpecError(result: { status: number; text: string; contentType: string }): boolean {
  if (!result.contentType.startsWith('application/json')) return false;
  let body: { detail?: unknown };
  try {
    body = JSON.parse(result.text);
  } catch {
    return false;
  }
  if (body === null || typeof body !== 'object' || Object.keys(body).join() !== 'detail') return false;
  if (result.status !== 422) return typeof body.detail === 'string';
  return (
    Array.isArray(body.detail) &&
    body.detail.every(
      (issue) =>
        Array.isArray(issue.loc) &&
        issue.loc.every((part: unknown) => typeof part === 'string' || typeof part === 'number') &&
        typeof issue.msg === 'string' &&
        typeof issue.type === 'string' &&
        Object.keys(issue).every((key) => ISSUE_KEYS.has(key)),
    )
  );
}

describe('fuzzing every endpoint', () => {
  let server: TestServer;
  let validAccess: string;
  let validRefresh: string;
  let userId: string;
  beforeAll(async () => {
    server = await startServer({ env: { JWT_SECRET: SECRET, MAX_BODY_BYTES: '8192' } });
    const user = await registerUser(server);
    validAccess = user.access;
    validRefresh = user.refresh;
    userId = JSON.parse(Buffer.from(user.access.split('.')[1]!, 'base64url').toString()).sub;
  });
  afterAll(() => server.stop());

  const now = () => Math.floor(Date.now() / 1000);
  const sign = (claims: Record<string, unknown>, alg = 'HS256') => new SignJWT(claims).setProtectedHeader({ alg, typ: 'JWT' }).sign(key);
  const base = () => ({ sub: userId, jti: crypto.randomUUID(), type: 'access', iat: now(), exp: now() + 600 });

  /** Tokens a hostile client might send; every one must be refused with 401. */
  const hostileTokens = async (): Promise<Record<string, string>> => ({
    algNone: `${b64({ alg: 'none', typ: 'JWT' })}.${b64(base())}.`,
    hs512: await sign(base(), 'HS512'),
    rs256Header: `${b64({ alg: 'RS256', typ: 'JWT' })}.${b64(base())}.${'A'.repeat(342)}`,
    wrongKey: await new SignJWT(base()).setProtectedHeader({ alg: 'HS256' }).sign(new TextEncoder().encode('another-key-'.repeat(4))),
    refreshAsAccess: validRefresh,
    expired: await sign({ ...base(), iat: now() - 7200, exp: now() - 3600 }),
    futureIat: await sign({ ...base(), iat: now() + 3600, exp: now() + 7200 }),
    noSub: await sign({ ...base(), sub: undefined }),
    subNotUuid: await sign({ ...base(), sub: "1' OR '1'='1" }),
    noJti: await sign({ ...base(), jti: undefined }),
    typeMissing: await sign({ ...base(), type: undefined }),
    garbage: 'not.a.token',
    huge: 'x'.repeat(6000),
    latin1: '\u00fc\u00e9.\u00ff\u00a9.x', // header values are bytes: only Latin-1 can be sent
  });

  async function call(method: string, path: string, init: { body?: BodyInit; headers?: Record<string, string> } = {}) {
    const started = performance.now();
    const response = await fetch(server.baseUrl + path, { method, body: init.body, headers: init.headers, signal: AbortSignal.timeout(REQUEST_TIMEOUT_MS) });
    const text = await response.text();
    return { status: response.status, text, ms: performance.now() - started, contentType: response.headers.get('content-type') ?? '' };
  }

  /**
   * Bun itself refuses, with an empty body, before the app sees the request: a head over 16 KiB
   * (431) and a header value with a control character (400). Nothing else may leave the spec's shapes.
   */
  const expectWellFormed = (result: { status: number; text: string; contentType: string }, what: string, path: string, headers: Record<string, string> = {}) => {
    if (result.status >= 500) throw new Error(`${what}: ${result.status} ${result.text.slice(0, 200)}`);
    // The head as sent: the path percent-encoded (up to 12 bytes a character), and the headers.
    const headBytes = new URL(path, 'http://fuzz.invalid').href.length + Object.entries(headers).reduce((n, [name, value]) => n + name.length + Buffer.byteLength(value) + 4, 0);
    if (result.status === 431 && headBytes > 16_000) return;
    if (result.status === 400 && Object.values(headers).some((value) => /[\x00-\x08\x0a-\x1f]/.test(value))) return;
    if (result.status >= 400 && !isSpecError(result)) {
      throw new Error(`${what}: ${result.status} ${result.contentType} not in the spec's error shape: ${result.text.slice(0, 200)}`);
    }
  };

  const ENDPOINTS: Array<[string, string, boolean]> = [
    ['POST', '/auth/register', false],
    ['POST', '/auth/login', false],
    ['POST', '/auth/refresh', false],
    ['POST', '/auth/logout', false],
    ['POST', '/chat', true],
    ['GET', '/chat/sessions', true],
    ['GET', '/chat/{id}/history', true],
    ['DELETE', '/chat/{id}', true],
  ];

  const text = fc.oneof(
    fc.string({ maxLength: 50 }),
    fc.string({ unit: 'binary', maxLength: 50 }),
    fc.string({ unit: 'grapheme', maxLength: 30 }),
    fc.constantFrom('', ' ', '\u0000', '\uFFFF', '\uD800', 'a'.repeat(3000), '𝕸'.repeat(1000), '<script>alert(1)</script>', "' OR 1=1 --"),
  );
  const value = fc.oneof(text, fc.integer(), fc.double(), fc.boolean(), fc.constant(null), fc.array(text, { maxLength: 3 }), fc.dictionary(text, text, { maxKeys: 3 }));
  const body = fc.oneof(
    fc.record({ email: value, password: value, refresh_token: value, session_id: value, message: value }, { requiredKeys: [] }).map((o) => JSON.stringify(o)),
    fc.json({ maxDepth: 4 }),
    text,
    fc.constantFrom('{', '[', '{"email": ', 'null', '"just a string"', '{"a":' + '['.repeat(3000), '{}'),
    fc.string({ minLength: 9000, maxLength: 12000 }).map((s) => JSON.stringify({ message: s })),
  );
  const contentType = fc.constantFrom('application/json', 'application/json; charset=utf-8', 'text/plain', 'application/x-www-form-urlencoded', 'multipart/form-data', 'application/vnd.api+json', undefined);
  const pathId = fc.oneof(fc.uuid(), text.map((t) => encodeURIComponent(t.toWellFormed())), fc.constantFrom('..%2F..%2Fetc%2Fpasswd', '%00', 'sessions'));
  const queryValue = fc.oneof(text, anySpelling.map((spelling) => spelling.raw));
  const query = fc.oneof(fc.constant(''), fc.record({ limit: queryValue, offset: queryValue }).map(({ limit, offset }) => `?limit=${encodeURIComponent(limit.toWellFormed())}&offset=${encodeURIComponent(offset.toWellFormed())}`));

  test('random requests: never a 5xx, never a hang, errors in the spec shape', async () => {
    const tokens = Object.values(await hostileTokens());
    await fc.assert(
      fc.asyncProperty(
        fc.constantFrom(...ENDPOINTS),
        body,
        contentType,
        fc.oneof(fc.constant(undefined), fc.constant('valid'), fc.constantFrom(...tokens), text),
        pathId,
        query,
        async ([method, template, _auth], payload, type, authorization, id, search) => {
          const headers: Record<string, string> = {};
          if (type) headers['content-type'] = type;
          if (authorization === 'valid') headers.authorization = `Bearer ${validAccess}`;
          else if (authorization !== undefined) {
            try {
              new Headers({ authorization: `Bearer ${authorization}` });
              headers.authorization = `Bearer ${authorization}`;
            } catch {
              // not a value a client can send as a header
            }
          }
          const path = template.replace('{id}', id) + (method === 'GET' ? search : '');
          const result = await call(method, path, { body: method === 'GET' ? undefined : payload, headers });
          expectWellFormed(result, `${method} ${path.slice(0, 120)}`, path, headers);
          expect(result.ms).toBeLessThan(REQUEST_TIMEOUT_MS);
        },
      ),
      runs(400),
    );
  }, 120_000);

  test('every hostile token is refused with 401 on every protected endpoint', async () => {
    for (const [name, token] of Object.entries(await hostileTokens())) {
      for (const [method, path] of [['GET', '/chat/sessions'], ['POST', '/chat'], ['GET', `/chat/${crypto.randomUUID()}/history`], ['DELETE', `/chat/${crypto.randomUUID()}`]]) {
        const result = await call(method!, path!, {
          headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
          body: method === 'POST' ? JSON.stringify({ session_id: crypto.randomUUID(), message: 'hi' }) : undefined,
        });
        if (result.status !== 401) throw new Error(`${name} on ${method} ${path}: ${result.status}`);
      }
      if (name === 'refreshAsAccess') continue; // a genuine refresh token: valid where it belongs
      const asRefresh = await call('POST', '/auth/refresh', { headers: { 'content-type': 'application/json' }, body: JSON.stringify({ refresh_token: token }) });
      if (asRefresh.status !== 401) throw new Error(`${name} as a refresh token: ${asRefresh.status}`);
    }
  });

  test('integer query parameters in every spelling: 200 only for integers within the bounds, else 422 naming each bad one', async () => {
    const spellingOrAbsent = fc.option(anySpelling, { nil: undefined });
    await fc.assert(
      fc.asyncProperty(spellingOrAbsent, spellingOrAbsent, async (limit, offset) => {
        const given = Object.entries({ limit, offset }).filter((entry): entry is [keyof typeof QUERY_INTEGERS, IntegerSpelling] => entry[1] !== undefined);
        const path = `/chat/sessions?${given.map(([name, spelling]) => `${name}=${encodeURIComponent(spelling.raw)}`).join('&')}`;
        const result = await call('GET', path, { headers: { authorization: `Bearer ${validAccess}` } });
        const what = `GET ${JSON.stringify(given.map(([name, spelling]) => [name, spelling.raw.slice(0, 40)]))}`;
        expectWellFormed(result, what, path);
        const issues = given.flatMap(([name, spelling]) => {
          const issue = expectedIssue(spelling, QUERY_INTEGERS[name]);
          return issue ? [[name, issue]] : [];
        });
        if (issues.length === 0) {
          const page = JSON.parse(result.text);
          expect([what, result.status, page.limit, page.offset]).toEqual([what, 200, limit ? Number(limit.value) : 20, offset ? Number(offset.value) : 0]);
        } else {
          const detail = result.status === 422 ? JSON.parse(result.text).detail : result.text;
          expect([what, result.status, detail.map?.((issue: { loc: string[]; type: string }) => [issue.loc[1], issue.type])]).toEqual([what, 422, issues]);
        }
      }),
      runs(300),
    );
  }, 120_000);

  test('every field with a length limit, from empty to megabytes: 413 over the body limit, 422 outside the field bounds, success inside', async () => {
    type Case = { path: string; field: string; value: string; extra: Record<string, string>; token?: boolean; expect: (characters: number) => [number, string?] };
    const megabytes = fc.constantFrom(1_000_000, 2_500_000);
    const cases: fc.Arbitrary<Case> = fc.oneof(
      stringOfLength(fc.oneof({ weight: 9, arbitrary: around(0, 1, CHAT_MAX) }, { weight: 1, arbitrary: megabytes })).map((value) => ({
        path: '/chat', field: 'message', value, token: true, extra: { session_id: crypto.randomUUID() },
        expect: (n: number): [number, string?] => (n < 1 ? [422, 'string_too_short'] : n > CHAT_MAX ? [422, 'string_too_long'] : [200]),
      })),
      stringOfLength(fc.oneof({ weight: 9, arbitrary: around(0, 8, 72, 1000) }, { weight: 1, arbitrary: megabytes })).map((value) => ({
        path: '/auth/register', field: 'password', value, extra: { email: `fuzz-${crypto.randomUUID()}@example.com` },
        expect: (n: number): [number, string?] => (n < 8 ? [422, 'string_too_short'] : [201]),
      })),
      stringOfLength(fc.oneof({ weight: 9, arbitrary: around(0, 8, 1000) }, { weight: 1, arbitrary: megabytes })).map((value) => ({
        path: '/auth/login', field: 'password', value, extra: { email: `nobody-${crypto.randomUUID()}@example.com` },
        expect: (): [number, string?] => [401],
      })),
      fc
        .record({
          local: fc.constantFrom(1, 20, 63, 64, 65, 300),
          labels: fc.array(fc.constantFrom(1, 20, 62, 63, 64), { minLength: 1, maxLength: 5 }),
          seed: fc.string({ unit: fc.constantFrom(...'abcdefghijklmnopqrstuvwxyz0123456789'), minLength: 8, maxLength: 8 }),
        })
        .map(({ local, labels, seed }) => {
          const fill = (length: number) => seed.repeat(Math.ceil(length / seed.length)).slice(0, length);
          const value = `${fill(local)}@${[...labels.map(fill), 'com'].join('.')}`;
          const valid = local <= 64 && labels.every((length) => length <= 63) && value.length <= 254;
          return {
            path: '/auth/register', field: 'email', value, extra: { password: 'correct-horse-battery' },
            expect: (): [number, string?] => (valid ? [201] : [422, 'value_error']),
          };
        }),
      fc.tuple(fc.constantFrom('/auth/refresh', '/auth/logout'), stringOfLength(fc.oneof(around(0, 1, 500, MAX_BODY_BYTES / 4, MAX_BODY_BYTES), megabytes))).map(([path, value]) => ({
        path, field: 'refresh_token', value, extra: {},
        expect: (): [number, string?] => [401],
      })),
    );
    await fc.assert(
      fc.asyncProperty(cases, async (c) => {
        const body = JSON.stringify({ ...c.extra, [c.field]: c.value });
        const headers: Record<string, string> = { 'content-type': 'application/json' };
        if (c.token) headers.authorization = `Bearer ${validAccess}`;
        const result = await call('POST', c.path, { body, headers });
        const what = `${c.path} ${c.field} of ${characters(c.value)} characters (${utf8Length(body)} bytes of body)`;
        expectWellFormed(result, what, c.path);
        let [status, type] = utf8Length(body) > MAX_BODY_BYTES ? [413] : c.expect(characters(c.value));
        if (status === 201 && result.status === 409) status = 409; // a valid address drawn twice
        const got = result.status === 422 ? JSON.parse(result.text).detail.map((issue: { loc: string[]; type: string }) => [issue.loc.join('.'), issue.type]) : undefined;
        expect([what, result.status, got]).toEqual([what, status, type ? [[`body.${c.field}`, type]] : undefined]);
        if (status === 200) expect(parseEvents(result.text).at(-1)?.type).toBe('done');
      }),
      runs(120),
    );
  }, 180_000);

  test('bodies just under and over MAX_BODY_BYTES, however framed: 413 exactly when over', async () => {
    const ENDPOINTS = ['/auth/register', '/auth/login', '/auth/refresh', '/auth/logout', '/chat'];
    const FRAMINGS = ['fetch', 'fetch-stream', 'raw', 'raw-chunked'] as const;
    /** A JSON body of exactly `size` bytes, padded with one kind of character. */
    const bodyOf = (size: number, pad: string) => {
      const empty = '{"refresh_token":""}';
      const room = size - empty.length;
      const padding = pad.repeat(Math.floor(room / utf8Length(pad)));
      return `{"refresh_token":"${padding}${'a'.repeat(room - utf8Length(padding))}"}`;
    };
    await fc.assert(
      fc.asyncProperty(
        fc.oneof(fc.constantFrom(MAX_BODY_BYTES, MAX_BODY_BYTES + 1), fc.integer({ min: MAX_BODY_BYTES - 64, max: MAX_BODY_BYTES + 64 })),
        character,
        fc.constantFrom(...ENDPOINTS),
        fc.constantFrom(...FRAMINGS),
        async (size, pad, path, framing) => {
          const body = bodyOf(size, pad);
          expect(utf8Length(body)).toBe(size);
          const headers = { 'content-type': 'application/json', authorization: `Bearer ${validAccess}` };
          let result: { status: number; text: string; contentType: string };
          if (framing.startsWith('raw')) {
            const raw = await rawRequest(server.baseUrl, { method: 'POST', path, headers, body, framing: framing === 'raw' ? 'content-length' : 'chunked' });
            result = { status: raw.status, text: raw.text, contentType: raw.headers['content-type'] ?? '' };
          } else {
            const bytes = new TextEncoder().encode(body);
            const stream = new ReadableStream<Uint8Array>({
              start(controller) {
                for (let at = 0; at < bytes.length; at += 1000) controller.enqueue(bytes.subarray(at, at + 1000));
                controller.close();
              },
            });
            result = await call('POST', path, { body: framing === 'fetch' ? body : stream, headers });
          }
          const what = `${framing} ${path} body of ${size} bytes`;
          expectWellFormed(result, what, path);
          if (size > MAX_BODY_BYTES) expect([what, result.status, result.text]).toEqual([what, 413, '{"detail":"Request body too large"}']);
          else expect([what, result.status === 413]).toEqual([what, false]);
        },
      ),
      runs(150),
    );
  }, 120_000);

  test('bodies over the limit get 413, however they are sent', async () => {
    const big = JSON.stringify({ email: 'a@b.co', password: 'x'.repeat(20_000) });
    expect((await call('POST', '/auth/login', { body: big, headers: { 'content-type': 'application/json' } })).status).toBe(413);
    expect((await call('POST', '/auth/login', { body: big, headers: { 'content-type': 'text/plain' } })).status).toBe(413);
  });
});
