import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { extname, join, relative } from 'node:path';
import { brotliCompressSync, gzipSync } from 'node:zlib';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { sessionTokenOf } from './cookies.ts';
import { layoutFor, layoutPreloads, type PreloadedLayout } from './web-preloads.ts';

/**
 * Serves the built web app under /n/. Files are read once into memory with
 * their .br/.gz siblings (written by the web build); names carrying a content
 * hash are cached for a year, index.html never.
 */
const TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.ico': 'image/x-icon',
  '.json': 'application/json',
  '.woff2': 'font/woff2',
  '.txt': 'text/plain; charset=utf-8',
  '.webmanifest': 'application/manifest+json',
};

type Asset = { body: Buffer; br?: Buffer; gz?: Buffer; type: string; immutable: boolean };

/** Vite names built assets like `index-BX3k9aQ1.js`. */
const HASHED_NAME = /-[A-Za-z0-9_-]{8,}\.[a-z0-9]+$/;

function walk(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    return statSync(path).isDirectory() ? walk(path) : [path];
  });
}

function loadAssets(distDir: string): Map<string, Asset> {
  const assets = new Map<string, Asset>();
  for (const file of walk(distDir)) {
    if (file.endsWith('.br') || file.endsWith('.gz')) continue;
    const urlPath = '/' + relative(distDir, file).split('\\').join('/');
    const asset: Asset = {
      body: readFileSync(file),
      type: TYPES[extname(file)] ?? 'application/octet-stream',
      immutable: HASHED_NAME.test(file) && !file.endsWith('.html'),
    };
    if (existsSync(`${file}.br`)) asset.br = readFileSync(`${file}.br`);
    if (existsSync(`${file}.gz`)) asset.gz = readFileSync(`${file}.gz`);
    assets.set(urlPath, asset);
  }
  return assets;
}

function send(request: FastifyRequest, reply: FastifyReply, asset: Asset) {
  const accepts = request.headers['accept-encoding'] ?? '';
  reply.header('Content-Type', asset.type);
  reply.header('Vary', 'Accept-Encoding');
  reply.header(
    'Cache-Control',
    asset.immutable ? 'public, max-age=31536000, immutable' : 'no-store',
  );
  if (asset.br && /\bbr\b/.test(accepts))
    return reply.header('Content-Encoding', 'br').send(asset.br);
  if (asset.gz && /\bgzip\b/.test(accepts))
    return reply.header('Content-Encoding', 'gzip').send(asset.gz);
  return reply.send(asset.body);
}

/** index.html asking for a layout's chunks with the entry's (web-preloads.ts), compressed once. */
function withPreloads(index: Asset, links: string): Asset {
  if (links === '') return index;
  const body = Buffer.from(
    index.body.toString('utf8').replace('</head>', `  ${links}\n  </head>`),
    'utf8',
  );
  return { ...index, body, br: brotliCompressSync(body), gz: gzipSync(body) };
}

export function serveWebApp(app: FastifyInstance, distDir: string): void {
  const assets = existsSync(join(distDir, 'index.html')) ? loadAssets(distDir) : undefined;
  const plainIndex = assets?.get('/index.html');
  const links = layoutPreloads(distDir, '/n/');
  const indexFor: Record<PreloadedLayout, Asset | undefined> = {
    signedIn: plainIndex && withPreloads(plainIndex, links.signedIn),
    public: plainIndex && withPreloads(plainIndex, links.public),
  };

  app.get('/', (_request, reply) => reply.redirect('/n/'));
  app.get('/n', (_request, reply) => reply.redirect('/n/'));
  app.get('/n/*', (request, reply) => {
    if (!assets) {
      return reply
        .status(503)
        .type('text/plain')
        .send('The web app has not been built. Run `npm run build` (npm start does this for you).');
    }
    const path = (request.params as { '*': string })['*'];
    const asset = assets.get(`/${path}`);
    if (asset && path !== 'index.html') return send(request, reply, asset);
    // A missing file under assets/ is a real 404 (a stale chunk), not a page.
    if (path.startsWith('assets/')) return reply.status(404).type('text/plain').send('Not found');
    const layout = layoutFor(path, sessionTokenOf(request) !== undefined);
    const index = layout ? indexFor[layout] : plainIndex;
    if (!index) return reply.status(404).send();
    return send(request, reply, index);
  });
}
