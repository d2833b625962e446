import { ESLint } from 'eslint';
import { fileURLToPath } from 'node:url';
import { parser as tsParser } from 'typescript-eslint';
import { describe, expect, it } from 'vitest';
// @ts-expect-error -- the lint config is plain JavaScript without types
import { boundaries } from '../../../eslint.boundaries.js';
// @ts-expect-error -- the lint config is plain JavaScript without types
import { KNOWN_OVER, SIZE_RULES } from '../../../eslint.size-limits.js';

const root = fileURLToPath(new URL('../../../', import.meta.url));

/** Lints one made-up file with only the boundary rules (as `npm run lint` runs them). */
async function problems(path: string, code: string): Promise<string[]> {
  const eslint = new ESLint({
    cwd: root,
    overrideConfigFile: true,
    overrideConfig: [
      { languageOptions: { parser: tsParser } },
      ...(boundaries as ESLint.Options['overrideConfig'][]),
    ] as ESLint.Options['overrideConfig'],
  });
  const [result] = await eslint.lintText(code, { filePath: `${root}${path}` });
  return (result?.messages ?? []).map((m) => `${m.ruleId ?? ''}: ${m.message}`);
}

describe('module boundaries that lint enforces', () => {
  it.each([
    [
      'a server module reaching into another module',
      'apps/server/src/modules/agents/example.ts',
      "import { practiceRoutes } from '../practice/routes.ts';",
    ],
    [
      'platform importing a module',
      'apps/server/src/platform/example.ts',
      "import { availabilityInWindow } from '../modules/calendar/index.ts';",
    ],
    [
      'a web feature importing another feature',
      'apps/web/src/features/booking/example.ts',
      "import { SettingsPage } from '../practice/settings-page';",
    ],
    [
      'ui importing a feature',
      'apps/web/src/ui/example.ts',
      "import { ClientPickerAdapter } from '../features/clients/search/client-picker';",
    ],
  ])('refuses %s', async (_what, path, code) => {
    expect((await problems(path, code)).join('\n')).toContain('import-x/no-restricted-paths');
  });

  it.each([
    [
      'a module using another through its door',
      'apps/server/src/modules/booking/example.ts',
      "import { firstOverlap } from '../calendar/index.ts';",
    ],
    [
      'a module using platform',
      'apps/server/src/modules/booking/example.ts',
      "import { isoOf } from '../../platform/sql.ts';",
    ],
    [
      'a feature using ui and its own files',
      'apps/web/src/features/booking/example.ts',
      "import { ClientPicker } from '../../ui/client-picker';\nimport { x } from './api';",
    ],
  ])('allows %s', async (_what, path, code) => {
    expect(await problems(path, code)).toEqual([]);
  });
});

describe('size limits that lint enforces', () => {
  const sizeLinter = () =>
    new ESLint({
      cwd: root,
      overrideConfigFile: true,
      overrideConfig: [
        {
          files: ['**/*.ts', '**/*.tsx'],
          languageOptions: { parser: tsParser },
          rules: SIZE_RULES as ESLint.Options['overrideConfig'],
        },
      ] as ESLint.Options['overrideConfig'],
    });

  it('refuses a function over 100 lines', async () => {
    const body = Array.from({ length: 101 }, (_, i) => `  const v${String(i)} = ${String(i)};`);
    const code = `export function long(): number {\n${body.join('\n')}\n  return 0;\n}\n`;
    const [result] = await sizeLinter().lintText(code, {
      filePath: `${root}apps/server/src/platform/example.ts`,
    });
    expect(result?.messages.map((m) => m.ruleId)).toContain('max-lines-per-function');
  });

  it('lists only files that still break a limit, so the list only shrinks', async () => {
    const files = KNOWN_OVER as string[];
    if (files.length === 0) return;
    const results = await sizeLinter().lintFiles(files);
    const fixed = results
      .filter((r) => !r.messages.some((m) => m.ruleId?.startsWith('max-lines')))
      .map((r) => r.filePath.replace(root, ''));
    expect(fixed, 'remove these from KNOWN_OVER in eslint.size-limits.js').toEqual([]);
  });
});
