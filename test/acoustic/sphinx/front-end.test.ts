import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { decodeAudio } from '../../../src/audio/decode.js';
import { filterbankOf, mfcc } from '../../../src/acoustic/sphinx/front-end.js';
import { frameCount } from '../../../src/features/frames.js';
import { fixture } from '../../helpers/paths.js';

// Produced by scripts/make-frontend-golden.sh (Debian's sphinx_fe with the model's feat.params).
const golden = readFileSync(new URL('../../fixtures/sphinx-fe-golden.txt', import.meta.url), 'utf8')
  .trim()
  .split('\n')
  .map((line) => line.trim().split(/\s+/).map(Number));

// The en-us model's own front end, as its manifest gives it.
const bank = filterbankOf(JSON.parse(readFileSync(new URL('../../../models/en-us/manifest.json', import.meta.url), 'utf8')).features);
const N_CEPSTRA = bank.cepstra;

describe('MFCC front end matches sphinx_fe', async () => {
  const pcm = await decodeAudio(fixture('../../../examples/we-call-it-bear.wav'), { maxSeconds: 30, endpoint: 'test' });
  const samples = pcm.channels[0]!;
  const cep = mfcc(samples, bank);

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

describe('the model manifest decides the front end', () => {
  const features = JSON.parse(readFileSync(new URL('../../../models/en-us/manifest.json', import.meta.url), 'utf8')).features;

  it('filterbank and cepstra come from it: 20 filters give other cepstra than 25', () => {
    const samples = Float32Array.from({ length: 8000 }, (_, i) => Math.sin(i / 7) * 0.3 + Math.sin(i / 3) * 0.1);
    expect(mfcc(samples, filterbankOf({ ...features, filters: 20 }))).not.toEqual(mfcc(samples, filterbankOf(features)));
    expect(mfcc(samples, filterbankOf({ ...features, cepstra: 12 })).length).toBe(frameCount(samples.length) * 12);
  });

  it('a model asking for another frame grid is refused, naming what differs', () => {
    expect(() => filterbankOf({ ...features, frame_rate: 50, window: 'hann' })).toThrow(/frame_rate \(50, engine 100\), window \(hann, engine hamming\)/);
  });
});
