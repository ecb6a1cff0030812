import { buildApp } from './app.ts';
import { ConfigError, loadConfig } from './config.ts';
import { loadDotEnv } from './dotenv.ts';

try {
  loadDotEnv();
  const config = loadConfig();
  const { app } = await buildApp(config);
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
