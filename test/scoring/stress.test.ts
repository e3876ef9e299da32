import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { checkStressPairs } from '../../src/eval/stress-pairs.js';
import { createNodeEngine } from '../../src/node.js';
import { predictStress } from '../../src/scoring/stress.js';

describe('lexical stress', () => {
  it('finds the stressed syllable in at least 80 % of 22 espeak-ng noun/verb minimal pairs', async () => {
    const dir = fileURLToPath(new URL('../fixtures/audio/stress/', import.meta.url));
    const outcomes = await checkStressPairs(createNodeEngine(), dir);
    expect(outcomes).toHaveLength(44);
    expect(outcomes.filter((o) => o.correct).length / outcomes.length).toBeGreaterThanOrEqual(0.8);
  }, 60_000);

  it('calls the longer, louder, higher syllable primary and scores the expected pattern by its lead', () => {
    const hz = new Float32Array(40);
    const energy = new Float32Array(40).fill(-40);
    hz.fill(100, 0, 10); // syllable 1: short, quiet, low
    hz.fill(130, 10, 30); // syllable 2: long, loud, high
    energy.fill(-30, 10, 30);
    const word = [
      { nucleus: [0, 10] as [number, number], expected: 1 as const },
      { nucleus: [10, 30] as [number, number], expected: 0 as const },
    ];
    const [result] = predictStress([word], hz, energy);
    expect(result!.map((r) => r.predicted)).toEqual([0, 1]);
    // The lexicon wants syllable 1 stressed; the audio stresses syllable 2: low scores for both.
    expect(result![0]!.score).toBeLessThan(5);
    expect(result![1]!.score).toBeLessThan(5);
    const [flipped] = predictStress([word.map((s, i) => ({ ...s, expected: (i === 1 ? 1 : 0) as 0 | 1 }))], hz, energy);
    expect(flipped!.every((r) => r.score > 95)).toBe(true);
  });
});
