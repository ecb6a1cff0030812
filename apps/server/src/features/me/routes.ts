import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { authUserSchema } from '@threadbook/contracts';

/** The signed-in user as docs/product.md §3 describes it, from the verified ID token. */
export const meRoutes: FastifyPluginAsync = async (app) => {
  app
    .withTypeProvider<ZodTypeProvider>()
    .get(
      '/api/me',
      { onRequest: app.authenticate, schema: { response: { 200: authUserSchema } } },
      async (request) => request.user,
    );
};
