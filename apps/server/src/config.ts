import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { z } from 'zod';

const linkList = z.string().transform((raw, ctx) => {
  // "Name|https://url, Name|https://url"
  const links = raw
    .split(',')
    .map((item) => item.trim())
    .filter(Boolean)
    .map((item) => {
      const [name, url] = item.split('|').map((part) => part.trim());
      return { name: name ?? '', url: url ?? '' };
    });
  for (const link of links) {
    if (!link.name || !z.url({ protocol: /^https?$/ }).safeParse(link.url).success) {
      ctx.addIssue({ code: 'custom', message: `expected "Name|https://address" entries, got "${raw}"` });
      return z.NEVER;
    }
  }
  return links;
});

const onOff = (fallback: boolean) =>
  z
    .enum(['true', 'false', '1', '0', 'yes', 'no', 'on', 'off'], { error: 'must be on or off' })
    .transform((value) => ['true', '1', 'yes', 'on'].includes(value))
    .default(fallback);

/** A whole number from 1 to `max`, of what `unit` names. */
const wholeNumber = (unit: string, fallback: number, max: number) =>
  z.coerce
    .number({ error: `must be a number of ${unit}` })
    .int(`must be a whole number of ${unit}`)
    .min(1, 'must be at least 1')
    .max(max, `must be at most ${max}`)
    .default(fallback);

/** A whole number of requests a minute, from 1 to 100000. */
const requestsPerMinute = (fallback: number) =>
  z.coerce
    .number({ error: 'must be a number of requests' })
    .int('must be a whole number of requests')
    .min(1, 'must be at least 1')
    .max(100_000, 'must be at most 100000')
    .default(fallback);

