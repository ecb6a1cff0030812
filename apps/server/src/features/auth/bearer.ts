import fp from 'fastify-plugin';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { createLocalJWKSet, jwtVerify, type JSONWebKeySet } from 'jose';
import { idTokenClaimsSchema, type AuthUser, type IdTokenClaims } from '@threadbook/contracts';
import type { Db } from '../../db/database.ts';
import type { Identity } from './identity.ts';
import { createSessionLookup } from './session-lookup.ts';

declare module 'fastify' {
  interface FastifyRequest {
    /** The signed-in user, set by `app.authenticate`. */
    user: AuthUser;
  }
  interface FastifyInstance {
    /** onRequest hook: 401 unless the request carries a valid, unrevoked ID token of an allowed, enabled user. */
    authenticate: (request: FastifyRequest, reply: FastifyReply) => Promise<void>;
  }
}

/** Tokens whose signature is remembered as checked (the oldest is forgotten first). */
const VERIFIED_TOKENS = 10_000;

interface Options {
  identity: Identity;
  db: Db;
  publicUrl: string;
  isAllowed: (email: string) => boolean;
}

/**
 * Verifies `Authorization: Bearer <ID token>` against our own JWKS, then re-checks the database on every
 * call: the session must still exist (sign-out and disabling revoke at once) and the address must still be
 * allowed (removing it from ALLOWED_EMAILS cuts access at once).
 */
export const bearerAuth = fp<Options>(
  async (app, { identity, db, publicUrl, isAllowed }) => {
    let keySet: ReturnType<typeof createLocalJWKSet> | undefined;
    const loadKeys = async () => {
      const jwks = (await identity.api.getJwks()) as JSONWebKeySet;
      keySet = createLocalJWKSet(jwks);
      return keySet;
    };

    const checkSignature = async (token: string) => {
      try {
        return (
          await jwtVerify(token, keySet ?? (await loadKeys()), { issuer: publicUrl, audience: publicUrl })
        ).payload;
      } catch (error) {
        // A key we have not seen yet: reload once (keys can be rotated by another server).
        if ((error as { code?: string }).code === 'ERR_JWKS_NO_MATCHING_KEY') {
          return (await jwtVerify(token, await loadKeys(), { issuer: publicUrl, audience: publicUrl }))
            .payload;
        }
        throw error;
      }
    };

    // A token's signature is checked once: the reader sends the same token with every call until it is
    // refreshed, and the signature check costs more than the rest of a graph request. Expiry is still
    // checked on every call, and the session and the account below.
    const verified = new Map<string, IdTokenClaims>();
    const verify = async (token: string): Promise<IdTokenClaims> => {
      const known = verified.get(token);
      if (known && known.exp * 1000 > Date.now()) return known;
      verified.delete(token);
      const claims = idTokenClaimsSchema.parse(await checkSignature(token));
      if (verified.size >= VERIFIED_TOKENS) verified.delete(verified.keys().next().value!);
      verified.set(token, claims);
      return claims;
    };

    const sessionOf = createSessionLookup(db);

    const unauthorized = (reply: FastifyReply, message: string) =>
      reply
        .code(401)
        .header('www-authenticate', 'Bearer')
        .send({ statusCode: 401, error: 'Unauthorized', message });

    app.decorateRequest('user', null as unknown as AuthUser);
    app.decorate('authenticate', async (request: FastifyRequest, reply: FastifyReply) => {
      // The scheme is case-insensitive (RFC 9110 §11.1): `bearer` and `BEARER` are Bearer too.
      const match = /^Bearer ([A-Za-z0-9_\-.]+)$/i.exec(request.headers.authorization ?? '');
      if (!match?.[1]) return unauthorized(reply, 'Missing or malformed bearer token');
      let claims;
      try {
        claims = await verify(match[1]);
      } catch {
        return unauthorized(reply, 'Invalid or expired token');
      }
      const row = await sessionOf(claims.sid);
      if (!row || row.userId !== claims.sub || new Date(row.expiresAt).getTime() <= Date.now())
        return unauthorized(reply, 'Session ended');
      if (row.disabled) return unauthorized(reply, 'This account has been disabled.');
      if (!isAllowed(row.email))
        return unauthorized(reply, 'You are not authorized to access this application.');
      request.user = {
        uid: claims.sub,
        email: row.email,
        displayName: claims.name,
        isGoogleUser: claims.isGoogleUser,
      };
    });
  },
  { name: 'bearer-auth' },
);
