/**
 * A new user's first recording often starts with a second or two of nothing
 * (digital zeros before the microphone opens, or room noise). That silence
 * must neither move the scores nor pull a word into it.
 */
import { describe, expect, it } from 'vitest';
import { prepareAudio } from '../../src/audio/prepare.js';
import type { TextSuccessEnvelope, WordSuccessEnvelope } from '../../src/contract/schema.js';
import { createNodeEngine } from '../../src/node.js';
import { fixture } from '../helpers/paths.js';

const engine = createNodeEngine();
const RATE = 16_000;
const LEAD_SECONDS = 1.5;

/** The recording with LEAD_SECONDS of silence (zeros) or of quiet noise (about -60 dBFS, seeded) before it. */
function withLead(samples: Float32Array, kind: 'zeros' | 'noise'): { samples: Float32Array; sampleRate: number } {
  const lead = Math.round(LEAD_SECONDS * RATE);
  const out = new Float32Array(lead + samples.length);
  let seed = 12345;
  if (kind === 'noise') for (let i = 0; i < lead; i++) out[i] = ((seed = (seed * 1103515245 + 12345) % 2 ** 31) / 2 ** 31 - 0.5) * 0.003;
  out.set(samples, lead);
  return { samples: out, sampleRate: RATE };
}

const load = async (name: string) => (await prepareAudio(fixture(name), { maxSeconds: 30, endpoint: 'test' })).samples;

describe('leading silence', () => {
  it.each(['zeros', 'noise'] as const)('1.5 s of %s before a word moves its score by at most 5 and the word stays after it', async (kind) => {
    const samples = await load('speech-sheep.wav');
    const plain = (await engine.scoreWord({ word: 'sheep' }, { samples, sampleRate: RATE })) as WordSuccessEnvelope;
    const padded = (await engine.scoreWord({ word: 'sheep' }, withLead(samples, kind))) as WordSuccessEnvelope;
    expect(plain.status).toBe('success');
    expect(padded.status).toBe('success');
    expect(Math.abs(padded.word_score.quality_score - plain.word_score.quality_score)).toBeLessThanOrEqual(5);
    // Extents count 10 ms frames: the word moved with the audio, none of it placed in the silence.
    const shift = LEAD_SECONDS * 100;
    plain.word_score.phone_score_list.forEach((p, i) => {
      const q = padded.word_score.phone_score_list[i]!;
      expect(q.extent[0]).toBeGreaterThanOrEqual(shift);
      expect(Math.abs(q.extent[0] - shift - p.extent[0])).toBeLessThanOrEqual(3);
    });
  });

  it('1.5 s of silence before a sentence moves no word by more than 5', async () => {
    const samples = await load('../../../examples/we-call-it-bear.wav');
    const params = { text: 'we call it bear', dialect: 'en-us' } as const;
    const plain = (await engine.scoreText(params, { samples, sampleRate: RATE })) as TextSuccessEnvelope;
    const padded = (await engine.scoreText(params, withLead(samples, 'zeros'))) as TextSuccessEnvelope;
    plain.text_score.word_score_list.forEach((w, i) => {
      expect(Math.abs(padded.text_score.word_score_list[i]!.quality_score - w.quality_score)).toBeLessThanOrEqual(5);
    });
    expect(Math.abs(padded.text_score.service_score.pronunciation - plain.text_score.service_score.pronunciation)).toBeLessThanOrEqual(5);
  });
});
