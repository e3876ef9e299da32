import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ERROR_CODES } from '../../src/contract/errors.js';
import { prepareAudio } from '../../src/audio/prepare.js';
import { ErrorEnvelope, TextEnvelope, WordEnvelope } from '../../src/contract/schema.js';
import type { Dialect } from '../../src/contract/request.js';
import { createNodeEngine } from '../../src/node.js';
import { fixture } from '../helpers/paths.js';

// An empty models folder: the state of a dialect whose model is not installed.
const engine = createNodeEngine({ modelDir: mkdtempSync(join(tmpdir(), 'oralis-no-models-')) });
const speech = fixture('speech-sheep.wav');

describe('the API boundary never throws', () => {
  it.each([
    ['no parameters', {}, speech],
    ['null parameters', null, speech],
    ['null audio', { text: 'hi', dialect: 'en-us' }, null],
    ['a number as audio', { text: 'hi', dialect: 'en-us' }, 42],
    ['garbage audio', { text: 'hi', dialect: 'en-us' }, new Uint8Array(64).fill(7)],
  ])('%s → a schema-valid error envelope', async (_what, params, audio) => {
    const text = await engine.scoreText(params as never, audio as never);
    const word = await engine.scoreWord(params as never, audio as never);
    for (const envelope of [text, word]) {
      expect(ErrorEnvelope.parse(envelope).status).toBe('error');
      expect(Object.keys(ERROR_CODES)).toContain(envelope.status === 'error' && envelope.short_message);
    }
  });
});

describe('without an installed model', () => {
  it('valid requests get model_unavailable naming the missing file, not invented scores', async () => {
    const text = await engine.scoreText({ text: 'we call it bear', dialect: 'en-us' }, speech);
    const word = await engine.scoreWord({ word: 'bear' }, speech);
    for (const envelope of [text, word]) {
      expect(envelope).toMatchObject({ status: 'error', short_message: 'model_unavailable', version: '9.0' });
      expect(envelope.status === 'error' && envelope.detail_message).toMatch(/en-us[/\\]manifest\.json/);
    }
    expect(TextEnvelope.safeParse(text).success).toBe(true);
    expect(WordEnvelope.safeParse(word).success).toBe(true);
  });

  it('parameter errors are reported before audio is touched', async () => {
    const envelope = await engine.scoreText({ text: 'hi', dialect: 'en-au' as Dialect }, new Uint8Array(0));
    expect(envelope).toMatchObject({ short_message: 'invalid_parameter' });
  });

  it('raw samples are accepted as well as bytes', async () => {
    const { samples } = await prepareAudio(speech, { maxSeconds: 30, endpoint: 'test' });
    const envelope = await engine.scoreWord({ word: 'bear' }, { samples, sampleRate: 16_000 });
    expect(envelope).toMatchObject({ short_message: 'model_unavailable' });
  });
});

describe('switches whose feature is not built yet', () => {
  it.each([
    ['detect_dialect', { text: 'we call it bear', dialect: 'en-us', detect_dialect: '1' } as const],
  ])('%s is refused with feature_unavailable, not scored as if it were off', async (name, params) => {
    const envelope = await engine.scoreText(params, speech);
    expect(envelope).toMatchObject({ status: 'error', short_message: 'feature_unavailable' });
    expect(envelope.status === 'error' && envelope.detail_message).toContain(name);
  });

  it('switches left at 0 are fine', async () => {
    const envelope = await engine.scoreText({ text: 'we call it bear', dialect: 'en-us', include_unknown_words: '0' }, speech);
    expect(envelope).toMatchObject({ short_message: 'model_unavailable' });
  });
});

describe('ready()', () => {
  it("says which backend runs and, with 'auto' where there is no WebGPU, why not", async () => {
    const withModels = createNodeEngine();
    expect(await withModels.ready()).toMatchObject({ backend: 'wasm', fallbackReason: expect.stringMatching(/no WebGPU adapter/) });
  });

  it('reports the licences the dialect carries: its model folders, and which opt-in (copyleft) packages are present', async () => {
    const { licences } = await createNodeEngine().ready('en-gb');
    expect(licences.models).toEqual([{ folder: 'en-us', spdx: 'BSD-2-Clause' }]);
    // This checkout installs them (dev dependencies, for the tests); an npm install of the package does not.
    expect(licences.optIn.map((o) => [o.package, o.present])).toEqual([
      ['@audio/decode-mp3', true],
      ['@audio/decode-mp4', true],
      ['@audio/decode-webm', true],
      ['@audio/decode-flac', true],
      ['@audio/decode-vorbis', true],
      ['phonemizer', true],
    ]);
    expect(licences.optIn.find((o) => o.package === 'phonemizer')?.spdx).toMatch(/GPL-3\.0/);
  });

  it("says model_unavailable, naming what is missing, where a dialect's models are not installed", async () => {
    await expect(engine.ready('fr-ca')).rejects.toMatchObject({ code: 'model_unavailable', message: expect.stringMatching(/fr(-ca)?\//) });
  });
});
