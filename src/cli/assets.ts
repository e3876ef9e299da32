/** `oralis assets`: the files a web app serves for `oralis/browser`, written to a folder (src/assets.ts says which). */
import { mkdirSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { webAssets, type WebAssetOptions } from '../assets.js';

export interface AssetsSummary {
  files: number;
  bytes: number;
  /** Each model folder with its licence, and whether it was written. */
  folders: readonly { folder: string; spdx: string; shipped: boolean }[];
}

export async function writeAssets(out: string, options: WebAssetOptions): Promise<AssetsSummary> {
  const { files, folders } = webAssets(options);
  let bytes = 0;
  for (const [path, read] of files) {
    const data = await read();
    mkdirSync(dirname(join(out, path)), { recursive: true });
    writeFileSync(join(out, path), data);
    bytes += data.length;
  }
  return { files: files.size, bytes, folders };
}
