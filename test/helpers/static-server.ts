/** A static file server on localhost for tests that need HTTP (models over fetch, the built demo), recording every request. */
import { createReadStream, existsSync, statSync } from 'node:fs';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { extname, join } from 'node:path';

const TYPES: Record<string, string> = {
  '.html': 'text/html',
  '.js': 'text/javascript',
  '.wasm': 'application/wasm',
  '.json': 'application/json',
  '.webmanifest': 'application/manifest+json',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
};

export interface StaticServer {
  /** http://localhost:<port> (localhost is a secure context, as WebGPU and service workers need). */
  origin: string;
  /** Paths requested so far, in order. */
  requests: string[];
  /** Every request as method, full URL (with query) and body size, to check that nothing is sent. */
  log: { method: string; url: string; bodyBytes: number }[];
  /** Serves `body` instead of the file at `path` from now on (a redeploy, as a client would see it). */
  replace(path: string, body: string): void;
  close(): Promise<void>;
}

export async function serveStatic(root: string): Promise<StaticServer> {
  const requests: string[] = [];
  const log: StaticServer['log'] = [];
  const replaced = new Map<string, string>();
  const server = createServer((req, res) => {
    const path = decodeURIComponent(new URL(req.url!, 'http://x').pathname);
    requests.push(path);
    const entry = { method: req.method ?? '', url: decodeURIComponent(req.url!), bodyBytes: 0 };
    log.push(entry);
    req.on('data', (chunk: Buffer) => (entry.bodyBytes += chunk.length));
    const body = replaced.get(path);
    if (body !== undefined) {
      res.writeHead(200, { 'content-type': TYPES[extname(path)] ?? 'application/octet-stream', 'cache-control': 'no-cache' }).end(body);
      return;
    }
    const resolved = join(root, path);
    const file = existsSync(resolved) && statSync(resolved).isDirectory() ? join(resolved, 'index.html') : resolved;
    if (!file.startsWith(root) || !existsSync(file)) {
      res.writeHead(404).end();
      return;
    }
    res.writeHead(200, { 'content-type': TYPES[extname(file)] ?? 'application/octet-stream', 'content-length': statSync(file).size });
    createReadStream(file).pipe(res);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    origin: `http://localhost:${(server.address() as AddressInfo).port}`,
    requests,
    log,
    replace: (path, body) => replaced.set(path, body),
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
