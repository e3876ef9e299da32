import { mkdirSync, mkdtempSync, readdirSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
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
    expect(await engine.ready()).toEqual({ backend: 'wasm', fallbackReason: expect.stringMatching(/no WebGPU adapter/) });
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
