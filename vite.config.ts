/**
 * One config for the demo PWA build (`npm run build:web`: public/ → dist-web/,
 * with the scoring worker and the shipped models) and for vitest.
 */
import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Plugin } from 'vite';
import { defineConfig } from 'vitest/config';
import type { OptInPackage } from './src/contract/opt-in.js';
import oralis from './src/vite.js';

const list = (value: string | undefined) => (value ?? '').split(',').map((f) => f.trim()).filter(Boolean);

const root = fileURLToPath(new URL('.', import.meta.url));

/**
 * The PWA files that must keep their names (service worker, web manifest, icons),
 * precache.json: the files the service worker caches on install, which is every other file
 * of the build except the letter-to-sound module (1.3 MB, only for include_unknown_words, which
 * the demo never sends; the service worker caches it on first use like any other request),
 * and sw.js stamped with a hash of those files' contents.
 */
function pwaFiles(): Plugin {
  const fixed = ['sw.js', 'manifest.webmanifest', 'icon.svg', 'icon-192.png', 'icon-512.png'];
  return {
    name: 'oralis-pwa-files',
    // After vite's HTML plugin, so index.html is in the bundle and in the hash.
    enforce: 'post',
    generateBundle(_options, bundle) {
      const assets = fixed.filter((f) => f !== 'sw.js');
      for (const name of assets) this.emitFile({ type: 'asset', fileName: name, source: readFileSync(join(root, 'public', name)) });
      const app = Object.keys(bundle).filter((f) => !f.startsWith('oralis/') && !assets.includes(f) && !/^assets\/phonemizer-/.test(f));
      const precache = JSON.stringify([...app, ...assets].sort());
      this.emitFile({ type: 'asset', fileName: 'precache.json', source: precache });
      // The shell cache is named after the build, so a new build changes sw.js: browsers install it,
      // it caches the new shell and deletes the old one (otherwise the first build would be served forever).
      const hash = createHash('sha256');
      for (const name of app) {
        const item = bundle[name]!;
        hash.update(name).update(item.type === 'chunk' ? item.code : item.source);
      }
      for (const name of assets) hash.update(name).update(readFileSync(join(root, 'public', name)));
      const build = hash.digest('hex').slice(0, 12);
      const sw = readFileSync(join(root, 'public', 'sw.js'), 'utf8').replace('__BUILD__', build);
      this.emitFile({ type: 'asset', fileName: 'sw.js', source: sw });
    },
  };
}

export default defineConfig({
  root: 'public',
  publicDir: false,
  base: './',
  build: { outDir: join(root, 'dist-web'), emptyOutDir: true, target: 'es2022' },
  worker: { format: 'es' },
  server: { fs: { allow: [root] } },
  resolve: process.env.VITEST
    ? {}
    : {
        alias: {
          // The workers import the engine by its package name; in this checkout that is the source.
          'oralis/browser-engine': join(root, 'src/browser.ts'),
          // onnxruntime-web's default browser bundle carries the JSEP WebGPU kernels in JS (113 kB gzip);
          // the /webgpu bundle runs the native WebGPU execution provider inside its WASM (39 kB gzip of JS).
          'onnxruntime-web': 'onnxruntime-web/webgpu',
        },
      },
  // The package's own plugin: the models under oralis/; ORALIS_MODELS=es,fr,fr-ca adds the opt-in model folders,
  // ORALIS_OPT_IN=phonemizer,... the opt-in (copyleft) code.
  // Not under vitest: the unit tests exercise Node, which uses whatever is installed.
  plugins: process.env.VITEST ? [] : [oralis({ models: list(process.env.ORALIS_MODELS), optIn: list(process.env.ORALIS_OPT_IN) as OptInPackage[] }), pwaFiles()],
  test: {
    root,
    include: ['test/**/*.test.ts'],
    // Decoders and the resampler instantiate WASM on first use; a cold CI core needs more than 5 s.
    testTimeout: 60_000,
  },
});
