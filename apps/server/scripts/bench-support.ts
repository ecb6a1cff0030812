/**
 * What the server benches share: a free loopback port, a child process started and read, waiting for the
 * server to be up, and a signed-in user's ID token.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import net from 'node:net';

/** Starts a child and resolves with the first line it prints that `pick` accepts. */
export function startChild(
  command: string,
  args: string[],
  env: NodeJS.ProcessEnv,
  pick: (line: string) => string | null,
) {
  return new Promise<{ child: ChildProcess; value: string }>((resolve, reject) => {
    const child = spawn(command, args, { env, stdio: ['ignore', 'pipe', 'pipe'] });
    let buffered = '';
    let errors = '';
    child.stdout!.on('data', (chunk: Buffer) => {
      buffered += chunk.toString();
      for (const line of buffered.split('\n')) {
        const value = pick(line);
        if (value !== null) resolve({ child, value });
      }
    });
    child.stderr!.on('data', (chunk: Buffer) => (errors += chunk.toString()));
    child.on('exit', (code) => reject(new Error(`${args.join(' ')} exited with ${code}\n${errors}`)));
  });
}

export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = net.createServer().listen(0, '127.0.0.1', () => {
      const address = probe.address();
      probe.close(() => resolve(typeof address === 'object' && address ? address.port : 0));
    });
    probe.on('error', reject);
  });
}

export async function waitForHealth(baseUrl: string): Promise<void> {
  for (let i = 0; i < 300; i++) {
    const ok = await fetch(`${baseUrl}/api/health`).then(
      (r) => r.ok,
      () => false,
    );
    if (ok) return;
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`the server at ${baseUrl} did not start`);
}

export async function signIn(baseUrl: string, email = 'bench@threadbook.test'): Promise<string> {
  const signUp = await fetch(`${baseUrl}/api/auth/sign-up/email`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: baseUrl },
    body: JSON.stringify({ email, password: 'bench-password', name: 'Bench' }),
  });
  if (!signUp.ok) throw new Error(`sign-up answered ${signUp.status}`);
  const cookie = signUp.headers
    .getSetCookie()
    .map((c) => c.split(';')[0])
    .join('; ');
  const token = await fetch(`${baseUrl}/api/auth/token`, { headers: { cookie, origin: baseUrl } });
  const body = (await token.json()) as { token?: string };
  if (!body.token) throw new Error(`no ID token: ${token.status}`);
  return body.token;
}
