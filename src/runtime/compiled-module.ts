import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

/**
 * A module to start in a thread or child process: `file` beside `importMetaUrl`
 * in the build. Under vitest the caller runs from src/, as TypeScript that a
 * plain Node thread or process cannot load, so the same file in dist/ is used
 * (`npm test` builds first); `srcFolder` is the caller's folder under src/.
 */
export function compiledModule(file: string, importMetaUrl: string, srcFolder: string): URL {
  const here = new URL(`./${file}`, importMetaUrl);
  return existsSync(fileURLToPath(here)) ? here : new URL(`../../dist/${srcFolder}/${file}`, importMetaUrl);
}
