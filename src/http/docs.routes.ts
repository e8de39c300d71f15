// OpenAPI document at /openapi.json, generated from the route schemas, and Swagger UI at
// /docs served from the swagger-ui-dist package, so it renders with no internet access.
import { openapi } from '@elysiajs/openapi';
import { Elysia } from 'elysia';
import { assetPath } from '../assets.ts';
import { jsonResponse } from './errors.ts';

const ASSETS = {
  'swagger-ui.css': 'text/css; charset=utf-8',
  'swagger-ui-bundle.js': 'text/javascript; charset=utf-8',
} as const;

const swaggerAsset = (name: keyof typeof ASSETS) => assetPath(`node_modules/swagger-ui-dist/${name}`);

/** The interface contract's version (spec/interface.md), not the build's. */
export const INTERFACE_VERSION = '1.0.0';

export const docsRoutes = () =>
  new Elysia({ name: 'docs' })
    .use(
      openapi({
        path: '/docs',
        specPath: '/openapi.json',
        provider: 'swagger-ui',
        swagger: { theme: '/docs/assets/swagger-ui.css', cdn: '/docs/assets/swagger-ui-bundle.js', autoDarkMode: false },
        documentation: {
          info: {
            title: 'Movie Discovery Service',
            version: INTERFACE_VERSION,
            description: 'Describe a half-remembered film in a chat; the service finds it and answers questions about it.',
          },
          components: { securitySchemes: { bearer: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' } } },
        },
        exclude: { paths: ['/docs/assets/:name'] },
      }),
    )
    .get(
      '/docs/assets/:name',
      ({ params }) => {
        const name = params.name as keyof typeof ASSETS;
        if (!(name in ASSETS)) return jsonResponse(404, { detail: 'Not Found' });
        return new Response(Bun.file(swaggerAsset(name)), {
          headers: { 'content-type': ASSETS[name], 'cache-control': 'public, max-age=86400' },
        });
      },
      { detail: { hide: true } },
    );
