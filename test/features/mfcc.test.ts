import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { decodeAudio } from '../../src/audio/decode.js';
import { frameCount, mfcc, N_CEPSTRA } from '../../src/features/mfcc.js';
import { fixture } from '../helpers/paths.js';

// Produced by scripts/make-frontend-golden.sh (Debian's sphinx_fe with the model's feat.params).
const golden = readFileSync(new URL('../fixtures/sphinx-fe-golden.txt', import.meta.url), 'utf8')
  .trim()
  .split('\n')
  .map((line) => line.trim().split(/\s+/).map(Number));

describe('MFCC front end matches sphinx_fe', async () => {
  const pcm = await decodeAudio(fixture('../../../examples/we-call-it-bear.wav'), { maxSeconds: 30, endpoint: 'test' });
  const samples = pcm.channels[0]!;
  const cep = mfcc(samples);

  it('produces the same number of 10 ms frames', () => {
    expect(frameCount(samples.length)).toBe(golden.length);
    expect(cep.length).toBe(golden.length * N_CEPSTRA);
  });

  /** Largest |ours - sphinx_fe| over the frames `keep` selects by sphinx_fe's c0. */
  function worstError(keep: (c0: number) => boolean): number {
    let worst = 0;
    golden.forEach((row, f) => {
      if (!keep(row[0]!)) return;
      row.forEach((value, c) => {
        worst = Math.max(worst, Math.abs(cep[f * N_CEPSTRA + c]! - value));
      });
    });
    return worst;
  }

  it('agrees within 0.03 on every coefficient of frames above the noise floor (values up to ±110; the golden text keeps 5 digits)', () => {
    expect(worstError((c0) => c0 >= 0)).toBeLessThan(0.03);
  });

  it('agrees within 0.6 in the ±1 LSB digital near-silence after the speech, where log of tiny mel energies magnifies rounding', () => {
    expect(worstError((c0) => c0 < 0)).toBeLessThan(0.6);
  });
});
