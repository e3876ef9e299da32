/**
 * Reads the files a manifest lists and checks each against its sha256, so a
 * truncated download or an edited file is refused instead of scoring with it.
 */
import { OralisError } from '../contract/errors.js';
import type { ModelSource } from './model-source.js';

export async function readManifest<T>(source: ModelSource, path: string, what: string): Promise<T> {
  const bytes = await source.read(path);
  if (bytes === undefined) {
    throw new OralisError('model_unavailable', `No ${what} is installed: ${source.locate(path)} does not exist.`);
  }
  return JSON.parse(new TextDecoder().decode(bytes)) as T;
}

export async function readVerifiedFiles(source: ModelSource, dir: string, files: Record<string, string>): Promise<Record<string, Uint8Array>> {
  const out: Record<string, Uint8Array> = {};
  for (const [name, sha] of Object.entries(files)) {
    const path = `${dir}/${name}`;
    const bytes = await source.read(path);
    if (bytes === undefined) throw new OralisError('model_unavailable', `Model file ${source.locate(path)} is missing.`);
    if ((await sha256(bytes)) !== sha) {
      throw new OralisError('model_unavailable', `Model file ${source.locate(path)} is corrupt (sha256 mismatch).`);
    }
    out[name] = bytes;
  }
  return out;
}

async function sha256(bytes: Uint8Array): Promise<string> {
  const digest = await crypto.subtle.digest('SHA-256', bytes as Uint8Array<ArrayBuffer>);
  return Array.from(new Uint8Array(digest), (b) => b.toString(16).padStart(2, '0')).join('');
}
