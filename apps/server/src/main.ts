import { buildApp } from './app.ts';
import { ConfigError, loadConfig } from './config.ts';
import { loadDotEnv } from './dotenv.ts';

try {
  loadDotEnv();
  const config = loadConfig();
  const { app } = await buildApp(config);
  // The supervisor contract (README "Running in production"): an error nothing handled leaves the server
  // in a state nobody knows, so it is logged as fatal with its cause and the process exits 1 at once, for
  // systemd, Docker or a process manager to start it again; what an import left half done is removed at
  // the next start. A stop signal closes the server cleanly and exits 0.
  const exitOnFatal = (error: unknown) => {
    app.log.fatal({ err: error }, 'fatal error, exiting');
    process.exit(1);
  };
  process.on('uncaughtException', exitOnFatal);
  process.on('unhandledRejection', exitOnFatal);
  for (const signal of ['SIGINT', 'SIGTERM'] as const) {
    process.once(signal, () => {
      app.log.info(`${signal}: shutting down`);
      void app.close().then(() => process.exit(0));
    });
  }
  await app.listen({ port: config.port, host: config.host });
  app.log.info(`Threadbook is running at ${config.publicUrl}`);
} catch (error) {
  if (error instanceof ConfigError) {
    console.error(error.message);
  } else {
    console.error('Threadbook could not start:', error);
  }
  process.exit(1);
}
