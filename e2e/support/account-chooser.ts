import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface AccountChooser {
  /** Use as GOOGLE_ISSUER: discovery comes from here, with authorization pointing at the chooser page. */
  issuer: string;
  close(): Promise<void>;
}

/**
 * Puts a sign-in screen in front of the OpenID provider on loopback (which has none), as Google shows its
 * account chooser: its discovery document is the provider's own except that authorization starts on a page
 * here, which continues to the provider's real authorization endpoint only when the user clicks 'Continue'.
 * Lets a test close the popup while the user is still at the provider.
 */
export async function startAccountChooser(providerIssuer: string): Promise<AccountChooser> {
  const server = createServer((request, response) => {
    void (async () => {
      const url = new URL(request.url ?? '/', 'http://chooser');
      if (url.pathname === '/.well-known/openid-configuration') {
        const upstream = await fetch(`${providerIssuer}/.well-known/openid-configuration`);
        const discovery = (await upstream.json()) as Record<string, unknown>;
        discovery['authorization_endpoint'] = `${issuer}/authorize`;
        response.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(discovery));
      } else if (url.pathname === '/authorize') {
        const next = `${providerIssuer}/authorize${url.search}`
          .replace(/&/g, '&amp;')
          .replace(/"/g, '&quot;');
        response
          .writeHead(200, { 'content-type': 'text/html; charset=utf-8' })
          .end(
            `<!doctype html><html lang="en"><head><title>Choose an account</title></head>` +
              `<body><main><h1>Choose an account</h1><a href="${next}">Continue</a></main></body></html>`,
          );
      } else {
        response.writeHead(404).end();
      }
    })().catch((error: unknown) => response.writeHead(502).end(String(error)));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const issuer = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    issuer,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
