import { idTokenClaimsSchema, type AuthUser, type IdTokenClaims } from '@threadbook/contracts';

function base64UrlDecode(segment: string): string {
  const base64 = segment.replace(/-/g, '+').replace(/_/g, '/');
  const padded = base64 + '='.repeat((4 - (base64.length % 4)) % 4);
  const binary = atob(padded);
  const bytes = Uint8Array.from(binary, (char) => char.charCodeAt(0));
  return new TextDecoder().decode(bytes);
}

/**
 * Reads the claims of an ID token (a JWT) without verifying it: the server verifies every token it receives;
 * the client only needs the user's details and the expiry. Throws on anything that is not such a token.
 */
export function decodeIdTokenClaims(token: string): IdTokenClaims {
  const parts = token.split('.');
  if (parts.length !== 3 || !parts[1]) throw new Error('Malformed ID token');
  return idTokenClaimsSchema.parse(JSON.parse(base64UrlDecode(parts[1])));
}

/** docs/product.md §3 "Authenticated user" from the token's claims. */
export function userFromClaims(claims: IdTokenClaims): AuthUser {
  return {
    uid: claims.sub,
    email: claims.email,
    displayName: claims.name,
    isGoogleUser: claims.isGoogleUser,
  };
}
