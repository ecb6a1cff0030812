import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { sql } from 'kysely';
import { errorResponseSchema, healthResponseSchema } from '@threadbook/contracts';
import type { OpenedDatabase } from '../../db/database.ts';

export const healthRoutes: FastifyPluginAsync<{ database: OpenedDatabase; version: string }> = async (
  app,
  { database, version },
) => {
  app
    .withTypeProvider<ZodTypeProvider>()
    .get(
      '/api/health',
      { schema: { response: { 200: healthResponseSchema, 503: errorResponseSchema } } },
      async (request, reply) => {
        try {
          await sql`select 1`.execute(database.db);
        } catch (error) {
          request.log.error({ err: error }, 'health check: database unreachable');
          return reply
            .code(503)
            .send({ statusCode: 503, error: 'Service Unavailable', message: 'Database unreachable' });
        }
        return { status: 'ok' as const, version, database: database.kind };
      },
    );
};
