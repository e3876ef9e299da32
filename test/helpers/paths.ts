import { existsSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

export const REPO_ROOT = fileURLToPath(new URL('../../', import.meta.url));
export const SPEC_PATH = fileURLToPath(new URL('../../../shared/spec/scoring-api-v9.md', import.meta.url));
export const HAVE_SPEC = existsSync(SPEC_PATH);

export function fixture(name: string): Uint8Array {
  return new Uint8Array(readFileSync(new URL(`../fixtures/audio/${name}`, import.meta.url)));
}

/** ../shared beside the checkout: the data the project may read but not copy (CI has it; a bare clone may not). */
export const SHARED = fileURLToPath(new URL('../../../shared', import.meta.url));
