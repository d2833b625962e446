// Module boundaries, enforced by lint (docs/architecture.md explains them):
// - a server module imports platform/, db/, the domain and the contracts, and another module
//   only through that module's index.ts (its door); platform/ and db/ never import modules;
// - a web feature imports app/, ui/, lib/, the domain and the contracts, never another
//   feature (screens that combine features are composed in app/); ui/ and lib/ import no
//   feature and no app/ code;
// - no import cycles.
import { readdirSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { createNodeResolver, importX } from 'eslint-plugin-import-x';

const dirs = (path) =>
  readdirSync(new URL(path, import.meta.url), { withFileTypes: true })
    .filter((entry) => entry.isDirectory())
    .map((entry) => entry.name);

const MODULES = './apps/server/src/modules';
const FEATURES = './apps/web/src/features';

const serverZones = dirs(MODULES).map((area) => ({
  target: `${MODULES}/${area}`,
  from: MODULES,
  except: [
    `./${area}`,
    ...dirs(MODULES)
      .filter((other) => other !== area)
      .map((o) => `./${o}/index.ts`),
  ],
  message: `A module reaches another only through its index.ts; shared plumbing belongs in platform/.`,
}));

const webZones = dirs(FEATURES).map((area) => ({
  target: `${FEATURES}/${area}`,
  from: FEATURES,
  except: [`./${area}`],
  message: 'Features never import each other; compose them in app/ (or share through ui/ or lib/).',
}));

const layerZones = [
  {
    target: './apps/server/src/platform',
    from: MODULES,
    message: 'platform/ serves modules; it never imports them.',
  },
  { target: './apps/server/src/db', from: MODULES, message: 'db/ never imports modules.' },
  {
    target: './apps/server/src/modules',
    from: './apps/server/src/seed',
    message: 'Modules never import the demo seed.',
  },
  {
    target: './apps/web/src/ui',
    from: FEATURES,
    message: 'ui/ is shared by every feature; it imports none.',
  },
  { target: './apps/web/src/ui', from: './apps/web/src/app', message: 'ui/ never imports app/.' },
  {
    target: './apps/web/src/lib',
    from: FEATURES,
    message: 'lib/ is shared by every feature; it imports none.',
  },
  { target: './apps/web/src/lib', from: './apps/web/src/app', message: 'lib/ never imports app/.' },
];

export const boundaries = [
  {
    files: ['apps/**/*.{ts,tsx}', 'packages/**/*.ts'],
    plugins: { 'import-x': importX },
    settings: {
      'import-x/resolver-next': [
        createNodeResolver({ extensions: ['.ts', '.tsx', '.js', '.mjs', '.json'] }),
      ],
    },
    rules: {
      'import-x/no-restricted-paths': [
        'error',
        {
          // Zones are relative to the repository, wherever lint runs from.
          basePath: fileURLToPath(new URL('.', import.meta.url)),
          zones: [...serverZones, ...webZones, ...layerZones],
        },
      ],
      'import-x/no-cycle': ['error', { ignoreExternal: true }],
    },
  },
];
