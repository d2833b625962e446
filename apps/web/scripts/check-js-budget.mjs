#!/usr/bin/env node
// Fails the build when a page's initial JavaScript passes its budget (issue 14 item 5).
//
// A page's initial JavaScript is what the browser must load before the page can
// paint: the entry chunk, the page's layout (if it has one) and the page's own module, each with
// every chunk it imports statically (as Vite's manifest records them), counted
// once and gzip-compressed. Chunks imported dynamically (dialogs, later pages)
// load only when needed and do not count.
//
// Every page module imported by src/app/router.tsx or a route table (src/app/routes/*-pages.ts) needs a budget in js-budgets.json, so a
// new area cannot ship without one. Budgets are KiB (1024 bytes) of gzip.
// Usage: node scripts/check-js-budget.mjs [dist]   (after `vite build`)
import { readdir, readFile } from 'node:fs/promises';
import { join, posix, resolve } from 'node:path';
import { gzipSync } from 'node:zlib';

const WEB_ROOT = resolve(import.meta.dirname, '..');
const ROUTER = 'src/app/router.tsx';
const ROUTE_TABLES = 'src/app/routes';

/**
 * scripts/js-budgets.json: the layouts, and for each page its layout (none for a page routed
 * outside the layouts, such as sign-in), its module (as router.tsx
 * imports it) and its budget in KiB gzip: what the page needs today with a few KiB of room, so
 * any growth shows here first. `goal` is issue 14's target where it is lower than today;
 * `untilIdleKib` bounds what a page loads until the network is idle when it loads code after its
 * first paint (the calendar's grid), checked by e2e/js-budget.spec.ts; the
 * build fails only past `kib`. e2e/js-budget.spec.ts checks the same budgets in a browser.
 */
const { layouts: LAYOUTS, pages: BUDGETS } = JSON.parse(
  await readFile(join(WEB_ROOT, 'scripts', 'js-budgets.json'), 'utf8'),
);

const KIB = 1024;

/** The files that declare routes: the router and the route tables it spreads in. */
async function routeFiles() {
  const tables = (await readdir(join(WEB_ROOT, ROUTE_TABLES)))
    .filter((name) => name.endsWith('-pages.ts'))
    .map((name) => posix.join(ROUTE_TABLES, name));
  return [ROUTER, ...tables];
}

/** The modules the route files import lazily, as manifest keys (paths from the web root). */
async function routeModules(manifest) {
  const keys = new Set();
  for (const file of await routeFiles()) {
    const source = await readFile(join(WEB_ROOT, file), 'utf8');
    for (const match of source.matchAll(/import\(\s*'([^']+)'\s*\)/g)) {
      const base = posix.join(posix.dirname(file), match[1]);
      const key = ['.tsx', '.ts']
        .map((ext) => base + ext)
        .find((candidate) => candidate in manifest);
      if (!key) throw new Error(`${file} imports ${match[1]}, which the manifest does not list.`);
      // A route's data loader (`*-loader.ts`) is no page: it loads beside its page, a few
      // hundred bytes that start the page's requests before the page's own code arrives.
      if (key.endsWith('-loader.ts')) continue;
      keys.add(key);
    }
  }
  return [...keys];
}

/** Every JavaScript file loaded before `keys` can run: their chunks and all they import statically. */
function initialFiles(manifest, keys) {
  const files = new Set();
  const seen = new Set();
  const visit = (key) => {
    if (seen.has(key)) return;
    seen.add(key);
    const chunk = manifest[key];
    if (!chunk) throw new Error(`The manifest has no entry ${key}.`);
    if (chunk.file.endsWith('.js')) files.add(chunk.file);
    for (const imported of chunk.imports ?? []) visit(imported);
  };
  keys.forEach(visit);
  return files;
}

function gzipSizes(dist) {
  const sizes = new Map();
  return async (file) => {
    if (!sizes.has(file)) {
      const body = await readFile(join(dist, file));
      sizes.set(file, gzipSync(body, { level: 9 }).length);
    }
    return sizes.get(file);
  };
}

function printTable(rows) {
  const header = ['page', 'KiB gzip', 'budget', 'goal', ''];
  const lines = rows.map((row) => [
    row.page,
    (row.bytes / KIB).toFixed(1),
    String(row.kib),
    row.goal === undefined ? '' : String(row.goal),
    row.bytes > row.kib * KIB ? 'OVER BUDGET' : 'ok',
  ]);
  const widths = header.map((_, i) =>
    Math.max(...[header, ...lines].map((line) => line[i].length)),
  );
  const format = (line) =>
    line
      .map((cell, i) => (i >= 1 && i <= 3 ? cell.padStart(widths[i]) : cell.padEnd(widths[i])))
      .join('  ');
  console.log(format(header).trimEnd());
  for (const line of lines) console.log(format(line).trimEnd());
}

async function main() {
  const dist = resolve(process.argv[2] ?? join(WEB_ROOT, 'dist'));
  const manifestPath = join(dist, '.vite', 'manifest.json');
  const manifest = JSON.parse(
    await readFile(manifestPath, 'utf8').catch(() => {
      throw new Error(
        `${manifestPath} is missing: run \`vite build\` (with build.manifest) first.`,
      );
    }),
  );
  const entry = Object.keys(manifest).find((key) => manifest[key].isEntry);
  const problems = [];

  const layouts = new Set(Object.values(LAYOUTS));
  const budgeted = new Set(BUDGETS.map((budget) => budget.module));
  for (const module of await routeModules(manifest)) {
    if (!layouts.has(module) && !budgeted.has(module)) {
      problems.push(
        `${module} is a routed page without a budget: add it to scripts/js-budgets.json.`,
      );
    }
  }

  const sizeOf = gzipSizes(dist);
  const rows = [];
  for (const budget of BUDGETS) {
    const layout = budget.layout === undefined ? [] : [LAYOUTS[budget.layout]];
    const files = initialFiles(manifest, [entry, ...layout, budget.module]);
    let bytes = 0;
    for (const file of files) bytes += await sizeOf(file);
    rows.push({ ...budget, bytes });
    if (bytes > budget.kib * KIB) {
      problems.push(
        `${budget.page} loads ${(bytes / KIB).toFixed(1)} KiB of JavaScript (gzip), over its ${budget.kib} KiB budget.`,
      );
    }
  }

  console.log('Initial JavaScript per page (entry + layout + page, with their static imports):');
  printTable(rows);
  if (problems.length > 0) {
    for (const problem of problems) console.error(`check-js-budget: ${problem}`);
    process.exit(1);
  }
}

main().catch((error) => {
  console.error(`check-js-budget: ${error instanceof Error ? error.message : error}`);
  process.exit(1);
});
