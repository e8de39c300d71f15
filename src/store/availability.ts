// Whether a failure means a backing store is unreachable (answer 503, try again later) rather
// than a bug (500). Looks through wrapped errors: drizzle wraps the driver's error as `cause`.
const CONNECTION_CODES = new Set([
  'ECONNREFUSED', 'ECONNRESET', 'ETIMEDOUT', 'EPIPE', 'EHOSTUNREACH', 'ENOTFOUND',
  // postgres.js
  'CONNECTION_CLOSED', 'CONNECTION_ENDED', 'CONNECTION_DESTROYED', 'CONNECT_TIMEOUT',
  // Postgres SQLSTATE: connection exceptions and an operator shutting the server down
  '08000', '08001', '08003', '08004', '08006', '57P01', '57P02', '57P03',
]);

export function isStoreUnavailable(error: unknown): boolean {
  for (let current = error, depth = 0; current && depth < 5; depth++) {
    const code = (current as { code?: unknown }).code;
    if (typeof code === 'string' && CONNECTION_CODES.has(code)) return true;
    const message = (current as { message?: unknown }).message;
    if (typeof message === 'string' && /PGlite is closed|Connection is closed|Stream isn't writeable/i.test(message)) return true;
    current = (current as { cause?: unknown }).cause;
  }
  return false;
}
