import { vi } from 'vitest';
import type { AuthService } from '../features/auth/index.ts';

function base64Url(value: string): string {
  const bytes = new TextEncoder().encode(value);
  let binary = '';
  for (const byte of bytes) binary += String.fromCharCode(byte);
  return btoa(binary).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
}

export interface FakeClaims {
  sub?: string;
  sid?: string;
  email?: string;
  name?: string | null;
  isGoogleUser?: boolean;
  exp?: number;
}

/** An unsigned JWT-shaped ID token with the given claims (the client never verifies signatures). */
export function fakeIdToken(claims: FakeClaims = {}): string {
  const payload = {
    sub: 'user-1',
    sid: 'session-1',
    email: 'student@example.edu',
    name: null,
    isGoogleUser: false,
    exp: Math.floor(Date.now() / 1000) + 900,
    ...claims,
  };
  return `${base64Url(JSON.stringify({ alg: 'EdDSA', typ: 'JWT' }))}.${base64Url(JSON.stringify(payload))}.c2ln`;
}

/** An AuthService whose every call is a vi.fn; `signedIn` decides what the session and token calls answer. */
export function fakeAuthService(options: { signedIn?: boolean; claims?: FakeClaims } = {}) {
  let signedIn = options.signedIn ?? false;
  const service = {
    fetchIdToken: vi.fn(async () => (signedIn ? fakeIdToken(options.claims) : null)),
    signInWithEmail: vi.fn(async () => {
      signedIn = true;
    }),
    signUpWithEmail: vi.fn(async () => {
      signedIn = true;
    }),
    signInWithGoogle: vi.fn(async () => {
      signedIn = true;
    }),
    requestPasswordReset: vi.fn(async () => {}),
    resetPassword: vi.fn(async () => {}),
    changePassword: vi.fn(async () => {}),
    deleteUser: vi.fn(async () => {
      signedIn = false;
    }),
    signOut: vi.fn(async () => {
      signedIn = false;
    }),
  } satisfies AuthService;
  return service;
}
