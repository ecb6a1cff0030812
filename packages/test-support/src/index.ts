export { startSmtpSink, type SmtpSink, type ReceivedMail } from './smtp-sink.ts';
export { startOidcProvider, type OidcProvider, type OidcUser } from './oidc-provider.ts';
