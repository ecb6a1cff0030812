import { AuthErrorCode } from '@threadbook/contracts';

/** docs/product.md §8 authentication messages, word for word. */
export const AUTH_MESSAGES = {
  invalidCredentials: 'Email/Password combination invalid or incorrect.',
  emailInUse: 'An account with this email already exists.',
  weakPassword: 'Password should be at least 6 characters long.',
  invalidEmail: 'Please enter a valid email address.',
  disabled: 'This account has been disabled.',
  popupClosed: 'Sign-in was cancelled.',
  popupBlocked: 'Pop-up was blocked by your browser. Please allow pop-ups and try again.',
  tooManyRequests: 'Too many failed attempts. Please try again later.',
  requiresRecentLogin: 'Please sign in again before making this change.',
  operationNotAllowed: 'This operation is not allowed.',
  notAllowListed: 'You are not authorized to access this application.',
  noUser: 'No user is currently signed in.',
  generic: 'An error occurred during authentication.',
} as const;

/** docs/product.md §8 screen fallbacks: an unexpected exception, not an error reply from the identity module. */
export const SCREEN_FALLBACKS = {
  signIn: 'An error occurred during sign in',
  googleSignIn: 'An error occurred during Google sign in',
  signUp: 'An error occurred during sign up',
} as const;

/** Client-side codes for situations the server never reports. */
export const ClientErrorCode = {
  noUser: 'NO_CURRENT_USER',
  googleNotConfigured: AuthErrorCode.operationNotAllowed,
} as const;

const MESSAGE_BY_CODE: Record<string, string> = {
  INVALID_EMAIL_OR_PASSWORD: AUTH_MESSAGES.invalidCredentials,
  USER_NOT_FOUND: AUTH_MESSAGES.invalidCredentials,
  INVALID_PASSWORD: AUTH_MESSAGES.invalidCredentials,
  CREDENTIAL_ACCOUNT_NOT_FOUND: AUTH_MESSAGES.invalidCredentials,
  USER_ALREADY_EXISTS: AUTH_MESSAGES.emailInUse,
  USER_ALREADY_EXISTS_USE_ANOTHER_EMAIL: AUTH_MESSAGES.emailInUse,
  // Google sign-in to an address that has an unverified password account: better-auth refuses to link,
  // so nobody can take over an address by signing it up first with a password.
  ACCOUNT_NOT_LINKED: AUTH_MESSAGES.emailInUse,
  PASSWORD_TOO_SHORT: AUTH_MESSAGES.weakPassword,
  INVALID_EMAIL: AUTH_MESSAGES.invalidEmail,
  [AuthErrorCode.accountDisabled]: AUTH_MESSAGES.disabled,
  POPUP_CLOSED: AUTH_MESSAGES.popupClosed,
  POPUP_BLOCKED: AUTH_MESSAGES.popupBlocked,
  [AuthErrorCode.tooManyAttempts]: AUTH_MESSAGES.tooManyRequests,
  [AuthErrorCode.requiresRecentLogin]: AUTH_MESSAGES.requiresRecentLogin,
  SESSION_EXPIRED: AUTH_MESSAGES.requiresRecentLogin,
  SESSION_NOT_FRESH: AUTH_MESSAGES.requiresRecentLogin,
  [AuthErrorCode.operationNotAllowed]: AUTH_MESSAGES.operationNotAllowed,
  [AuthErrorCode.notAllowListed]: AUTH_MESSAGES.notAllowListed,
  [ClientErrorCode.noUser]: AUTH_MESSAGES.noUser,
};

/** An error reply from the identity module (or the Google popup), with its code and HTTP status. */
export class AuthError extends Error {
  readonly code: string | undefined;
  readonly status: number | undefined;

  constructor(details: {
    code?: string | undefined;
    message?: string | undefined;
    status?: number | undefined;
  }) {
    super(details.message ?? '');
    this.name = 'AuthError';
    this.code = details.code;
    this.status = details.status;
  }
}

export interface AuthErrorLike {
  code?: string | undefined;
  message?: string | undefined;
  status?: number | undefined;
}

/** Codes may arrive in other spellings (a relayed `not_allow_listed`); compare them as UPPER_SNAKE. */
function normaliseCode(code: string | undefined): string | undefined {
  return code
    ?.trim()
    .replace(/[^A-Za-z0-9]+/g, '_')
    .toUpperCase();
}

/** The docs/product.md §8 message for a code, or undefined when docs/product.md §8 has no message for it. */
export function messageForCode(code: string | undefined, status?: number): string | undefined {
  const normalised = normaliseCode(code);
  if (normalised && MESSAGE_BY_CODE[normalised]) return MESSAGE_BY_CODE[normalised];
  if (status === 429) return AUTH_MESSAGES.tooManyRequests;
  return undefined;
}

/**
 * docs/product.md §8: the message for an identity error: the catalogue's text for known codes (and HTTP 429), else the
 * provider's own message, else `fallback` ('An error occurred during authentication.').
 */
export function authErrorMessage(error: AuthErrorLike, fallback: string = AUTH_MESSAGES.generic): string {
  return messageForCode(error.code, error.status) ?? (error.message?.trim() || fallback);
}

/**
 * The message a screen shows for something its action threw: an identity error reply is mapped as above,
 * anything else (a network failure, a bug) gets the screen's fallback.
 */
export function screenErrorMessage(error: unknown, screenFallback: string): string {
  if (error instanceof AuthError) return authErrorMessage(error);
  return screenFallback;
}
