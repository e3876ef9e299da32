import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { decodeAudio } from '../../../src/audio/decode.js';
import { htkFeatures, htkFilterbank, htkFrameCount } from '../../../src/acoustic/htk/front-end.js';
import { fixture } from '../../helpers/paths.js';

// Produced by scripts/make-htk-golden.py: a float64 NumPy implementation of the HTK Book's MFCC_0_D_N_Z.
const golden = JSON.parse(readFileSync(new URL('../../fixtures/htk-frontend-golden.json', import.meta.url), 'utf8')) as {
  config: Parameters<typeof htkFilterbank>[0];
  frames: number;
  every: number;
  vectors: number[][];
};
const DIM = 25;

describe('HTK front end (MFCC_0_D_N_Z) matches the NumPy reference', async () => {
  const pcm = await decodeAudio(fixture('../../../examples/we-call-it-bear.wav'), { maxSeconds: 30, endpoint: 'test' });
  const samples = pcm.channels[0]!;
  const bank = htkFilterbank(golden.config);
  const features = htkFeatures(samples, bank);

  it('cuts whole 25 ms windows every 10 ms into 25-coefficient vectors', () => {
    expect(htkFrameCount(samples.length, golden.config)).toBe(golden.frames);
    expect(features.length).toBe(golden.frames * DIM);
  });

  it('agrees within 0.01 on every coefficient (statics up to ±50; float32 against float64, the golden keeps 5 decimals)', () => {
    let worst = 0;
    golden.vectors.forEach((row, k) => {
      const f = k * golden.every;
      row.forEach((value, c) => (worst = Math.max(worst, Math.abs(features[f * DIM + c]! - value))));
    });
    expect(worst).toBeLessThan(0.01);
  });

  it('removes the utterance mean of the statics (_Z): each static column sums to zero', () => {
    for (let c = 0; c < 12; c++) {
      let sum = 0;
      for (let f = 0; f < golden.frames; f++) sum += features[f * DIM + c]!;
      expect(Math.abs(sum / golden.frames)).toBeLessThan(1e-3);
    }
  });
});
