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
 * Copyleft code (contract/opt-in.ts: the AAC-family and Vorbis/FLAC
 * decoders, espeak-ng) stays out unless `optIn` names it: a stub that says so
 * stands in for it, and the request that needs it gets an envelope. The build
 * gets `oralis/licences.json`: every package bundled (the worker's too) with
 * its licence, and the models with theirs.
 * It also keeps Vite's dependency pre-bundling away from this package and
 * onnxruntime-web: pre-bundling moves their code to .vite/deps, where the
 * scoring worker and the WASM files they locate through import.meta.url are
 * not, and builds the worker as an ES module (it loads decoders on demand).
 *
 * @module oralis/vite
 */
import { readFileSync } from 'node:fs';
import type { Plugin } from 'vite';
import { webAssets, type WebAssetOptions } from './assets.js';
import { OPT_IN_CODE, type OptInPackage } from './contract/opt-in.js';

export interface OralisViteOptions extends WebAssetOptions {
  /** Folder of the site the models are served from, relative to Vite's base (default 'oralis'): createScorer's modelBaseUrl. */
  path?: string;
  /** Copyleft packages to build in (each must be installed), e.g. ['phonemizer']; default none. */
  optIn?: readonly OptInPackage[];
}

const STUB = '\0oralis-left-out:';

/** Stands a stub in for each opt-in package not asked for; importing it fails, and the engine says how to opt in. */
function leaveOut(optIn: readonly string[]): Plugin {
  return {
    name: 'oralis:left-out',
    enforce: 'pre',
    resolveId: (id) => (Object.hasOwn(OPT_IN_CODE, id) && !optIn.includes(id) ? `${STUB}${id}` : undefined),
    load: (id) => (id.startsWith(STUB) ? `throw new Error(${JSON.stringify(`${id.slice(STUB.length)} was left out of this build for its licence`)});` : undefined),
  };
}

/** The package a bundled module comes from, and its folder; undefined for code outside node_modules (the app's own). */
function packageOf(id: string): { name: string; dir: string } | undefined {
  const path = id.replace(/^\0/, '').split('?')[0]!;
  const at = path.lastIndexOf('/node_modules/');
  if (at < 0) return undefined;
  const parts = path.slice(at + '/node_modules/'.length).split('/');
  const name = parts[0]!.startsWith('@') ? `${parts[0]}/${parts[1]}` : parts[0]!;
  return { name, dir: `${path.slice(0, at)}/node_modules/${name}` };
}

/** A package's name, version and declared licence, from its package.json. */
function describePackage(packageJson: string | URL): { package: string; version: string; license: string } {
  const json = JSON.parse(readFileSync(packageJson, 'utf8')) as { name: string; version: string; license?: unknown };
  return { package: json.name, version: json.version, license: typeof json.license === 'string' ? json.license : JSON.stringify(json.license ?? 'not stated') };
}

const CONTENT_TYPES: Readonly<Record<string, string>> = { json: 'application/json', onnx: 'application/octet-stream', bin: 'application/octet-stream' };

export default function oralis(options: OralisViteOptions = {}): Plugin[] {
  const folder = (options.path ?? 'oralis').replace(/^\/+|\/+$/g, '');
  const assets = webAssets(options);
  const optIn = options.optIn ?? [];
  const unknown = optIn.filter((name) => !Object.hasOwn(OPT_IN_CODE, name));
  if (unknown.length > 0) throw new Error(`oralis({ optIn }): ${unknown.join(', ')} is not an opt-in package (${Object.keys(OPT_IN_CODE).join(', ')}).`);
  // Module ids of the page and of the scoring worker, which Vite bundles separately.
  const bundled = new Set<string>();
  const collect: Plugin = {
    name: 'oralis:collect',
    generateBundle() {
      for (const id of this.getModuleIds()) bundled.add(id);
    },
  };
  const main: Plugin = {
    name: 'oralis',
    config: () => ({
      // meyda is CommonJS: left out of pre-bundling with this package, the dev server would serve it unconverted.
      optimizeDeps: { exclude: ['oralis', 'onnxruntime-web'], include: ['oralis > meyda'] },
      worker: { format: 'es', plugins: () => [leaveOut(optIn), collect] },
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
      for (const id of this.getModuleIds()) bundled.add(id);
      // Each package once, however many of its modules were bundled.
      const dirs = new Map<string, string>();
      for (const id of bundled) {
        const found = packageOf(id);
        if (found) dirs.set(found.name, found.dir);
      }
      const packages = new Map([...dirs].map(([name, dir]) => [name, describePackage(`${dir}/package.json`)]));
      for (const [name, found] of packages) {
        // An opt-in package's declared licence can hide what it compiles in (phonemizer: Apache-2.0 around GPL espeak-ng).
        if (Object.hasOwn(OPT_IN_CODE, name)) packages.set(name, { ...found, license: OPT_IN_CODE[name as OptInPackage].spdx });
      }
      const own = describePackage(new URL('../package.json', import.meta.url));
      packages.set(own.package, own);
      const report = {
        about: 'What this build carries: the packages bundled into the page and the scoring worker, and the models (written by the oralis/vite plugin).',
        code: [...packages.values()].sort((a, b) => a.package.localeCompare(b.package)),
        models: assets.folders,
        opt_in: optIn,
      };
      this.emitFile({ type: 'asset', fileName: `${folder}/licences.json`, source: `${JSON.stringify(report, null, 2)}\n` });
    },
  };
  return [leaveOut(optIn), main];
}
