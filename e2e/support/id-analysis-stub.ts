import { createServer } from 'node:http';

import { ID_ANALYSIS_READING, ID_ANALYSIS_TOKEN } from './id-analysis';

/**
 * A stand-in photo ID analysis service for the end-to-end runs, speaking the
 * contract of apps/server/src/platform/id-analysis.ts: POST a PNG with the
 * bearer token, get the normalised JSON back. A wrong token is 401, anything
 * but a PNG 415; GET /health answers for Playwright's start-up check.
 * Usage: node --import tsx e2e/support/id-analysis-stub.ts <port>
 */
const PNG_SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
const port = Number(process.argv[2]);
if (!Number.isInteger(port) || port <= 0) throw new Error('usage: id-analysis-stub.ts <port>');

const server = createServer((request, response) => {
  const chunks: Buffer[] = [];
  request.on('data', (chunk: Buffer) => chunks.push(chunk));
  request.on('end', () => {
    const send = (status: number, body: unknown) => {
      response.writeHead(status, { 'content-type': 'application/json' });
      response.end(JSON.stringify(body));
    };
    if (request.method === 'GET' && request.url === '/health') {
      send(200, { ok: true });
      return;
    }
    if (request.method !== 'POST' || request.url !== '/read-id') {
      send(404, {});
      return;
    }
    if (request.headers.authorization !== `Bearer ${ID_ANALYSIS_TOKEN}`) {
      send(401, {});
      return;
    }
    const body = Buffer.concat(chunks);
    if (
      request.headers['content-type'] !== 'image/png' ||
      !body.subarray(0, 8).equals(PNG_SIGNATURE)
    ) {
      send(415, {});
      return;
    }
    send(200, ID_ANALYSIS_READING);
  });
});
server.listen(port, '127.0.0.1');
for (const signal of ['SIGINT', 'SIGTERM'] as const) process.once(signal, () => server.close());
