import js from '@eslint/js';
import globals from 'globals';
import tseslint from 'typescript-eslint';

/**
 * The floors of src/ (../shared/design/architecture-step.md): a folder may
 * import its own floor and the ones below, never above. Entries (index.ts,
 * node.ts, browser.ts) and faces (cli/, eval/) sit above all of them.
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
const ENTRIES = ['index', 'node', 'browser', 'cli', 'eval'];

/** For each folder, an error on any relative import that reaches a higher floor or an entry. */
export const floorRules = FLOORS.flatMap((folders, level) => {
  const above = [...FLOORS.slice(level + 1).flat(), ...ENTRIES];
  return folders.map((folder) => ({
    files: [`src/${folder}/**/*.ts`],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              regex: `^(\\.\\./)+(${above.join('|')})(/|\\.js$)`,
              message: `src/${folder}/ is on floor ${level + 1}: it may import only its own floor and lower ones (docs/ARCHITECTURE.md).`,
            },
          ],
        },
      ],
    },
  }));
});

export default tseslint.config(
  { ignores: ['dist-web/', 'dist/', 'node_modules/', 'reports/'] },
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