const envSchema = z.object({
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().default('0.0.0.0'),
  DATA_DIR: z.string().default('./data'),
  DATABASE_URL: z
    .string()
    .regex(/^postgres(ql)?:\/\//, 'must start with postgres://')
    .optional(),
  PUBLIC_URL: z.url({ protocol: /^https?$/ }).optional(),
  ALLOWED_EMAILS: z.string().default(''),
  AUTH_SECRET: z.string().min(32, 'must be at least 32 characters').optional(),
  SMTP_URL: z.url({ protocol: /^smtps?$/ }).optional(),
  MAIL_FROM: z.string().default('Threadbook <no-reply@threadbook.local>'),
  GOOGLE_CLIENT_ID: z.string().optional(),
  GOOGLE_CLIENT_SECRET: z.string().optional(),
  GOOGLE_ISSUER: z.url().default('https://accounts.google.com'),
  LIBRARY_DIR: z.string().optional(),
  MAX_BOOK_MB: z.coerce
    .number({ error: 'must be a number of megabytes' })
    .positive('must be more than 0')
    .max(100_000, 'must be at most 100000')
    .default(200),
  BOOK_CACHE_MB: z.coerce
    .number({ error: 'must be a number of megabytes' })
    .min(0, 'must be 0 or more')
    .max(100_000, 'must be at most 100000')
    .default(256),
  PAGE_IMAGE_CACHE_MB: z.coerce
    .number({ error: 'must be a number of megabytes' })
    .min(0, 'must be 0 or more')
    .max(100_000, 'must be at most 100000')
    .default(64),
  SAMPLE_BOOK: onOff(true),
  UPLOADS: onOff(true),
  MAX_BOOKS_PER_USER: wholeNumber('books', 20, 100_000),
  UPLOADS_PER_HOUR: wholeNumber('uploads', 10, 100_000),
  IMPORT_MEMORY_MB: wholeNumber('megabytes', 2048, 1_000_000),
  IMPORT_TIME_LIMIT_MINUTES: z.coerce
    .number({ error: 'must be a number of minutes' })
    .positive('must be more than 0')
    .max(10_000, 'must be at most 10000')
    .default(30),
  LLM_BASE_URL: z.url().optional(),
  LLM_API_KEY: z.string().optional(),
  LLM_MODEL: z.string().default('gpt-4o-mini'),
  LLM_TIMEOUT_MS: z.coerce
    .number({ error: 'must be a number of milliseconds' })
    .int('must be a whole number of milliseconds')
    .min(1, 'must be at least 1')
    .max(600_000, 'must be at most 600000')
    .default(30_000),
  SUMMARY_RATE_LIMIT: requestsPerMinute(20),
  SIGN_UP_RATE_LIMIT: requestsPerMinute(30),
  EMBEDDINGS_BASE_URL: z.url().optional(),
  EMBEDDINGS_MODEL: z.string().optional(),
  EMBEDDINGS_API_KEY: z.string().optional(),
  FOOTER_TEXT: z.string().default('MCDS Capstone Project · Fall 2025'),
  TEAM_LINKS: linkList.default([]),
  MENTOR_LINKS: linkList.default([]),
  ID_TOKEN_TTL_SECONDS: z.coerce.number().int().min(10).max(3600).default(900),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  NODE_ENV: z.string().optional(),
  WEB_DIST_DIR: z.string().optional(),
});

export type Config = ReturnType<typeof resolveConfig>;

export class ConfigError extends Error {}

/** Reads and validates the environment once at start; a bad value stops the server with a message naming it. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  // Empty strings mean "not set", as in a .env file with `NAME=`.
  const present = Object.fromEntries(
    Object.entries(env).filter(([, value]) => value !== undefined && value !== ''),
  );
  const parsed = envSchema.safeParse(present);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((issue) => `  ${issue.path.join('.')}: ${issue.message}`);
    throw new ConfigError(`Invalid configuration:\n${lines.join('\n')}`);
  }
  // npm runs workspace scripts inside the workspace; relative paths mean the folder the user ran npm in.
  return resolveConfig(parsed.data, env.INIT_CWD ?? process.cwd());
}

function resolveConfig(env: z.infer<typeof envSchema>, baseDir: string) {
  const dataDir = path.resolve(baseDir, env.DATA_DIR);
  // Private to the server's user: the database holds sessions and reset tokens, beside the secret and outbox.
  mkdirSync(dataDir, { recursive: true, mode: 0o700 });
  if ((env.GOOGLE_CLIENT_ID === undefined) !== (env.GOOGLE_CLIENT_SECRET === undefined)) {
    throw new ConfigError(
      'Invalid configuration:\n  GOOGLE_CLIENT_ID and GOOGLE_CLIENT_SECRET must be set together',
    );
  }
  return {
    port: env.PORT,
    host: env.HOST,
    dataDir,
    databaseUrl: env.DATABASE_URL,
    publicUrl: (env.PUBLIC_URL ?? `http://localhost:${env.PORT}`).replace(/\/$/, ''),
    allowedEmails: env.ALLOWED_EMAILS.split(',')
      .map((email) => email.trim().toLowerCase())
      .filter(Boolean),
    authSecret: env.AUTH_SECRET ?? generatedSecret(dataDir),
    smtpUrl: env.SMTP_URL,
    mailFrom: env.MAIL_FROM,
    google:
      env.GOOGLE_CLIENT_ID && env.GOOGLE_CLIENT_SECRET
        ? {
            clientId: env.GOOGLE_CLIENT_ID,
            clientSecret: env.GOOGLE_CLIENT_SECRET,
            issuer: env.GOOGLE_ISSUER,
          }
        : undefined,
    libraryDir: env.LIBRARY_DIR ? path.resolve(baseDir, env.LIBRARY_DIR) : undefined,
    /** Largest PDF an import accepts, in megabytes (1 MB = 1024 * 1024 bytes). */
    maxBookMb: env.MAX_BOOK_MB,
    /** Memory for the book files being read, in megabytes (0: every request reads the disk). */
    bookCacheMb: env.BOOK_CACHE_MB,
    /** Disk for the page images kept of each book, in megabytes (features/page-images). */
    pageImageCacheMb: env.PAGE_IMAGE_CACHE_MB,
    /** Import the bundled sample textbook on first start. */
    sampleBook: env.SAMPLE_BOOK,
    /** Signed-in users may add books of their own (features/uploads), within these caps. */
    uploads: {
      enabled: env.UPLOADS,
      maxBooksPerUser: env.MAX_BOOKS_PER_USER,
      perHour: env.UPLOADS_PER_HOUR,
    },
    /** What one import process may take, memory and time (a hostile or huge PDF fails instead of stalling). */
    importLimits: { memoryMb: env.IMPORT_MEMORY_MB, timeLimitMinutes: env.IMPORT_TIME_LIMIT_MINUTES },
    llm: env.LLM_BASE_URL
      ? {
          baseUrl: env.LLM_BASE_URL,
          apiKey: env.LLM_API_KEY,
          model: env.LLM_MODEL,
          timeoutMs: env.LLM_TIMEOUT_MS,
        }
      : undefined,
    /** Relationship summaries one user may ask for per minute. */
    summaryRateLimit: env.SUMMARY_RATE_LIMIT,
    /** Sign-ups one client address may make per minute (a class behind one school address may need more). */
    signUpRateLimit: env.SIGN_UP_RATE_LIMIT,
    embeddings: env.EMBEDDINGS_BASE_URL
      ? { baseUrl: env.EMBEDDINGS_BASE_URL, model: env.EMBEDDINGS_MODEL, apiKey: env.EMBEDDINGS_API_KEY }
      : undefined,
    footerText: env.FOOTER_TEXT,
    team: env.TEAM_LINKS,
    mentors: env.MENTOR_LINKS,
    idTokenTtlSeconds: env.ID_TOKEN_TTL_SECONDS,
    logLevel: env.LOG_LEVEL,
    /** NODE_ENV=development: working on the web app with its dev server (trusted as an origin only then). */
    development: env.NODE_ENV === 'development',
    webDistDir: env.WEB_DIST_DIR
      ? path.resolve(baseDir, env.WEB_DIST_DIR)
      : new URL('../../web/dist', import.meta.url).pathname,
  };
}

/** Without AUTH_SECRET, a random secret is made once and kept in DATA_DIR so sessions survive restarts. */
function generatedSecret(dataDir: string): string {
  const file = path.join(dataDir, 'auth-secret');
  if (existsSync(file)) return readFileSync(file, 'utf8').trim();
  const secret = randomBytes(32).toString('base64url');
  writeFileSync(file, secret, { mode: 0o600 });
  return secret;
}
