import { describe, expect, it } from 'vitest';
import { prepareAudio } from '../../src/audio/prepare.js';
import { createNodeEngine } from '../../src/node.js';
import { fixture } from '../helpers/paths.js';

const engine = createNodeEngine();
const RATE = 16_000;
const signal = (seconds: number, at: (t: number, i: number) => number) => ({
  samples: Float32Array.from({ length: Math.round(seconds * RATE) }, (_, i) => at(i / RATE, i)),
  sampleRate: RATE,
});
let seed = 7;
const noise = () => ((seed = (seed * 1103515245 + 12345) % 2147483648) / 2147483648) * 2 - 1;

describe('non-speech is not scored', () => {
  it.each([
    ['a 1 kHz sine', signal(1.5, (t) => 0.5 * Math.sin(2 * Math.PI * 1000 * t))],
    ['a 220 Hz sine (in the voice range)', signal(1.5, (t) => 0.5 * Math.sin(2 * Math.PI * 220 * t))],
    ['a single click', signal(1.5, (_, i) => (i === 12_000 ? 0.9 : 0))],
    ['white noise', signal(1.5, () => 0.3 * noise())],
    ['a constant DC offset', signal(1.5, () => 0.5)],
    ['mains hum with a harmonic', signal(1.5, (t) => 0.3 * Math.sin(2 * Math.PI * 50 * t) + 0.1 * Math.sin(2 * Math.PI * 150 * t))],
    ['a 440 Hz tone as MP3', fixture('tone440.mp3')],
    ['a 440 Hz tone as M4A', fixture('tone440.m4a')],
  ])('%s → no_speech on both endpoints, never a score', async (_what, audio) => {
    const word = await engine.scoreWord({ word: 'bear' }, audio);
    const text = await engine.scoreText({ text: 'we call it bear', dialect: 'en-us' }, audio);
    for (const envelope of [word, text]) expect(envelope).toMatchObject({ status: 'error', short_message: 'no_speech' });
  });

  it('a short word is speech: RP "hot" (70 ms of vowel) is scored', async () => {
    const word = await engine.scoreWord({ word: 'hot', dialect: 'en-gb' }, fixture('dialect/hot-en-gb.ogg'));
    expect(word.status).toBe('success');
  });

  it('a spoken word with a steady tone under it is still scored', async () => {
    const { samples } = await prepareAudio(fixture('speech-sheep.wav'), { maxSeconds: 30, endpoint: 'test' });
    const withTone = { samples: samples.map((x, i) => x + 0.05 * Math.sin((2 * Math.PI * 1000 * i) / RATE)), sampleRate: RATE };
    const word = await engine.scoreWord({ word: 'sheep' }, withTone);
    expect(word.status).toBe('success');
  });
});
