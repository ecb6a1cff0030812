import { describe, expect, it } from 'vitest';
import { AuthErrorCode } from '@threadbook/contracts';
import {
  AUTH_MESSAGES,
  AuthError,
  authErrorMessage,
  messageForCode,
  screenErrorMessage,
  SCREEN_FALLBACKS,
} from './errors.ts';

describe('auth error messages (docs/product.md §8)', () => {
  it.each([
    ['INVALID_EMAIL_OR_PASSWORD', 'Email/Password combination invalid or incorrect.'],
    ['USER_NOT_FOUND', 'Email/Password combination invalid or incorrect.'],
    ['INVALID_PASSWORD', 'Email/Password combination invalid or incorrect.'],
    ['CREDENTIAL_ACCOUNT_NOT_FOUND', 'Email/Password combination invalid or incorrect.'],
    ['USER_ALREADY_EXISTS', 'An account with this email already exists.'],
    ['USER_ALREADY_EXISTS_USE_ANOTHER_EMAIL', 'An account with this email already exists.'],
    ['account_not_linked', 'An account with this email already exists.'],
    ['PASSWORD_TOO_SHORT', 'Password should be at least 6 characters long.'],
    ['INVALID_EMAIL', 'Please enter a valid email address.'],
    [AuthErrorCode.accountDisabled, 'This account has been disabled.'],
    ['POPUP_CLOSED', 'Sign-in was cancelled.'],
    ['POPUP_BLOCKED', 'Pop-up was blocked by your browser. Please allow pop-ups and try again.'],
    [AuthErrorCode.tooManyAttempts, 'Too many failed attempts. Please try again later.'],
    [AuthErrorCode.requiresRecentLogin, 'Please sign in again before making this change.'],
    ['SESSION_EXPIRED', 'Please sign in again before making this change.'],
    ['SESSION_NOT_FRESH', 'Please sign in again before making this change.'],
    [AuthErrorCode.operationNotAllowed, 'This operation is not allowed.'],
    [AuthErrorCode.notAllowListed, 'You are not authorized to access this application.'],
    ['NO_CURRENT_USER', 'No user is currently signed in.'],
  ])('%s -> %s', (code, message) => {
    expect(authErrorMessage({ code, message: 'provider text', status: 400 })).toBe(message);
  });

  it('maps any HTTP 429 to the too-many-requests message', () => {
    expect(authErrorMessage({ status: 429, message: 'Too many requests. Please try again later.' })).toBe(
      'Too many failed attempts. Please try again later.',
    );
  });

  it('accepts relayed codes in other spellings', () => {
    expect(messageForCode('not_allow_listed')).toBe(AUTH_MESSAGES.notAllowListed);
    expect(messageForCode('account-disabled')).toBe(AUTH_MESSAGES.disabled);
  });

  it("falls back to the provider's message, then to the generic message", () => {
    expect(authErrorMessage({ code: 'SOMETHING_ELSE', message: 'Invalid origin' })).toBe('Invalid origin');
    expect(authErrorMessage({ code: 'SOMETHING_ELSE', message: '  ' })).toBe(
      'An error occurred during authentication.',
    );
    expect(authErrorMessage({})).toBe('An error occurred during authentication.');
    expect(authErrorMessage({}, 'Failed to update password')).toBe('Failed to update password');
  });

  it('gives screens their fallback for exceptions that are not error replies', () => {
    expect(screenErrorMessage(new TypeError('Failed to fetch'), SCREEN_FALLBACKS.signIn)).toBe(
      'An error occurred during sign in',
    );
    expect(screenErrorMessage(new Error('boom'), SCREEN_FALLBACKS.googleSignIn)).toBe(
      'An error occurred during Google sign in',
    );
    expect(screenErrorMessage(undefined, SCREEN_FALLBACKS.signUp)).toBe('An error occurred during sign up');
    expect(
      screenErrorMessage(
        new AuthError({ code: 'INVALID_EMAIL_OR_PASSWORD', status: 401 }),
        SCREEN_FALLBACKS.signIn,
      ),
    ).toBe('Email/Password combination invalid or incorrect.');
  });
});
