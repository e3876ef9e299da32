/**
 * What a web app serves so the browser engine can fetch it: each model folder
 * (without the per-fold CV heads) whose licence is permissive, plus the
 * folders asked for by name, and en-us/cmudict.json written from the
 * cmu-pronouncing-dictionary package (Node reads that package directly; a
 * browser fetches the dictionary like a model). `oralis assets` writes these
 * files; the `oralis/vite` plugin serves them in development and emits them
 * into the build. Both lay them out as the models folder does, so
 * `modelBaseUrl` is the folder they were put in.
 */
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { BUNDLED_MODELS_DIR } from './runtime/file-model-source.js';

/** A copyleft or non-commercial licence (GPL, LGPL, AGPL, CC BY-NC...): such a folder ships only when named. */
const OPT_IN_LICENCE = /GPL|-NC-/;

export function shipsFolder(spdx: string, folder: string, optIn: readonly string[]): boolean {
  return !OPT_IN_LICENCE.test(spdx) || optIn.includes(folder);
}

export interface WebAssetOptions {
  /** Model folders with an opt-in licence to include anyway, e.g. ['es'] (GPL-3.0) or ['fr', 'fr-ca'] (CC BY-NC-SA). */
  models?: readonly string[];
  /** The models folder to read (default: this package's models/). */
  modelDir?: string;
}

export interface WebAssets {
  /** Path under the assets folder → its bytes, read when asked for. */
  files: ReadonlyMap<string, () => Promise<Uint8Array>>;
  /** Each model folder: its licence and whether it is in `files`. */
  folders: readonly { folder: string; spdx: string; shipped: boolean }[];
}

/** Throws when a name in `models` is not a model folder, so a typo does not silently leave a dialect out. */
export function webAssets(options: WebAssetOptions = {}): WebAssets {
  const dir = options.modelDir ?? BUNDLED_MODELS_DIR;
  const optIn = options.models ?? [];
  const all = readdirSync(dir).filter((f) => statSync(join(dir, f)).isDirectory()).sort();
  const unknown = optIn.filter((f) => !all.includes(f));
  if (unknown.length > 0) throw new Error(`No model folder ${unknown.join(', ')} in ${dir} (it has ${all.join(', ')}).`);
  const folders = all.map((folder) => {
    const { spdx } = JSON.parse(readFileSync(join(dir, folder, 'manifest.json'), 'utf8')) as { spdx: string };
    return { folder, spdx, shipped: shipsFolder(spdx, folder, optIn) };
  });
  const walk = (d: string): string[] => readdirSync(d).flatMap((f) => (statSync(join(d, f)).isDirectory() ? (f === 'cv' ? [] : walk(join(d, f))) : [join(d, f)]));
  const files = new Map<string, () => Promise<Uint8Array>>();
  for (const { folder } of folders.filter((f) => f.shipped)) {
    for (const file of walk(join(dir, folder))) files.set(relative(dir, file).split('\\').join('/'), async () => new Uint8Array(readFileSync(file)));
  }
  if (files.has('en-us/manifest.json')) {
    files.set('en-us/cmudict.json', async () => {
      const { dictionary } = await import('cmu-pronouncing-dictionary');
      return new TextEncoder().encode(JSON.stringify(dictionary));
    });
  }
  return { files, folders };
}
