import { existsSync } from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyPluginAsync } from 'fastify';

/**
 * Serves the built web app. Unknown `/api/...` paths get a JSON 404; any other unknown GET gets index.html
 * so the client router decides (SPA fallback).
 */
export const webRoutes: FastifyPluginAsync<{ distDir: string }> = async (app, { distDir }) => {
  const hasApp = existsSync(path.join(distDir, 'index.html'));
  if (hasApp) {
    await app.register(fastifyStatic, {
      root: distDir,
      // A wildcard route looks files up per request, so a rebuild is served without a restart;
      // a missing file falls through to the not-found handler below.
      wildcard: true,
      // "/" is a folder to @fastify/static: answer it with the app rather than a 403.
      index: 'index.html',
      // The build's .br and .gz copies (apps/web/vite.config.ts) go out as they are.
      preCompressed: true,
      // Not the build's stamp (.build-inputs, scripts/build-web.ts): dot files are not the app's.
      dotfiles: 'ignore',
      // Hashed assets never change; index.html must always be revalidated.
      setHeaders: (res, filePath) => {
        res.header(
          'cache-control',
          filePath.includes(`${path.sep}assets${path.sep}`)
            ? 'public, max-age=31536000, immutable'
            : 'no-cache',
        );
      },
    });
  } else {
    app.log.warn(`no built web app in ${distDir}: run "npm run build" (API only until then)`);
  }

  app.setNotFoundHandler((request, reply) => {
    const pathname = request.url.split('?')[0] ?? '';
    if (
      pathname === '/api' ||
      pathname.startsWith('/api/') ||
      !['GET', 'HEAD'].includes(request.method) ||
      !hasApp
    ) {
      return reply.code(404).send({
        statusCode: 404,
        error: 'Not Found',
        message: `Route ${request.method}:${pathname} not found`,
      });
    }
    return reply.header('cache-control', 'no-cache').type('text/html').sendFile('index.html');
  });
};
