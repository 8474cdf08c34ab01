import { type ChildProcess, spawn } from 'node:child_process';
import { once } from 'node:events';
import { createRequire } from 'node:module';
import { createServer } from 'node:net';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

export interface MockPassOptions {
  port?: number;
  /** Show MockPass's persona picker (true), or sign in as MOCKPASS_NRIC straight away. */
  showLoginPage?: boolean;
  /** The client secret our token requests are signed with. */
  clientSecret: string;
}

export interface MockPass {
  url: string;
  /** Our side of MyInfo's PKI: the key MockPass encrypts for, and the certificate it signs with. */
  privateKeyFile: string;
  certFile: string;
  stop(): void;
}

const dir = dirname(createRequire(import.meta.url).resolve('@opengovsg/mockpass/package.json'));
/** Starts MockPass's app on the loopback address only. */
const LAUNCHER = fileURLToPath(new URL('./listen-on-loopback.cjs', import.meta.url));

async function freePort(): Promise<number> {
  const server = createServer().listen(0, '127.0.0.1');
  await once(server, 'listening');
  const { port } = server.address() as { port: number };
  server.close();
  return port;
}

/**
 * GovTech's MockPass (Singpass and MyInfo v3) as MyInfo behaves in production: every request must
 * carry our PKI signature, and person data comes back signed and encrypted. It runs as its own
 * process and answers once it is listening.
 */
export async function startMockPass(opts: MockPassOptions): Promise<MockPass> {
  const port = opts.port || (await freePort());
  const child: ChildProcess = spawn(process.execPath, [LAUNCHER], {
    env: {
      ...process.env,
      MOCKPASS_PORT: String(port),
      SHOW_LOGIN_PAGE: String(opts.showLoginPage ?? true),
      ENCRYPT_MYINFO: 'true',
      SERVICE_PROVIDER_MYINFO_SECRET: opts.clientSecret,
    },
    stdio: 'ignore',
  });
  const url = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 15_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`MockPass exited with ${child.exitCode}`);
    try {
      await fetch(`${url}/myinfo/v3/authorise`, { method: 'HEAD', redirect: 'manual' });
      break;
    } catch {
      if (Date.now() > deadline) {
        child.kill('SIGTERM'); // the caller has no handle on it to stop
        throw new Error(`MockPass did not start on ${port}`);
      }
      await new Promise((r) => setTimeout(r, 100));
    }
  }
  return {
    url,
    privateKeyFile: join(dir, 'static/certs/key.pem'),
    certFile: join(dir, 'static/certs/spcp.crt'),
    stop: () => {
      child.kill('SIGTERM');
    },
  };
}
