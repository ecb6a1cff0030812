import { betterAuth, type BetterAuthOptions } from 'better-auth';
import { APIError, createAuthMiddleware, getSessionFromCtx } from 'better-auth/api';
import { genericOAuth, jwt, oauthPopup } from 'better-auth/plugins';
import { getMigrations } from 'better-auth/db/migration';
import { migrateOnce } from '../../db/locks.ts';
import { z } from 'zod';
import { AuthErrorCode, FRESH_SIGN_IN_SECONDS, MIN_PASSWORD_LENGTH } from '@threadbook/contracts';
import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../../config.ts';
import type { Db } from '../../db/database.ts';
import { databaseKind } from '../../db/dialect.ts';
import type { SendMail } from './mailer.ts';
import { createSignInFailures, type SignInFailures } from './sign-in-failures.ts';
import { accountPlugin } from './account-plugin.ts';
import { resetPasswordMail } from './reset-password-mail.ts';
import { deleteUserData } from '../../db/user-data.ts';
import { openBookStorage, removeUserFiles, type BookStorage } from '../books/index.ts';

/** The header the Fastify mount sets to the socket's address, so no client can choose its own rate-limit key. */
export const CLIENT_IP_HEADER = 'x-threadbook-client-ip';
export const GOOGLE_PROVIDER_ID = 'google';
/** The web app's Vite dev server (apps/web), which proxies /api here. */
const WEB_DEV_ORIGIN = 'http://localhost:5173';

/**
 * The origins whose pages may call the identity API: the server's own, and the dev server's only in
 * development (in production a page there must not pass the CSRF check).
 */
export const trustedOrigins = (config: Pick<Config, 'publicUrl' | 'development'>): string[] => [
  config.publicUrl,
  ...(config.development ? [WEB_DEV_ORIGIN] : []),
];

export interface IdentityDeps {
  config: Config;
  log: Pick<FastifyBaseLogger, 'debug' | 'info' | 'warn' | 'error'>;
  db: Db;
  sendMail: SendMail;
  signInFailures: SignInFailures;
  isAllowed: (email: string) => boolean;
  /** Where a deleted account's own books are removed from. */
  storage: BookStorage;
}

const notAllowListed = () =>
  new APIError('FORBIDDEN', {
    code: AuthErrorCode.notAllowListed,
    message: 'You are not authorized to access this application.',
  });
const accountDisabled = () =>
  new APIError('FORBIDDEN', {
    code: AuthErrorCode.accountDisabled,
    message: 'This account has been disabled.',
  });

export async function isGoogleUser(db: Db, userId: string): Promise<boolean> {
  const row = await db
    .selectFrom('account')
    .select('id')
    .where('userId', '=', userId)
    .where('providerId', '=', GOOGLE_PROVIDER_ID)
    .executeTakeFirst();
  return row !== undefined;
}

/** Ends the account's outstanding reset links: once the password is new, an older link must not change it. */
export async function endResetLinks(db: Db, userId: string): Promise<void> {
  await db
    .deleteFrom('verification')
    .where('identifier', 'like', 'reset-password:%')
    .where('value', '=', userId)
    .execute();
}

/** The client's address, set by the Fastify mount; only server-side calls of the API come without it. */
const clientIp = (ctx: { headers?: Headers | undefined }) => ctx.headers?.get(CLIENT_IP_HEADER) ?? 'server';

