import type { BetterAuthPlugin } from 'better-auth';
import { APIError, createAuthEndpoint, sessionMiddleware } from 'better-auth/api';
import {
  AuthErrorCode,
  FRESH_SIGN_IN_SECONDS,
  MIN_PASSWORD_LENGTH,
  changePasswordRequestSchema,
  type AppConfig,
} from '@threadbook/contracts';
import type { Config } from '../../config.ts';

/**
 * Our additions to the identity API: the public settings the onboarding screen needs, and docs/product.md §2's
 * "new password only" change (better-auth's own change-password asks for the current one).
 */
export function accountPlugin(deps: {
  config: Config;
  isGoogleUser: (userId: string) => Promise<boolean>;
  endResetLinks: (userId: string) => Promise<void>;
}) {
  const appConfig: AppConfig = {
    productName: 'Threadbook',
    googleEnabled: deps.config.google !== undefined,
    footerText: deps.config.footerText,
    team: deps.config.team,
    mentors: deps.config.mentors,
  };

  return {
    id: 'threadbook-account',
    endpoints: {
      appConfig: createAuthEndpoint('/app-config', { method: 'GET' }, async (ctx) => ctx.json(appConfig)),

      setNewPassword: createAuthEndpoint(
        '/account/password',
        { method: 'POST', body: changePasswordRequestSchema, use: [sessionMiddleware] },
        async (ctx) => {
          const { session, user } = ctx.context.session;
          if (Date.now() - new Date(session.createdAt).getTime() >= FRESH_SIGN_IN_SECONDS * 1000) {
            throw new APIError('FORBIDDEN', {
              code: AuthErrorCode.requiresRecentLogin,
              message: 'Please sign in again before making this change.',
            });
          }
          if (await deps.isGoogleUser(user.id)) {
            throw new APIError('FORBIDDEN', {
              code: AuthErrorCode.managedByGoogle,
              message: 'Account managed by Google',
            });
          }
          const { newPassword } = ctx.body;
          if (newPassword.trim() === '') {
            throw new APIError('BAD_REQUEST', {
              code: 'PASSWORD_REQUIRED',
              message: 'Please enter a new password',
            });
          }
          if (newPassword.length < MIN_PASSWORD_LENGTH) {
            throw new APIError('BAD_REQUEST', {
              code: 'PASSWORD_TOO_SHORT',
              message: 'Password should be at least 6 characters long.',
            });
          }
          const hash = await ctx.context.password.hash(newPassword);
          const credential = await ctx.context.internalAdapter.findCredentialAccount(user.id);
          if (credential) {
            await ctx.context.internalAdapter.updatePassword(user.id, hash);
          } else {
            await ctx.context.internalAdapter.linkAccount({
              userId: user.id,
              providerId: 'credential',
              accountId: user.id,
              password: hash,
            });
          }
          await deps.endResetLinks(user.id);
          return ctx.json({ status: true });
        },
      ),
    },
  } satisfies BetterAuthPlugin;
}
