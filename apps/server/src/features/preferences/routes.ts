import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  DEFAULT_READER_PREFERENCES,
  errorResponseSchema,
  readerPreferencesPatchSchema,
  readerPreferencesSchema,
  type PageColours,
  type ReaderPreferences,
} from '@threadbook/contracts';
import type { Db } from '../../db/database.ts';

/** The user's preferences as stored, or the defaults before any change. */
export async function preferencesOf(db: Db, userId: string): Promise<ReaderPreferences> {
  const row = await db
    .selectFrom('reader_preference')
    .selectAll()
    .where('user_id', '=', userId)
    .executeTakeFirst();
  if (!row) return DEFAULT_READER_PREFERENCES;
  return {
    pageColours: row.page_colours as PageColours,
    definedTerms: row.defined_terms === 1,
    darkPageSuggested: row.dark_page_suggested === 1,
  };
}

/**
 * A signed-in user's reader preferences (page colours, defined terms on hover), kept on the server so
 * that they follow the user: GET answers them (the defaults before any change), PATCH changes the ones
 * given and answers all of them.
 */
export const preferencesRoutes: FastifyPluginAsync<{ db: Db }> = async (app, { db }) => {
  const typed = app.withTypeProvider<ZodTypeProvider>();

  typed.get(
    '/api/me/preferences',
    { onRequest: app.authenticate, schema: { response: { 200: readerPreferencesSchema } } },
    async (request) => preferencesOf(db, request.user.uid),
  );

  typed.patch(
    '/api/me/preferences',
    {
      onRequest: app.authenticate,
      schema: {
        body: readerPreferencesPatchSchema,
        response: { 200: readerPreferencesSchema, 400: errorResponseSchema },
      },
    },
    async (request) => {
      const userId = request.user.uid;
      return db.transaction().execute(async (trx) => {
        const next = { ...(await preferencesOf(trx, userId)), ...request.body };
        const row = {
          page_colours: next.pageColours,
          defined_terms: next.definedTerms ? 1 : 0,
          dark_page_suggested: next.darkPageSuggested ? 1 : 0,
          updated_at: new Date().toISOString(),
        };
        await trx
          .insertInto('reader_preference')
          .values({ user_id: userId, ...row })
          .onConflict((conflict) => conflict.column('user_id').doUpdateSet(row))
          .execute();
        return next;
      });
    },
  );
};
