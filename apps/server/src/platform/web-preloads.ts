import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

/**
 * Which layout's code a page needs before it can draw, so that index.html can ask for it
 * together with the entry instead of after it (issue 24: on a phone's connection the
 * signed-in layout's 100 KiB in some fifty files waited for the entry to download and run
 * first, a second wave on the way to the first paint). Vite's manifest names every chunk
 * with the chunks it imports; the entry's own are already preloaded by index.html.
 */

type ManifestChunk = { file: string; imports?: string[] };
type Manifest = Record<string, ManifestChunk>;

/** The layouts a first load can need, by their source in the web app. */
const LAYOUTS = {
  signedIn: 'src/app/layouts/default-layout.tsx',
  public: 'src/app/layouts/public-layout.tsx',
} as const;

export type PreloadedLayout = keyof typeof LAYOUTS;

/** Every chunk `key` loads, itself included, following static imports. */
function closure(manifest: Manifest, key: string, seen = new Set<string>()): Set<string> {
  if (seen.has(key) || !manifest[key]) return seen;
  seen.add(key);
  for (const imported of manifest[key].imports ?? []) closure(manifest, imported, seen);
  return seen;
}

/**
 * The `<link rel="modulepreload">` lines of each layout (none when the build has no manifest,
 * as in a development build): the layout's chunks less the entry's.
 */
export function layoutPreloads(distDir: string, base: string): Record<PreloadedLayout, string> {
  const path = join(distDir, '.vite', 'manifest.json');
  const none = { signedIn: '', public: '' };
  if (!existsSync(path)) return none;
  const manifest = JSON.parse(readFileSync(path, 'utf8')) as Manifest;
  const entry = closure(manifest, 'index.html');
  const linesOf = (layout: string) =>
    [...closure(manifest, layout)]
      .filter((key) => !entry.has(key))
      .map((key) => manifest[key]?.file)
      .filter((file): file is string => file !== undefined && file.endsWith('.js'))
      .map((file) => `<link rel="modulepreload" crossorigin href="${base}${file}">`)
      .join('\n    ');
  return { signedIn: linesOf(LAYOUTS.signedIn), public: linesOf(LAYOUTS.public) };
}

/**
 * The layout a first load of `path` (below /n/) will draw: public pages theirs, except sign-in
 * and "Forgot password?", which have none; other pages the signed-in layout, but only for a browser holding a session
 * (anyone else is sent to sign in).
 */
export function layoutFor(path: string, signedIn: boolean): PreloadedLayout | null {
  // Sign-in and "Forgot password?" draw no layout (plain CSS: the first visit's budget).
  for (const own of ['public/login', 'public/forgotPassword'])
    if (path === own || path.startsWith(`${own}/`)) return null;
  if (path.startsWith('public/')) return 'public';
  if (path.startsWith('assets/') || path === 'iframe' || path.startsWith('iframe/')) return null;
  return signedIn ? 'signedIn' : null;
}
