// The client's address for per-IP rate limits: the socket's peer, or, behind trusted
// proxies, the X-Forwarded-For entry added by the outermost trusted one. Entries further
// left are written by the client and cannot be trusted.
export function clientIp(
  request: Request,
  socketAddress: string | undefined,
  trustedProxyHops: number,
): string {
  const peer = socketAddress ?? 'unknown';
  if (trustedProxyHops === 0) return peer;
  const forwarded = (request.headers.get('x-forwarded-for') ?? '')
    .split(',')
    .map((entry) => entry.trim())
    .filter(Boolean);
  if (forwarded.length === 0) return peer;
  return forwarded[Math.max(0, forwarded.length - trustedProxyHops)] ?? peer;
}
