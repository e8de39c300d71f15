// The integer query parameters of GET /chat/sessions, read as FastAPI (pydantic) reads them:
// what pydantic turns into an int is accepted, anything else is a 422 int_parsing, and values
// out of range a 422 naming the bound. Never a 500, whatever the size of the number.
import { afterAll, beforeAll, describe, expect, test } from 'bun:test';
import { BACKENDS, registerUser, startServer, type RegisteredUser, type TestServer } from '../support/harness.ts';

const MAX_OFFSET = Number.MAX_SAFE_INTEGER;
/** A 422 echoes long inputs cut short (validation-errors.ts). */
const echoed = (raw: string) => (raw.length > 200 ? `${raw.slice(0, 200)}…` : raw);

for (const backend of BACKENDS) {
  describe(`integer query parameters (${backend})`, () => {
    let server: TestServer;
    let user: RegisteredUser;
    beforeAll(async () => {
      server = await startServer({ backend });
      user = await registerUser(server);
    });
    afterAll(() => server.stop());

    const list = (query: string) => server.request('GET', `/chat/sessions?${query}`, { token: user.access });
    const expectIssue = async (query: string, issue: Record<string, unknown>) => {
      const response = await list(query);
      expect(response.status).toBe(422);
      expect(response.headers.get('content-type')).toStartWith('application/json');
      expect(response.json).toEqual({ detail: [issue] });
    };

    test('integers pydantic accepts: whitespace, a sign, leading zeros, a zero fraction, underscores between digits', async () => {
      const cases: Array<[string, number]> = [
        ['%205', 5], ['5%20', 5], ['%095%0A', 5], ['%E2%80%835', 5], ['%2B5', 5], ['05', 5], ['007', 7],
        ['5.0', 5], ['5.000', 5], ['1_0', 10], ['100', 100], ['1', 1],
      ];
      for (const [raw, value] of cases) {
        const response = await list(`limit=${raw}`);
        expect([raw, response.status, response.json?.limit]).toEqual([raw, 200, value]);
      }
      for (const [raw, value] of [['-0', 0], ['0.0', 0], ['%2B0', 0], ['000', 0], ['12', 12]] as const) {
        const response = await list(`offset=${raw}`);
        expect([raw, response.status, response.json?.offset]).toEqual([raw, 200, value]);
      }
    });

    test('fractions, exponents, hex, other digits and words: 422 int_parsing echoing the raw value', async () => {
      const raws = ['1.5', '0.5', '5.', '1.50', '1e2', '1E1', '0x10', '0o7', '0b1', '\u0665', '\uFF15', '', ' ', 'abc', 'Infinity', 'NaN',
        'true', '- 5', '+-5', '--5', '1__0', '_1', '1_', '5 5', '5,0', '\u00A0\u00A0'];
      for (const raw of raws) {
        await expectIssue(`limit=${encodeURIComponent(raw)}`, {
          loc: ['query', 'limit'],
          msg: 'Input should be a valid integer, unable to parse string as an integer',
          type: 'int_parsing',
          input: raw,
        });
      }
      await expectIssue('offset=1.5', {
        loc: ['query', 'offset'],
        msg: 'Input should be a valid integer, unable to parse string as an integer',
        type: 'int_parsing',
        input: '1.5',
      });
    });

    test('out of range: 422 naming the bound, however large the number', async () => {
      const below = (field: string, input: string, ge: number) => ({
        loc: ['query', field], msg: `Input should be greater than or equal to ${ge}`, type: 'greater_than_equal', input, ctx: { ge },
      });
      const above = (field: string, input: string, le: number) => ({
        loc: ['query', field], msg: `Input should be less than or equal to ${le}`, type: 'less_than_equal', input, ctx: { le },
      });
      await expectIssue('limit=0', below('limit', '0', 1));
      await expectIssue('limit=-0', below('limit', '-0', 1));
      await expectIssue('limit=-1', below('limit', '-1', 1));
      await expectIssue('limit=101', above('limit', '101', 100));
      await expectIssue('limit=100.0000001', {
        loc: ['query', 'limit'], msg: 'Input should be a valid integer, unable to parse string as an integer', type: 'int_parsing', input: '100.0000001',
      });
      await expectIssue('limit=99999999999999999999', above('limit', '99999999999999999999', 100));
      await expectIssue('limit=-99999999999999999999', below('limit', '-99999999999999999999', 1));
      await expectIssue('offset=-1', below('offset', '-1', 0));
      for (const huge of ['9007199254740992', '9223372036854775807', '9223372036854775808', '18446744073709551616', '99999999999999999999', '9'.repeat(4000)]) {
        await expectIssue(`offset=${huge}`, above('offset', echoed(huge), MAX_OFFSET));
      }
    });

    test('the largest offset is a valid, empty page', async () => {
      const response = await list(`offset=${MAX_OFFSET}`);
      expect(response.status).toBe(200);
      expect(response.json).toEqual({ total: 0, limit: 20, offset: MAX_OFFSET, items: [] });
    });

    test('a number too long to parse: 422 int_parsing_size', async () => {
      const raw = '1'.repeat(4301);
      await expectIssue(`offset=${raw}`, {
        loc: ['query', 'offset'], msg: 'Unable to parse input string as an integer, exceeded maximum size', type: 'int_parsing_size', input: echoed(raw),
      });
    });

    test('a repeated parameter: the last one counts, as in Starlette', async () => {
      const response = await list('limit=1&limit=2');
      expect(response.status).toBe(200);
      expect(response.json.limit).toBe(2);
    });

    test('every bad parameter is reported, in order', async () => {
      const response = await list('limit=1.5&offset=-1');
      expect(response.status).toBe(422);
      expect(response.json.detail.map((issue: { loc: string[]; type: string }) => [issue.loc[1], issue.type])).toEqual([
        ['limit', 'int_parsing'],
        ['offset', 'greater_than_equal'],
      ]);
    });
  });
}
