import { z } from 'zod';

/** Error codes our identity module adds to better-auth's own; the web app maps every code to a docs/product.md §8 message. */
export const AuthErrorCode = {
  notAllowListed: 'NOT_ALLOW_LISTED',
  accountDisabled: 'ACCOUNT_DISABLED',
  tooManyAttempts: 'TOO_MANY_FAILED_ATTEMPTS',
  requiresRecentLogin: 'REQUIRES_RECENT_LOGIN',
  operationNotAllowed: 'OPERATION_NOT_ALLOWED',
  managedByGoogle: 'ACCOUNT_MANAGED_BY_GOOGLE',
} as const;
export type AuthErrorCode = (typeof AuthErrorCode)[keyof typeof AuthErrorCode];

/** docs/product.md §3 "Authenticated user". */
export const authUserSchema = z.object({
  uid: z.string(),
  email: z.string(),
  displayName: z.string().nullable(),
  isGoogleUser: z.boolean(),
});
export type AuthUser = z.infer<typeof authUserSchema>;

/** Claims of the short-lived ID token the web app sends as `Authorization: Bearer`. */
export const idTokenClaimsSchema = z.object({
  sub: z.string(),
  sid: z.string(),
  email: z.string(),
  name: z.string().nullable(),
  isGoogleUser: z.boolean(),
  exp: z.number(),
});
export type IdTokenClaims = z.infer<typeof idTokenClaimsSchema>;

/** Public, non-secret settings the onboarding screen and shell need before sign-in. */
const linkSchema = z.object({ name: z.string(), url: z.string() });
export const appConfigSchema = z.object({
  productName: z.string(),
  googleEnabled: z.boolean(),
  footerText: z.string(),
  team: z.array(linkSchema),
  mentors: z.array(linkSchema),
});
export type AppConfig = z.infer<typeof appConfigSchema>;

/** docs/product.md §5: new password must be non-blank after trimming; the identity module enforces the minimum of 6. */
export const changePasswordRequestSchema = z.object({ newPassword: z.string() });

export const MIN_PASSWORD_LENGTH = 6;
/** Changing the password or deleting the account needs a sign-in within this many seconds. */
export const FRESH_SIGN_IN_SECONDS = 5 * 60;
