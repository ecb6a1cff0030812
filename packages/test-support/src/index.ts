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
