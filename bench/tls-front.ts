import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { request as httpRequest } from 'node:http';
import { constants, createSecureServer, type Http2SecureServer } from 'node:http2';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

/**
 * A TLS front for the app, as production serves it: a browser reaches the app through a
 * proxy that terminates HTTPS and speaks HTTP/2 (README, Scaling out), so a phone's requests
 * share one connection. Lighthouse measured against the app's own plain HTTP/1.1 port would
 * charge every one of a page's chunk requests a round trip on one of six connections, which
 * no deployment does. The certificate is self-signed for 127.0.0.1 and made per run; the
 * browser is told to accept it (--ignore-certificate-errors). The app sees what a proxy
 * forwards: the method, path, headers and body, over a kept-alive HTTP/1.1 connection.
 */
export async function tlsFront(appBase: string): Promise<{ base: string; close: () => void }> {
  const dir = mkdtempSync(join(tmpdir(), 'op-tls-'));
  const keyPath = join(dir, 'key.pem');
  const certPath = join(dir, 'cert.pem');
  execFileSync('openssl', [
    'req',
    '-x509',
    '-newkey',
    'rsa:2048',
    '-nodes',
    '-days',
    '1',
    '-subj',
    '/CN=127.0.0.1',
    '-keyout',
    keyPath,
    '-out',
    certPath,
  ]);
  const target = new URL(appBase);
  const server: Http2SecureServer = createSecureServer(
    { key: readFileSync(keyPath), cert: readFileSync(certPath), allowHTTP1: true },
    (request, response) => {
      const headers: Record<string, string | string[]> = {};
      for (const [name, value] of Object.entries(request.headers)) {
        if (name.startsWith(':') || value === undefined) continue;
        headers[name] = value;
      }
      headers.host = target.host;
      const upstream = httpRequest(
        {
          host: target.hostname,
          port: target.port,
          method: request.method,
          path: request.url,
          headers,
        },
        (answer) => {
          const out: Record<string, string | string[]> = {};
          for (const [name, value] of Object.entries(answer.headers)) {
            // Connection-level headers are HTTP/1.1's; HTTP/2 refuses them.
            if (
              value === undefined ||
              ['connection', 'keep-alive', 'transfer-encoding'].includes(name)
            )
              continue;
            out[name] = value;
          }
          response.writeHead(answer.statusCode ?? constants.HTTP_STATUS_BAD_GATEWAY, out);
          answer.pipe(response);
        },
      );
      upstream.on('error', () => {
        response.writeHead(constants.HTTP_STATUS_BAD_GATEWAY);
        response.end();
      });
      request.pipe(upstream);
    },
  );
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  return {
    base: `https://127.0.0.1:${port}`,
    close: () => {
      server.close();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
