/**
 * `oralis/vite`: the Vite plugin a web app adds to use `oralis/browser`.
 *
 *   // vite.config.js
 *   import oralis from 'oralis/vite';
 *   export default { plugins: [oralis()] };
 *
 * It serves the models under `oralis/` in development and writes them into
 * the build (the permissive ones; `oralis({ models: ['es'] })` adds an opt-in
 * folder), so `createScorer()` finds them at its default `modelBaseUrl`.
 * It also keeps Vite's dependency pre-bundling away from this package and
 * onnxruntime-web: pre-bundling moves their code to .vite/deps, where the
 * scoring worker and the WASM files they locate through import.meta.url are
 * not, and builds the worker as an ES module (it loads decoders on demand).
 */
import type { Plugin } from 'vite';
import { webAssets, type WebAssetOptions } from './assets.js';

export interface OralisViteOptions extends WebAssetOptions {
  /** Folder of the site the models are served from, relative to Vite's base (default 'oralis'): createScorer's modelBaseUrl. */
  path?: string;
}

const CONTENT_TYPES: Readonly<Record<string, string>> = { json: 'application/json', onnx: 'application/octet-stream', bin: 'application/octet-stream' };

export default function oralis(options: OralisViteOptions = {}): Plugin {
  const folder = (options.path ?? 'oralis').replace(/^\/+|\/+$/g, '');
  const assets = webAssets(options);
  return {
    name: 'oralis',
    config: () => ({
      // meyda is CommonJS: left out of pre-bundling with this package, the dev server would serve it unconverted.
      optimizeDeps: { exclude: ['oralis', 'onnxruntime-web'], include: ['oralis > meyda'] },
      worker: { format: 'es' },
    }),
    configureServer(server) {
      const prefix = `${server.config.base.replace(/\/?$/, '/')}${folder}/`;
      server.middlewares.use((request, response, next) => {
        const path = decodeURIComponent((request.url ?? '').split('?')[0]!);
        const read = path.startsWith(prefix) ? assets.files.get(path.slice(prefix.length)) : undefined;
        if (!read) return next();
        read().then(
          (bytes) => {
            response.setHeader('content-type', CONTENT_TYPES[path.split('.').pop()!] ?? 'application/octet-stream');
            response.end(bytes);
          },
          (error: unknown) => next(error),
        );
      });
    },
    async generateBundle() {
      for (const [path, read] of assets.files) this.emitFile({ type: 'asset', fileName: `${folder}/${path}`, source: await read() });
    },
  };
}
