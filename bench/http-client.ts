import http from 'node:http';

/**
 * The write budgets' HTTP client: node:http on one kept-alive connection. The benchmark's
 * client runs in the server's own process, so whatever it spends on a request is counted on
 * the API's side of a ratio whose other side is raw SQL. fetch (undici) spends 0.5–0.8 ms a
 * request on its own streams, measured against a bare Fastify route, where node:http spends
 * 0.1–0.2 ms: with fetch, a budget weighed the client as much as the server. The request
 * still travels as real HTTP through a socket, parsed and answered by the whole server.
 */
export type ClientResponse = { status: number; ok: boolean; text: string };

export type HttpClient = {
  send(
    url: string,
    init: { method: string; headers: Record<string, string>; body?: string },
  ): Promise<ClientResponse>;
  close(): void;
};

export function httpClient(): HttpClient {
  const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
  return {
    send(url, { method, headers, body }) {
      return new Promise((resolve, reject) => {
        const length =
          body === undefined ? {} : { 'content-length': String(Buffer.byteLength(body)) };
        const request = http.request(
          url,
          { method, agent, headers: { ...headers, ...length } },
          (response) => {
            let text = '';
            response.setEncoding('utf8');
            response.on('data', (chunk: string) => (text += chunk));
            response.on('end', () => {
              const status = response.statusCode ?? 0;
              resolve({ status, ok: status >= 200 && status < 300, text });
            });
            response.on('error', reject);
          },
        );
        request.on('error', reject);
        request.end(body);
      });
    },
    close: () => {
      agent.destroy();
    },
  };
}
