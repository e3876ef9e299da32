import { readFile } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { ModelSource } from './model-source.js';

/** The models/ folder of this package, from both src/ (tests) and dist/ (CLI). */
export const BUNDLED_MODELS_DIR = fileURLToPath(new URL('../../models', import.meta.url));

export function fileModelSource(root: string = BUNDLED_MODELS_DIR): ModelSource {
  const locate = (path: string) => resolve(join(root, path));
  return {
    locate,
    async read(path, check) {
      let bytes: Uint8Array;
      try {
        bytes = new Uint8Array(await readFile(locate(path)));
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
        throw error;
      }
      await check?.(bytes);
      return bytes;
    },
  };
}
