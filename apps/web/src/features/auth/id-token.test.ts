import { describe, expect, it } from 'vitest';
import { fakeIdToken } from '../../test/fake-auth.ts';
import { decodeIdTokenClaims, userFromClaims } from './id-token.ts';

describe('ID token claims', () => {
  it('decodes the payload and gives the docs/product.md §3 Authenticated user', () => {
    const token = fakeIdToken({
      sub: 'u-42',
      email: 'ada@example.edu',
      name: 'Ada Lovelace',
      isGoogleUser: true,
      exp: 2000000000,
    });
    const claims = decodeIdTokenClaims(token);
    expect(claims).toMatchObject({ sub: 'u-42', sid: 'session-1', exp: 2000000000 });
    expect(userFromClaims(claims)).toEqual({
      uid: 'u-42',
      email: 'ada@example.edu',
      displayName: 'Ada Lovelace',
      isGoogleUser: true,
    });
  });

  it('reads base64url payloads with non-ASCII names', () => {
    const claims = decodeIdTokenClaims(fakeIdToken({ name: 'Zoë Ó Dálaigh ✓' }));
    expect(claims.name).toBe('Zoë Ó Dálaigh ✓');
  });

  it('keeps a null display name', () => {
    expect(userFromClaims(decodeIdTokenClaims(fakeIdToken({ name: null }))).displayName).toBeNull();
  });

  it('rejects anything that is not a token with the expected claims', () => {
    expect(() => decodeIdTokenClaims('not-a-token')).toThrow();
    expect(() => decodeIdTokenClaims('a.b.c')).toThrow();
    const missing = `${btoa('{}')}.${btoa(JSON.stringify({ sub: 'x' }))}.sig`;
    expect(() => decodeIdTokenClaims(missing)).toThrow();
  });
});
