export { startSmtpSink, type SmtpSink, type ReceivedMail } from './smtp-sink.ts';
export { startOidcProvider, type OidcProvider, type OidcUser } from './oidc-provider.ts';
export {
  startOpenAiCompatibleServer,
  type OpenAiCompatibleServer,
  type OpenAiServerOptions,
  type ChatCompletionRequest,
  type RecordedRequest,
} from './openai-server.ts';
export { seededRandom } from './seeded-random.ts';
export { startPostgres, createDatabase, dropDatabase, type PostgresCluster } from './postgres.ts';
export { freePort } from './free-port.ts';
export { corpus, gumErst, sharedData, type SharedData, type SharedDataOptions } from './shared-data.ts';
