/**
 * Model files over HTTP, for the browser (and any runtime with fetch). Each
 * file is fetched once and kept in Cache Storage where the runtime has it,
 * so later visits, and offline ones, read it from the cache. Only bytes that
 * pass the reader's check (JSON parses, sha256 matches the manifest) enter the
 * cache: a host that answers a missing file with its index page would
 * otherwise have that page served from the cache forever, even after the files
 * are fixed. A cached copy that fails the check (kept by an older version) is
 * dropped and fetched again. Downloads report progress per file. Only model
 * files are requested: never audio or text.
 */
import type { ModelSource } from './model-source.js';

export interface ModelProgress {
  file: string;
  loaded: number;
  /** Content-Length when the server sent one. */
  total?: number;
  fromCache: boolean;
}

export interface FetchModelSourceOptions {
  /** Cache Storage name; bump it to drop old models. */
  cacheName?: string;
  onProgress?: (progress: ModelProgress) => void;
}

export function fetchModelSource(baseUrl: string, options: FetchModelSourceOptions = {}): ModelSource {
  const base = baseUrl.endsWith('/') ? baseUrl : `${baseUrl}/`;
  const locate = (path: string) => new URL(path, new URL(base, globalThis.location?.href)).href;
  const cacheName = options.cacheName ?? 'oralis-models-v1';
  const openCache = () => (typeof caches === 'undefined' ? Promise.resolve(undefined) : caches.open(cacheName));
  return {
    locate,
    async read(path, check) {
      const url = locate(path);
      const cache = await openCache();
      // ignoreVary: a server's Vary header (vite preview sends Vary: Origin) must not make the copy unreachable offline.
      const cached = await cache?.match(url, { ignoreVary: true });
      if (cached) {
        const bytes = new Uint8Array(await cached.arrayBuffer());
        if (await passes(check, bytes)) {
          options.onProgress?.({ file: path, loaded: bytes.length, total: bytes.length, fromCache: true });
          return bytes;
        }
        await cache!.delete(url);
      }
      const response = await fetch(url);
      if (response.status === 404) return undefined;
      if (!response.ok) throw new Error(`GET ${url}: HTTP ${response.status}`);
      const bytes = await readWithProgress(response, (loaded, total) => options.onProgress?.({ file: path, loaded, total, fromCache: false }));
      await check?.(bytes);
      await cache?.put(url, new Response(bytes as Uint8Array<ArrayBuffer>, { headers: { 'content-type': response.headers.get('content-type') ?? 'application/octet-stream' } }));
      return bytes;
    },
  };
}

async function passes(check: ((bytes: Uint8Array) => void | Promise<void>) | undefined, bytes: Uint8Array): Promise<boolean> {
  try {
    await check?.(bytes);
    return true;
  } catch {
    return false;
  }
}

async function readWithProgress(response: Response, report: (loaded: number, total?: number) => void): Promise<Uint8Array> {
  const length = Number(response.headers.get('content-length'));
  const total = Number.isFinite(length) && length > 0 ? length : undefined;
  if (!response.body) {
    const bytes = new Uint8Array(await response.arrayBuffer());
    report(bytes.length, total);
    return bytes;
  }
  const chunks: Uint8Array[] = [];
  let loaded = 0;
  const reader = response.body.getReader();
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    chunks.push(value);
    loaded += value.length;
    report(loaded, total);
  }
  const bytes = new Uint8Array(loaded);
  let at = 0;
  for (const chunk of chunks) {
    bytes.set(chunk, at);
    at += chunk.length;
  }
  return bytes;
}
