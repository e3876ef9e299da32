import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { LIMITS } from '../../src/contract/limits.js';
import { prepareAudio } from '../../src/audio/prepare.js';
import { cachedFilterCount, MAX_CACHED_FILTERS, resample } from '../../src/audio/resample.js';
import { parseArgs } from '../../src/cli/args.js';
import { EN_US } from '../../src/languages/en-us/index.js';
import { tokenize } from '../../src/lexicon/tokenize.js';
import { createNodeEngine } from '../../src/node.js';
import { fixture } from '../helpers/paths.js';

const engine = createNodeEngine();
const wav = fixture('speech-sheep.wav');
const sheep = { word: 'sheep' };

describe('user text never reaches Object.prototype', () => {
  it.each(['__proto__', 'x-__proto__-x', 'constructor', 'hasOwnProperty', 'toString'])('"%s" is an unknown word or a word, never an internal error', async (text) => {
    const envelope = await engine.scoreText({ text, dialect: 'en-us' }, wav);
    expect(envelope.status === 'error' ? envelope.short_message : 'success').toMatch(/^(unknown_word|success)$/);
  });

  it('a CLI option named __proto__ is an ordinary option', () => {
    const { options } = parseArgs(['text', '--__proto__', 'x', '--text', 'hi']);
    expect(Object.keys(options)).toEqual(['__proto__', 'text']);
  });
});

describe('numbers of any length', () => {
  it('below a billion are read as numbers, longer ones digit by digit', () => {
    expect(tokenize('1999', EN_US)[0]!.keys).toEqual(['one', 'thousand', 'nine', 'hundred', 'ninety', 'nine']);
    expect(tokenize('1000000000th', EN_US)[0]!.keys).toEqual(['one', ...Array(9).fill('zero')]);
    expect(tokenize('9'.repeat(100), EN_US)[0]!.keys).toHaveLength(100);
  });

  it('reach the engine as words, not as an internal error', async () => {
    const envelope = await engine.scoreText({ text: '1000000000th', dialect: 'en-us' }, wav);
    expect(envelope).toMatchObject({ status: 'error', short_message: 'audio_too_short' });
  });
});

describe('a script longer than the recording', () => {
  it('scores the words it holds; those outside it are not heard (their scores were NaN, an internal_error)', async () => {
    const { samples } = await prepareAudio(fixture('../../../examples/we-call-it-bear.wav'), { maxSeconds: 30, endpoint: 'test' });
    // 0.3 s of "we call it bear": the voiced middle of "call", no room for four words.
    const clip = { samples: samples.slice(6_400, 11_200), sampleRate: 16_000 };
    const envelope = await engine.scoreText({ text: 'we call it bear', dialect: 'en-us' }, clip);
    expect(envelope.status).toBe('success');
    if (envelope.status !== 'success') return;
    const failed = envelope.text_score.word_score_list.filter((w) => w.quality_class === 'fail');
    expect(failed.length).toBeGreaterThanOrEqual(2);
    for (const w of failed) expect(Number.isFinite(w.quality_score)).toBe(true);
  });
});

describe('bounded work', () => {
  it(`more than ${LIMITS.maxOptions} multiple-choice options are refused before any alignment`, async () => {
    const options = Array.from({ length: LIMITS.maxOptions + 1 }, (_, i) => `sheep ${i}`).join('\n');
    const started = performance.now();
    const envelope = await engine.scoreText({ text: options, dialect: 'en-us' }, wav);
    expect(envelope).toMatchObject({ status: 'error', short_message: 'invalid_parameter' });
    expect(envelope.status === 'error' && envelope.detail_message).toContain(`at most ${LIMITS.maxOptions}`);
    expect(performance.now() - started).toBeLessThan(5_000);
  });

  it('encoded audio over the byte limit is refused before it is copied or decoded', async () => {
    const huge = new Uint8Array(LIMITS.maxAudioBytes + 1);
    huge.set(wav);
    for (const audio of [huge, new Blob([huge])]) expect(await engine.scoreWord(sheep, audio)).toMatchObject({ status: 'error', short_message: 'audio_too_large' });
  });

  it('the resampler keeps only a few filters however many odd rates arrive', () => {
    const samples = new Float32Array(2000);
    for (const rate of [11_111, 12_345, 13_579, 17_011, 19_997, 23_456, 31_111]) resample(samples, rate, 16_000);
    expect(cachedFilterCount()).toBeLessThanOrEqual(MAX_CACHED_FILTERS);
  });
});

describe('the same bytes, however they are passed', () => {
  const copy = () => new Uint8Array(wav);
  const inPool = (bytes: Uint8Array) => {
    const big = new Uint8Array(bytes.length + 3);
    big.set(bytes, 3);
    return big.subarray(3);
  };
  const float = new Uint8Array(readFileSync(new URL('../fixtures/audio/tone440-f32-22k05.wav', import.meta.url)));

  it('Uint8Array, a view at an odd offset, Buffer, DataView, ArrayBuffer and Blob give one envelope', async () => {
    const reference = await engine.scoreWord(sheep, copy());
    expect(reference.status).toBe('success');
    for (const audio of [inPool(copy()), Buffer.from(copy()), new DataView(copy().buffer), copy().buffer, new Blob([copy()])]) {
      expect(await engine.scoreWord(sheep, audio)).toEqual(reference);
    }
  });

  it('a float WAV at an odd offset decodes as it does at offset 0', async () => {
    const reference = await engine.scoreWord(sheep, float.slice());
    expect(await engine.scoreWord(sheep, inPool(float))).toEqual(reference);
    expect(reference).toMatchObject({ short_message: 'no_speech' });
  });
});

describe('hostile JavaScript objects', () => {
  const throwing = new Proxy({}, { ownKeys: () => { throw new Error('trap'); }, get: () => { throw new Error('trap'); } });
  const getter = Object.defineProperty({}, 'word', { enumerable: true, get: () => { throw new Error('getter'); } });
  const revoked = Proxy.revocable({}, {});
  revoked.revoke();
  const detached = new ArrayBuffer(64);
  structuredClone(detached, { transfer: [detached] });

  it.each([
    ['a proxy whose traps throw', throwing],
    ['a throwing getter', getter],
    ['a revoked proxy', revoked.proxy],
  ])('%s as parameters → invalid_parameter', async (_what, params) => {
    expect(await engine.scoreWord(params as never, wav)).toMatchObject({ status: 'error', short_message: 'invalid_parameter' });
    expect(await engine.scoreText(params as never, wav)).toMatchObject({ status: 'error', short_message: 'invalid_parameter' });
  });

  it.each([
    ['a proxy whose traps throw', throwing],
    ['a revoked proxy', revoked.proxy],
    ['a detached ArrayBuffer', detached],
    ['samples that are not a Float32Array', { samples: [0.1, 0.2], sampleRate: 16_000 }],
  ])('%s as audio → invalid_audio', async (_what, audio) => {
    expect(await engine.scoreWord(sheep, audio as never)).toMatchObject({ status: 'error', short_message: 'invalid_audio' });
  });
});
