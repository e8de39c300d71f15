// The chat web client at /: three static files, served from the repository or, in the binary,
// from its embedded assets.
import { Elysia } from 'elysia';
import { assetPath } from '../assets.ts';

const FILES: Record<string, [file: string, type: string]> = {
  '/': ['index.html', 'text/html; charset=utf-8'],
  '/app.js': ['app.js', 'text/javascript; charset=utf-8'],
  '/app.css': ['app.css', 'text/css; charset=utf-8'],
};

export const webRoutes = () => {
  const app = new Elysia({ name: 'web-client' });
  for (const [path, [file, type]] of Object.entries(FILES)) {
    app.get(path, () => new Response(Bun.file(assetPath(`src/http/web/${file}`)), { headers: { 'content-type': type, 'cache-control': 'no-cache' } }), {
      detail: { hide: true },
    });
  }
  return app;
};
