/**
 * Reads model files with their content checked: JSON files must parse, and
 * the files a manifest lists must match its sha256, so a truncated download,
 * an edited file or a web server's fallback page is refused (and, in the
 * browser, never cached) instead of scored with.
 */
import { OralisError } from '../contract/errors.js';
import type { ModelSource } from './model-source.js';

/** Reads a JSON file; undefined when it does not exist, model_unavailable when it is not JSON. */
export async function readJson(source: ModelSource, path: string): Promise<unknown> {
  let parsed: unknown;
  const bytes = await source.read(path, (b) => {
    parsed = parseJsonFile(b, source.locate(path));
  });
  return bytes === undefined ? undefined : parsed;
}

export async function readManifest<T>(source: ModelSource, path: string, what: string): Promise<T> {
  const manifest = await readJson(source, path);
  if (manifest === undefined) {
    throw new OralisError('model_unavailable', `No ${what} is installed: ${source.locate(path)} does not exist.`);
  }
  return manifest as T;
}

export async function readVerifiedFiles(source: ModelSource, dir: string, files: Record<string, string>): Promise<Record<string, Uint8Array>> {
  const out: Record<string, Uint8Array> = {};
  for (const [name, sha] of Object.entries(files)) {
    const path = `${dir}/${name}`;
    const bytes = await source.read(path, async (b) => {
      if ((await sha256(b)) !== sha) {
        throw new OralisError('model_unavailable', `Model file ${source.locate(path)} is corrupt (sha256 mismatch${pageHint(b)}).`);
      }
    });
    if (bytes === undefined) throw new OralisError('model_unavailable', `Model file ${source.locate(path)} is missing.`);
    out[name] = bytes;
  }
  return out;
}

function parseJsonFile(bytes: Uint8Array, where: string): unknown {
  try {
    return JSON.parse(new TextDecoder().decode(bytes));
  } catch (error) {
    throw new OralisError('model_unavailable', `${where} is not JSON${pageHint(bytes)} (${error instanceof Error ? error.message : String(error)}).`);
  }
}

/** Web servers often answer a missing file with an HTML page (a single-page app's index.html) and status 200. */
function pageHint(bytes: Uint8Array): string {
  const start = new TextDecoder().decode(bytes.subarray(0, 64)).trimStart();
  return start.startsWith('<') ? ': the server sent an HTML page, as servers do for a missing file; are the models served at this URL?' : '';
}

async function sha256(bytes: Uint8Array): Promise<string> {
  const digest = await crypto.subtle.digest('SHA-256', bytes as Uint8Array<ArrayBuffer>);
  return Array.from(new Uint8Array(digest), (b) => b.toString(16).padStart(2, '0')).join('');
}