function identityOptions({ config, log, db, sendMail, signInFailures, isAllowed, storage }: IdentityDeps) {
  const google = config.google;
  return {
    appName: 'Threadbook',
    baseURL: config.publicUrl,
    basePath: '/api/auth',
    secret: config.authSecret,
    // Its adapter and its migrations write the SQL of this type of database.
    database: { db, type: databaseKind(db) },
    trustedOrigins: trustedOrigins(config),
    telemetry: { enabled: false },
    logger: {
      level: 'warn',
      log: (level, message, ...args) => {
        // The popup hands the session to a same-origin opener through the cookie; the bearer plugin it
        // recommends is only for apps embedded cross-site, which Threadbook is not.
        if (message.includes('`bearer` plugin is not registered')) return;
        log[level]({ args }, `identity: ${message}`);
      },
    },
    emailAndPassword: {
      enabled: true,
      minPasswordLength: MIN_PASSWORD_LENGTH,
      autoSignIn: true,
      revokeSessionsOnPasswordReset: true,
      resetPasswordTokenExpiresIn: 60 * 60,
      onPasswordReset: ({ user }) => endResetLinks(db, user.id),
      // Not awaited: answering only after the mail went out would tell registered addresses from unknown ones.
      sendResetPassword: async ({ user, url }) => {
        sendMail(resetPasswordMail(user.email, url)).catch((error: unknown) => {
          log.error({ err: error }, 'password reset mail could not be sent');
        });
      },
    },
    session: { freshAge: FRESH_SIGN_IN_SECONDS },
    user: {
      additionalFields: {
        disabled: { type: 'boolean', required: false, defaultValue: false, input: false },
      },
      deleteUser: {
        enabled: true,
        afterDelete: async (user) => removeUserFiles(storage, await deleteUserData(db, user.id)),
      },
    },
    account: { accountLinking: { enabled: true, trustedProviders: [GOOGLE_PROVIDER_ID] } },
    // Limited before it reaches better-auth, in fixed windows per client address (request-limits.ts).
    rateLimit: { enabled: false },
    advanced: {
      // better-auth turns its Origin/CSRF checks off by default when NODE_ENV=test or TEST is set; keep them on.
      disableOriginCheck: false,
      ipAddress: { ipAddressHeaders: [CLIENT_IP_HEADER] },
      useSecureCookies: config.publicUrl.startsWith('https:'),
    },
    databaseHooks: {
      user: {
        create: {
          // Google sign-in by an address not on the list never leaves an account behind.
          before: async (user) => {
            if (!isAllowed(user.email)) throw notAllowListed();
          },
        },
      },
      session: {
        create: {
          // Every way of signing in ends here: refuse disabled and no-longer-allowed accounts.
          before: async (session) => {
            const row = await db
              .selectFrom('user')
              .select(['email', 'disabled'])
              .where('id', '=', session.userId)
              .executeTakeFirst();
            if (!row) return;
            if (row.disabled) throw accountDisabled();
            if (!isAllowed(row.email)) throw notAllowListed();
          },
        },
      },
    },
    hooks: {
      before: createAuthMiddleware(async (ctx) => {
        if (ctx.path === '/token') {
          // A session whose address left the allow-list (or was disabled) gets no more ID tokens: sign it out.
          const current = await getSessionFromCtx(ctx);
          if (current && (!isAllowed(current.user.email) || current.user.disabled)) {
            await ctx.context.internalAdapter.deleteSession(current.session.token);
            throw current.user.disabled ? accountDisabled() : notAllowListed();
          }
          return;
        }
        if (ctx.path !== '/sign-up/email' && ctx.path !== '/sign-in/email') return;
        const email = typeof ctx.body?.email === 'string' ? ctx.body.email : '';
        // better-auth's sign-up schema would answer a generic VALIDATION_ERROR; the web app maps INVALID_EMAIL.
        if (!z.email().safeParse(email).success) {
          throw new APIError('BAD_REQUEST', { code: 'INVALID_EMAIL', message: 'Invalid email' });
        }
        if (!isAllowed(email)) throw notAllowListed();
        if (ctx.path === '/sign-in/email' && (await signInFailures.isBlocked(email, clientIp(ctx)))) {
          throw new APIError('TOO_MANY_REQUESTS', {
            code: AuthErrorCode.tooManyAttempts,
            message: 'Too many failed attempts. Please try again later.',
          });
        }
      }),
      after: createAuthMiddleware(async (ctx) => {
        const returned = ctx.context.returned;
        // better-auth's own change (current password and new one): it too ends the outstanding reset links.
        if (ctx.path === '/change-password' && !(returned instanceof APIError)) {
          const { user } = returned as { user: { id: string } };
          await endResetLinks(db, user.id);
        }
        if (ctx.path !== '/sign-in/email') return;
        const email = typeof ctx.body?.email === 'string' ? ctx.body.email : '';
        if (returned instanceof APIError) {
          if (returned.statusCode === 401) await signInFailures.recordFailure(email, clientIp(ctx));
        } else {
          await signInFailures.clear(email, clientIp(ctx));
        }
      }),
    },
    plugins: [
      jwt({
        jwks: { keyPairConfig: { alg: 'EdDSA', crv: 'Ed25519' } },
        jwt: {
          issuer: config.publicUrl,
          audience: config.publicUrl,
          expirationTime: `${config.idTokenTtlSeconds}s`,
          definePayload: async ({ user, session }) => ({
            sid: session.id,
            email: user.email,
            name: user.name || null,
            isGoogleUser: await isGoogleUser(db, user.id),
          }),
        },
        disableSettingJwtHeader: true,
      }),
      ...(google
        ? [
            genericOAuth({
              config: [
                {
                  providerId: GOOGLE_PROVIDER_ID,
                  clientId: google.clientId,
                  clientSecret: google.clientSecret,
                  discoveryUrl: `${google.issuer.replace(/\/$/, '')}/.well-known/openid-configuration`,
                  scopes: ['openid', 'email', 'profile'],
                  pkce: true,
                  // Signing out of Threadbook must not sign the student out of their Google account.
                  disableProviderLogout: true,
                },
              ],
            }),
            oauthPopup(),
          ]
        : []),
      accountPlugin({
        config,
        isGoogleUser: (userId) => isGoogleUser(db, userId),
        endResetLinks: (userId) => endResetLinks(db, userId),
      }),
    ],
  } satisfies BetterAuthOptions;
}

/** The identity module: better-auth configured with docs/product.md §4/§5/§8 rules, its tables migrated. */
export async function createIdentity(deps: IdentityDeps) {
  const options = identityOptions(deps);
  await runIdentityMigrations(options, deps.db);
  return betterAuth(options);
}
export type Identity = Awaited<ReturnType<typeof createIdentity>>;

/**
 * Creates or updates better-auth's tables for these options (its plugins add tables of their own).
 * better-auth plans them from what it finds, then creates them without IF NOT EXISTS: servers starting at
 * once take turns (migrateOnce).
 */
async function runIdentityMigrations(options: BetterAuthOptions, db: Db): Promise<void> {
  await migrateOnce(db, 'identity migrations', async () => {
    const { runMigrations } = await getMigrations(options);
    await runMigrations();
  });
}

/**
 * Creates or updates better-auth's tables only, as the server does at its start with the same
 * configuration, without an identity to serve: `npm run db:copy` prepares its target with it. Nothing
 * signs in, mails or logs through these options but the migration's warnings (to stderr).
 */
export async function migrateIdentity(config: Config, db: Db): Promise<void> {
  const toStderr = (_details: unknown, message?: string) => console.error(message);
  await runIdentityMigrations(
    identityOptions({
      config,
      db,
      log: { debug: () => {}, info: () => {}, warn: toStderr, error: toStderr },
      sendMail: () => Promise.reject(new Error('No mail is sent while migrating.')),
      signInFailures: createSignInFailures(db),
      isAllowed: () => false,
      storage: openBookStorage(config),
    }),
    db,
  );
}
