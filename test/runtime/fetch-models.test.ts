import { copyFileSync, mkdirSync, mkdtempSync, readdirSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, afterEach, describe, expect, it, vi } from 'vitest';
import { BUNDLED_MODELS_DIR } from '../../src/runtime/file-model-source.js';
import { WordSuccessEnvelope } from '../../src/contract/schema.js';
import { createBrowserEngine, type ModelProgress } from '../../src/browser.js';
import { fixture } from '../helpers/paths.js';
import { serveStatic } from '../helpers/static-server.js';

// The models folder as the browser build lays it out: the shipped models, plus CMUdict as JSON (written by the build).
const root = mkdtempSync(join(tmpdir(), 'oralis-web-models-'));
mkdirSync(join(root, 'en-us'));
for (const entry of readdirSync(join(BUNDLED_MODELS_DIR, 'en-us'))) symlinkSync(join(BUNDLED_MODELS_DIR, 'en-us', entry), join(root, 'en-us', entry));
writeFileSync(join(root, 'en-us', 'cmudict.json'), JSON.stringify((await import('cmu-pronouncing-dictionary')).dictionary));
const server = await serveStatic(root);
const base = `${server.origin}/`;
const requests = server.requests;
afterAll(() => server.close());

describe('models over HTTP (the browser path)', () => {
  it('loads every model file with progress, reports the backend, and scores', async () => {
    const progress: ModelProgress[] = [];
    const engine = createBrowserEngine({ modelBaseUrl: base, backend: 'auto', onProgress: (p) => progress.push(p) });
    expect(await engine.ready()).toMatchObject({ backend: 'wasm', fallbackReason: expect.stringMatching(/no WebGPU adapter/) });
    const files = new Set(progress.map((p) => p.file));
    expect(files).toContain('en-us/acoustic.onnx');
    expect(files).toContain('en-us/head/head.onnx');
    const last = progress.filter((p) => p.file === 'en-us/acoustic.onnx').at(-1)!;
    expect(last.loaded).toBe(last.total);

    const envelope = WordSuccessEnvelope.parse(await engine.scoreWord({ word: 'sheep' }, fixture('speech-sheep.wav')));
    expect(envelope.word_score.phone_score_list.map((p) => p.phone)).toEqual(['sh', 'iy', 'p']);
    // Only model files were asked for: no audio, no text.
    expect(requests.every((r) => r.startsWith('/en-us/'))).toBe(true);
    expect(requests.join(' ')).not.toMatch(/sheep|\.wav/);
  });

  it('a missing model folder is model_unavailable naming the URL', async () => {
    const engine = createBrowserEngine({ modelBaseUrl: `${base}nowhere/` });
    const envelope = await engine.scoreWord({ word: 'sheep' }, fixture('speech-sheep.wav'));
    expect(envelope).toMatchObject({ status: 'error', short_message: 'model_unavailable' });
    expect(envelope.status === 'error' && envelope.detail_message).toContain(`${base}nowhere/en-us/`);
  });
});

describe('a model cache that cannot be poisoned', () => {
  // Cache Storage as the browser has it (Node has none): URL → stored bytes.
  const stored = new Map<string, Uint8Array>();
  const cache = {
    match: async (url: string) => (stored.has(url) ? new Response(stored.get(url)!.slice()) : undefined),
    put: async (url: string, response: Response) => void stored.set(url, new Uint8Array(await response.arrayBuffer())),
    delete: async (url: string) => stored.delete(url),
  };
  afterEach(() => {
    vi.unstubAllGlobals();
    stored.clear();
  });
  const PAGE = '<!doctype html><html><head><title>My app</title></head><body></body></html>';

  /** A site holding the en-us models, with `broken` files replaced by `body` (as a misconfigured host would serve them). */
  async function site(broken: Record<string, string>) {
    const dir = mkdtempSync(join(tmpdir(), 'oralis-site-'));
    mkdirSync(join(dir, 'en-us'));
    for (const entry of readdirSync(join(root, 'en-us'))) {
      if (!(`en-us/${entry}` in broken)) symlinkSync(join(root, 'en-us', entry), join(dir, 'en-us', entry));
    }
    for (const [path, body] of Object.entries(broken)) writeFileSync(join(dir, path), body);
    vi.stubGlobal('caches', { open: async () => cache });
    return { dir, server: await serveStatic(dir) };
  }

  it('an HTML page served as the manifest is model_unavailable saying so, is not cached, and the fixed file then loads', async () => {
    const { dir, server: host } = await site({ 'en-us/manifest.json': PAGE });
    try {
      const engine = createBrowserEngine({ modelBaseUrl: `${host.origin}/` });
      const envelope = await engine.scoreWord({ word: 'sheep' }, fixture('speech-sheep.wav'));
      expect(envelope).toMatchObject({ status: 'error', short_message: 'model_unavailable' });
      expect(envelope.status === 'error' && envelope.detail_message).toMatch(/en-us\/manifest\.json is not JSON: the server sent an HTML page/);
      expect([...stored.keys()].filter((url) => url.endsWith('manifest.json'))).toEqual([]);

      copyFileSync(join(BUNDLED_MODELS_DIR, 'en-us', 'manifest.json'), join(dir, 'en-us', 'manifest.json'));
      expect(WordSuccessEnvelope.safeParse(await engine.scoreWord({ word: 'sheep' }, fixture('speech-sheep.wav'))).success).toBe(true);
      expect(JSON.parse(new TextDecoder().decode(stored.get(`${host.origin}/en-us/manifest.json`)))).toMatchObject({ kind: 'sphinx-ptm' });
    } finally {
      await host.close();
    }
  });

  it('a model file that does not match its manifest\'s sha256 is refused and not cached', async () => {
    const { server: host } = await site({ 'en-us/hmm.bin': PAGE });
    try {
      const envelope = await createBrowserEngine({ modelBaseUrl: `${host.origin}/` }).scoreWord({ word: 'sheep' }, fixture('speech-sheep.wav'));
      expect(envelope).toMatchObject({ status: 'error', short_message: 'model_unavailable' });
      expect(envelope.status === 'error' && envelope.detail_message).toMatch(/hmm\.bin is corrupt \(sha256 mismatch: the server sent an HTML page/);
      expect(stored.has(`${host.origin}/en-us/hmm.bin`)).toBe(false);
      // What passed its check is kept: the manifest and the acoustic model.
      expect(stored.has(`${host.origin}/en-us/manifest.json`)).toBe(true);
    } finally {
      await host.close();
    }
  });

  it('a poisoned copy already in the cache (kept by an older version) is dropped and fetched again', async () => {
    const { server: host } = await site({});
    try {
      stored.set(`${host.origin}/en-us/manifest.json`, new TextEncoder().encode(PAGE));
      const envelope = await createBrowserEngine({ modelBaseUrl: `${host.origin}/` }).scoreWord({ word: 'sheep' }, fixture('speech-sheep.wav'));
      expect(envelope.status).toBe('success');
      expect(host.requests).toContain('/en-us/manifest.json');
      expect(JSON.parse(new TextDecoder().decode(stored.get(`${host.origin}/en-us/manifest.json`)))).toMatchObject({ kind: 'sphinx-ptm' });
    } finally {
      await host.close();
    }
  });
});
