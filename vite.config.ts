/**
 * One config for the demo PWA build (`npm run build:web`: public/ → dist-web/,
 * with the scoring worker and the shipped models) and for vitest.
 */
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Plugin } from 'vite';
import { defineConfig } from 'vitest/config';

const root = fileURLToPath(new URL('.', import.meta.url));

/**
 * The PWA files that must keep their names (service worker, web manifest, icon),
 * and precache.json: the files the service worker caches on install, which is every other file
 * of the build except the letter-to-sound module (1.3 MB, only for include_unknown_words, which
 * the demo never sends; the service worker caches it on first use like any other request).
 */
function pwaFiles(): Plugin {
  const fixed = ['sw.js', 'manifest.webmanifest', 'icon.svg', 'icon-192.png', 'icon-512.png'];
  return {
    name: 'oralis-pwa-files',
    generateBundle(_options, bundle) {
      for (const name of fixed) this.emitFile({ type: 'asset', fileName: name, source: readFileSync(join(root, 'public', name)) });
      const app = Object.keys(bundle).filter((f) => !f.startsWith('models/') && f !== 'sw.js' && !/^assets\/phonemizer-/.test(f));
      this.emitFile({ type: 'asset', fileName: 'precache.json', source: JSON.stringify([...app, ...fixed.filter((f) => f !== 'sw.js')].sort()) });
    },
  };
}

/**
 * Emits the shipped models (not the per-fold CV heads) under models/ in the
 * build, plus en-us/cmudict.json written from the cmu-pronouncing-dictionary
 * package, which the browser engine fetches and caches like a model.
 */
function shippedModels(): Plugin {
  const dir = join(root, 'models');
  const files = (d: string): string[] => readdirSync(d).flatMap((f) => (statSync(join(d, f)).isDirectory() ? (f === 'cv' ? [] : files(join(d, f))) : [join(d, f)]));
  return {
    name: 'oralis-shipped-models',
    async generateBundle() {
      for (const file of files(join(dir, 'en-us'))) {
        this.emitFile({ type: 'asset', fileName: `models/${relative(dir, file)}`, source: readFileSync(file) });
      }
      const { dictionary } = await import('cmu-pronouncing-dictionary');
      this.emitFile({ type: 'asset', fileName: 'models/en-us/cmudict.json', source: JSON.stringify(dictionary) });
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
          // The browser build fetches CMUdict instead of bundling it (src/lexicon/cmudict-fetched.ts); tests use the package.
          'cmu-pronouncing-dictionary': join(root, 'src/lexicon/cmudict-fetched.ts'),
          // onnxruntime-web's default browser bundle carries the JSEP WebGPU kernels in JS (113 kB gzip);
          // the /webgpu bundle runs the native WebGPU execution provider inside its WASM (39 kB gzip of JS).
          'onnxruntime-web': 'onnxruntime-web/webgpu',
        },
      },
  plugins: [shippedModels(), pwaFiles()],
  test: {
    root,
    include: ['test/**/*.test.ts'],
    // Decoders and the resampler instantiate WASM on first use; a cold CI core needs more than 5 s.
    testTimeout: 60_000,
  },
});
