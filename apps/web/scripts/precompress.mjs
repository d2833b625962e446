#!/usr/bin/env node
// Writes .br (brotli, quality 11) and .gz (gzip, level 9) siblings for every
// .js/.css/.html/.svg/.json file over 1 kB under <dir>, so the server can send
// them precompressed. A sibling that would not be smaller is not written.
// Usage: node scripts/precompress.mjs <dir>
import { readdir, readFile, rm, stat, writeFile } from 'node:fs/promises';
import { extname, join, relative, resolve } from 'node:path';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';

const EXTENSIONS = new Set(['.js', '.mjs', '.css', '.html', '.svg', '.json']);
const MIN_BYTES = 1024;

const brotli = promisify(brotliCompress);
const gz = promisify(gzip);

async function* files(dir) {
  for (const entry of await readdir(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) yield* files(path);
    else if (entry.isFile()) yield path;
  }
}

async function compress(path) {
  const source = await readFile(path);
  const [br, gzipped] = await Promise.all([
    brotli(source, {
      params: {
        [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
        [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT,
        [constants.BROTLI_PARAM_SIZE_HINT]: source.length,
      },
    }),
    gz(source, { level: constants.Z_BEST_COMPRESSION }),
  ]);
  const written = [];
  for (const [suffix, data] of [
    ['.br', br],
    ['.gz', gzipped],
  ]) {
    if (data.length < source.length) {
      await writeFile(path + suffix, data);
      written.push(suffix);
    } else {
      await rm(path + suffix, { force: true });
    }
  }
  return { size: source.length, br: br.length, gz: gzipped.length, written };
}

async function main() {
  const arg = process.argv[2];
  if (!arg) {
    console.error('Usage: node scripts/precompress.mjs <dir>');
    process.exit(2);
  }
  const dir = resolve(arg);
  if (!(await stat(dir).catch(() => null))?.isDirectory()) {
    console.error(`precompress: ${dir} is not a directory (run the build first).`);
    process.exit(1);
  }

  const candidates = [];
  for await (const path of files(dir)) {
    if (!EXTENSIONS.has(extname(path))) continue;
    if ((await stat(path)).size <= MIN_BYTES) continue;
    candidates.push(path);
  }
  const results = await Promise.all(candidates.map(async (path) => [path, await compress(path)]));

  let before = 0;
  let after = 0;
  for (const [path, r] of results) {
    before += r.size;
    after += r.br;
    const kb = (n) => `${(n / 1024).toFixed(1)} kB`;
    console.log(`  ${relative(dir, path)}  ${kb(r.size)} → br ${kb(r.br)}, gz ${kb(r.gz)}`);
  }
  console.log(
    `precompress: ${results.length} files, ${(before / 1024).toFixed(0)} kB → ${(after / 1024).toFixed(0)} kB brotli`,
  );
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
