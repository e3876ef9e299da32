import { describe, expect, it } from 'vitest';
import { TextSuccessEnvelope } from '../../src/contract/schema.js';
import { createNodeEngine } from '../../src/node.js';
import { syllableIntonation } from '../../src/scoring/intonation.js';
import { fixture } from '../helpers/paths.js';

// espeak-ng renderings (scripts/make-audio-fixtures.sh): a yes/no question and the statement with the same words.
const engine = createNodeEngine();
const score = async (text: string, audio: string, params: Record<string, string> = { include_intonation: '1' }) =>
  TextSuccessEnvelope.parse(await engine.scoreText({ text, dialect: 'en-us', ...params }, fixture(`speech-${audio}.wav`))).text_score;

describe('intonation (include_intonation=1)', () => {
  it('"are you coming home?" ends with RISE on its last syllable', async () => {
    const result = await score('are you coming home?', 'question');
    const last = result.word_score_list.at(-1)!.syllable_score_list.at(-1)!;
    expect(last.intonation![1]).toBe('RISE');
    expect(last.pitch_range![1]).toBeGreaterThan(last.pitch_range![0]);
    expect(result.word_intonation_list!.at(-1)).toEqual({ word: 'home', syllable_intonation_list: [last.intonation] });
  });

  it('"you are coming home." ends with FALL on its last syllable', async () => {
    const result = await score('you are coming home.', 'statement');
    const last = result.word_score_list.at(-1)!.syllable_score_list.at(-1)!;
    expect(last.intonation![1]).toBe('FALL');
    expect(last.pitch_range![1]).toBeLessThan(last.pitch_range![0]);
  });

  it('lists every word and syllable, and leaves intonation out unless asked', async () => {
    const result = await score('you are coming home.', 'statement');
    expect(result.word_intonation_list!.map((w) => [w.word, w.syllable_intonation_list.length])).toEqual([
      ['you', 1],
      ['are', 1],
      ['coming', 2],
      ['home', 1],
    ]);
    const plain = await score('you are coming home.', 'statement', {});
    expect(plain.word_intonation_list).toBeUndefined();
    expect(plain.word_score_list[0]!.syllable_score_list[0]!.intonation).toBeUndefined();
  });

  it('classifies movements by the semitone threshold, REDUCED when unvoiced, null when not recognised', () => {
    const hz = new Float32Array(60);
    hz.fill(100, 0, 10); // flat at 100 Hz
    for (let t = 10; t < 20; t++) hz[t] = 100 * 2 ** ((t - 10) / 12 / 2); // rises ~4.5 semitones
    // frames 20..29 unvoiced
    hz.fill(120, 30, 40);
    const spans = [[0, 10], [10, 20], [20, 30], [30, 40], [40, 50]].map((extent, i) => ({
      extent: extent as [number, number],
      phoneScores: i === 4 ? [0.1, 0.2] : [2],
    }));
    const out = syllableIntonation(hz, spans).map((s) => s.intonation);
    expect(out).toEqual([
      ['FLAT', 'FLAT'],
      ['FLAT', 'RISE'],
      ['REDUCED', 'REDUCED'],
      ['FLAT', 'FLAT'], // 120 Hz after a rise ending near 117 Hz: under 1.5 semitones
      [null, null],
    ]);
  });
});
