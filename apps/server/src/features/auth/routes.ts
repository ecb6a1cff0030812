import rateLimit from '@fastify/rate-limit';
import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import { ApiError } from '../../api-errors.ts';
import type { Db } from '../../db/database.ts';
import { databaseRateLimitStore } from '../../db/rate-limit-store.ts';
import { CLIENT_IP_HEADER, type Identity } from './identity.ts';
import { authRequestLimit, type RequestLimit } from './request-limits.ts';

/** better-auth's own code for a call from an origin it does not trust. */
const INVALID_ORIGIN = 'INVALID_ORIGIN';

/**
 * Mounts the identity module at /api/auth/*: each request becomes a web `Request` for better-auth,
 * with the raw body untouched and the client's address in a header only the server sets.
 *
 * A call that changes something (POST) from a page of another site is refused before better-auth sees
 * it, cookie or not: better-auth checks the Origin only of a call that carries the session cookie, so a
 * page elsewhere could have the server send reset mails to any address. A call without an Origin (a
 * script, a command) goes on to better-auth's own checks.
 *
 * Each client address's calls are counted first (request-limits.ts), in the database, so a limit holds
 * across the servers that share it.
 */
export const authRoutes: FastifyPluginAsync<{
  identity: Identity;
  db: Db;
  publicUrl: string;
  trustedOrigins: string[];
  signUpsPerMinute: number;
}> = async (app, { identity, db, publicUrl, trustedOrigins, signUpsPerMinute }) => {
  await app.register(rateLimit, { global: false, store: databaseRateLimitStore(db) });
  // Asked four times per call by @fastify/rate-limit (allow-list, key, max, window): worked out once.
  const limits = new WeakMap<FastifyRequest, RequestLimit | undefined>();
  const limitOf = (request: FastifyRequest) => {
    if (!limits.has(request)) {
      const path = new URL(request.url, publicUrl).pathname.replace(/^\/api\/auth/, '');
      limits.set(request, authRequestLimit(path, signUpsPerMinute));
    }
    return limits.get(request);
  };
  app.removeAllContentTypeParsers();
  app.addContentTypeParser('*', { parseAs: 'buffer', bodyLimit: 64 * 1024 }, (_request, body, done) =>
    done(null, body),
  );

  app.route({
    method: ['GET', 'POST'],
    url: '/api/auth/*',
    // Refused before it is counted, so a page elsewhere cannot use up a reader's limits either.
    onRequest: async (request, reply) => {
      const origin = request.headers.origin;
      if (request.method !== 'GET' && origin !== undefined && !trustedOrigins.includes(origin)) {
        return reply.code(403).send({ code: INVALID_ORIGIN, message: 'Invalid origin' });
      }
    },
    config: {
      rateLimit: {
        hook: 'preHandler',
        allowList: (request) => limitOf(request) === undefined,
        keyGenerator: (request) => `${limitOf(request)?.kind} ${request.ip}`,
        max: (request) => limitOf(request)?.max ?? 0,
        timeWindow: (request) => limitOf(request)?.windowMs ?? 0,
        errorResponseBuilder: () => new ApiError.TooManyRequests(),
      },
    },
    handler: async (request, reply) => {
      const headers = new Headers();
      for (const [name, value] of Object.entries(request.headers)) {
        if (value === undefined || name === CLIENT_IP_HEADER) continue;
        headers.set(name, Array.isArray(value) ? value.join(', ') : String(value));
      }
      headers.set(CLIENT_IP_HEADER, request.ip);
      const body =
        request.body instanceof Buffer && request.body.length > 0 ? new Uint8Array(request.body) : undefined;
      const response = await identity.handler(
        new Request(new URL(request.url, publicUrl), { method: request.method, headers, body }),
      );
      reply.status(response.status);
      for (const [name, value] of response.headers) {
        if (name !== 'set-cookie') reply.header(name, value);
      }
      const cookies = response.headers.getSetCookie();
      if (cookies.length > 0) reply.header('set-cookie', cookies);
      return reply.send(response.body ? Buffer.from(await response.arrayBuffer()) : null);
    },
  });
};
