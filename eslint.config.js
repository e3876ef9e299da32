import js from '@eslint/js';
import globals from 'globals';
import tseslint from 'typescript-eslint';

/**
 * The house rules of src/ (../shared/design/architecture-step.md,
 * docs/ARCHITECTURE.md), as no-restricted-imports patterns per folder:
 * 1. a folder imports its own floor and the ones below, never above;
 * 2. scoring/ computes numbers and never imports the wire schema;
 * 3. only engine/dialects.ts and the entries name a concrete language pack
 *    (languages/<pack>/) or model family (acoustic/<family>/), a seam does
 *    not import its plug-ins, and a model family does not import another
 *    (language packs may build on another pack of their language: en-gb on en-us);
 * 4. only runtime/ and the entries know the platform (Node built-ins, fetch,
 *    Cache Storage, navigator.gpu).
 * Entries (index.ts, node.ts, browser.ts, assets.ts, vite.ts) and faces (cli/, eval/) sit above
 * all floors.
 */
const FLOORS = [
  ['contract', 'util'],
  ['audio', 'runtime', 'align', 'lexicon'],
  ['features', 'languages'],
  ['acoustic'],
  ['scoring'],
  ['report'],
  ['engine'],
];
const ENTRIES = ['index', 'node', 'browser', 'assets', 'vite', 'cli', 'eval'];
/** Folders holding one subfolder per plug-in. */
const PLUGIN_FOLDERS = ['languages', 'acoustic'];
const DOC = '(docs/ARCHITECTURE.md)';

const CONCRETE = {
  regex: `^(\\.\\./)+(${PLUGIN_FOLDERS.join('|')})/[^/]+/`,
  message: `Only engine/dialects.ts and the entries name a concrete language pack or model family; go through the Language and AcousticModel seams ${DOC}.`,
};
const INTO_PLUGIN = { regex: '^\\./[^/]+/', message: `A seam does not import the plug-ins that implement it ${DOC}.` };
const OTHER_PLUGIN = { regex: '^\\.\\./(?!\\.\\.)[^/]+/', message: `A model family does not import another one ${DOC}.` };
const SCHEMA = { regex: '^(\\.\\./)+contract/schema(\\.js)?$', message: `scoring/ computes numbers; only report/ builds wire objects ${DOC}.` };
const PLATFORM = {
  regex: '^(node:|(fs|fs/promises|path|os|url|worker_threads|child_process)$)',
  message: `Only runtime/, node.ts and browser.ts know the platform ${DOC}.`,
};
const PLATFORM_GLOBALS = ['fetch', 'caches'].map((name) => ({ name, message: PLATFORM.message }));

const restrict = (files, patterns, ignores = []) => ({
  files,
  ignores,
  rules: {
    'no-restricted-imports': ['error', { patterns }],
    ...(patterns.includes(PLATFORM)
      ? {
          'no-restricted-globals': ['error', ...PLATFORM_GLOBALS],
          'no-restricted-properties': ['error', { object: 'navigator', property: 'gpu', message: PLATFORM.message }],
        }
      : {}),
  },
});

/** One config object per folder (and for plug-in subfolders and the registry), each with every pattern that applies there: ESLint keeps only the last setting of a rule. */
export const floorRules = FLOORS.flatMap((folders, level) => {
  const above = [...FLOORS.slice(level + 1).flat(), ...ENTRIES];
  return folders.flatMap((folder) => {
    const upward = {
      regex: `^(\\.\\./)+(${above.join('|')})(/|\\.js$)`,
      message: `src/${folder}/ is on floor ${level + 1}: it may import only its own floor and lower ones ${DOC}.`,
    };
    const own = [upward, CONCRETE, ...(folder === 'scoring' ? [SCHEMA] : []), ...(folder === 'runtime' ? [] : [PLATFORM])];
    if (PLUGIN_FOLDERS.includes(folder)) {
      return [restrict([`src/${folder}/*.ts`], [...own, INTO_PLUGIN]), restrict([`src/${folder}/*/**/*.ts`], [...own.filter((p) => p !== CONCRETE), ...(folder === 'acoustic' ? [OTHER_PLUGIN] : [])])];
    }
    if (folder === 'engine') {
      return [restrict([`src/${folder}/**/*.ts`], own, ['src/engine/dialects.ts']), restrict(['src/engine/dialects.ts'], own.filter((p) => p !== CONCRETE))];
    }
    return [restrict([`src/${folder}/**/*.ts`], own)];
  });
});

export default tseslint.config(
  { ignores: ['dist-web/', 'dist/', 'node_modules/', 'reports/', 'docs/api/'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  { languageOptions: { globals: { ...globals.node, ...globals.browser } } },
  {
    rules: {
      '@typescript-eslint/no-non-null-assertion': 'off',
      '@typescript-eslint/consistent-type-imports': ['error', { fixStyle: 'inline-type-imports' }],
    },
  },
  ...floorRules,
);
