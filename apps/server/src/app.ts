import { readFileSync } from 'node:fs';
import zlib from 'node:zlib';
import compress from '@fastify/compress';
import Fastify, { type FastifyInstance } from 'fastify';
import { serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import { showsPageImages } from '@threadbook/contracts';
import type { Config } from './config.ts';
import { migrateToLatest, openDatabase } from './db/database.ts';
import { serverTiming } from './db/query-count.ts';
import { createAllowList } from './features/auth/allow-list.ts';
import { bearerAuth } from './features/auth/bearer.ts';
import { createIdentity, trustedOrigins, type Identity } from './features/auth/identity.ts';
import { createMailer } from './features/auth/mailer.ts';
import { authRoutes } from './features/auth/routes.ts';
import { createSignInFailures } from './features/auth/sign-in-failures.ts';
import { annotationsRoutes } from './features/annotations/routes.ts';
import { bookmarksRoutes } from './features/bookmarks/routes.ts';
import { readingPosition } from './features/bookmarks/queries.ts';
import { booksRoutes } from './features/books/routes.ts';
import { openBookStorage } from './features/books/storage.ts';
import { createBookAccess } from './features/books/access.ts';
import { graphRoutes } from './features/graph/routes.ts';
import { healthRoutes } from './features/health/routes.ts';
import { createPageImages, createPageRenderPool, pageImagesRoutes } from './features/page-images/index.ts';
import { createSpareImportProcess, importsFeature } from './features/imports/index.ts';
import { createJobs, jobsFeature } from './features/jobs/index.ts';
import { meRoutes } from './features/me/routes.ts';
import { preferencesOf, preferencesRoutes } from './features/preferences/routes.ts';
import { searchRoutes } from './features/search/routes.ts';
import { uploadsRoutes } from './features/uploads/routes.ts';
import { webRoutes } from './features/web/routes.ts';
import { errorHandler } from './error-handler.ts';
import { closeConnectionsWhenIdle } from './graceful-close.ts';
import { OneLinePerRequest } from './request-log.ts';
import { securityHeaders } from './security-headers.ts';

export const version: string = JSON.parse(
  readFileSync(new URL('../package.json', import.meta.url), 'utf8'),
).version;

export interface BuiltApp {
  app: FastifyInstance;
  identity: Identity;
}

/** How long after it starts listening a server loads pdf.js on its page render thread. */
const RENDER_THREAD_WARM_MS = 10_000;

/**
 * Assembles the server: one encapsulated plugin per feature, sharing the database and the identity module.
 * The log goes to standard output unless `logStream` is given (the tests read it).
 */
export async function buildApp(
  config: Config,
  { logStream }: { logStream?: { write(line: string): void } } = {},
): Promise<BuiltApp> {
  const app = Fastify({
    logger: {
      level: config.logLevel,
      redact: ['req.headers.authorization', 'req.headers.cookie'],
      stream: logStream,
    },
    logController: new OneLinePerRequest(),
    bodyLimit: 1024 * 1024,
  });
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  app.setErrorHandler(errorHandler);
  closeConnectionsWhenIdle(app);
  await app.register(serverTiming);

  const database = openDatabase(config);
  app.addHook('onClose', () => database.close());
  await migrateToLatest(database.db);

  // Every feature reads and writes book files through it (DATA_DIR/books, shared by the servers).
  const bookStorage = openBookStorage(config);
  const isAllowed = createAllowList(config.allowedEmails);
  const identity = await createIdentity({
    config,
    log: app.log,
    db: database.db,
    isAllowed,
    storage: bookStorage,
    signInFailures: createSignInFailures(database.db),
    sendMail: createMailer({
      smtpUrl: config.smtpUrl,
      from: config.mailFrom,
      dataDir: config.dataDir,
      log: app.log,
    }),
  });

  // The web app's scripts and the book's graph (a megabyte of JSON for a 350-page book) travel compressed;
  // brotli at quality 4 costs about what gzip does. Ranges of a book's PDF are never compressed.
  await app.register(compress, {
    encodings: ['br', 'gzip'],
    brotliOptions: { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 4 } },
  });
  await app.register(securityHeaders, {
    helmet: {
      contentSecurityPolicy: {
        directives: {
          'default-src': ["'self'"],
          'img-src': ["'self'", 'data:', 'blob:'],
          // pdf.js decodes JPEG 2000 and JBIG2 images with WebAssembly (compiling it is all this allows).
          'script-src': ["'self'", "'wasm-unsafe-eval'"],
          'worker-src': ["'self'", 'blob:'],
          'style-src': ["'self'", "'unsafe-inline'"],
          'connect-src': ["'self'"],
          // Over plain HTTP (a LAN address, Safari on localhost) upgrading would send every asset to a missing https.
          'upgrade-insecure-requests': config.publicUrl.startsWith('https:') ? [] : null,
        },
      },
      // The Google popup passes through the provider's origin and must still reach its opener at the end.
      crossOriginOpenerPolicy: false,
    },
  });
  await app.register(bearerAuth, { identity, db: database.db, publicUrl: config.publicUrl, isAllowed });
  await app.register(authRoutes, {
    identity,
    db: database.db,
    publicUrl: config.publicUrl,
    trustedOrigins: trustedOrigins(config),
    signUpsPerMinute: config.signUpRateLimit,
  });
  await app.register(healthRoutes, { database, version });
  await app.register(meRoutes);
  await app.register(preferencesRoutes, { db: database.db });
  // Who may see which book (private books: features/books/access.ts), asked by every route with a book id.
  const access = createBookAccess(database.db);
  await app.register(booksRoutes, {
    db: database.db,
    storage: bookStorage,
    access,
    fileCacheBytes: config.bookCacheMb * 1024 * 1024,
  });
  // Pages as images, drawn on a thread of their own (features/page-images).
  const renderPool = createPageRenderPool();
  app.addHook('onClose', () => renderPool.close());
  // A server that listens will be asked for pages: the thread loads pdf.js once the start is over.
  app.addHook('onListen', async () => renderPool.warmAfter(RENDER_THREAD_WARM_MS));
  await app.register(pageImagesRoutes, {
    access,
    images: createPageImages(bookStorage, renderPool, config.pageImageCacheMb * 1024 * 1024),
    openingPageOf: async (shelf) => {
      const [position, preferences] = await Promise.all([
        readingPosition(database.db, shelf),
        preferencesOf(database.db, shelf.userId),
      ]);
      return showsPageImages(preferences) ? (position ?? 1) : null;
    },
  });
  // Background work: the durable job queue and this server's runner; imports are its jobs, uploads and
  // the installation's own needs (graphs to build, the sample, LIBRARY_DIR) queue them.
  const { queue, runner } = createJobs(database.db, app.log);
  const spare = createSpareImportProcess();
  await app.register(importsFeature, { db: database.db, storage: bookStorage, queue, runner, config, spare });
  await app.register(uploadsRoutes, {
    db: database.db,
    storage: bookStorage,
    queue,
    config,
    wake: () => runner.wake(),
    readyImport: () => spare.warm(),
  });
  await app.register(jobsFeature, { queue, runner });
  await app.register(graphRoutes, { db: database.db, access, config });
  await app.register(bookmarksRoutes, { db: database.db, access });
  await app.register(annotationsRoutes, {
    db: database.db,
    access,
    storage: bookStorage,
    publicUrl: config.publicUrl,
  });
  await app.register(searchRoutes, { db: database.db, storage: bookStorage, access });
  await app.register(webRoutes, { distDir: config.webDistDir });
  return { app, identity };
}
