import { describe, expect, it } from 'vitest';
import type { AlignmentGraph } from '../../src/align/graph.js';
import { viterbi } from '../../src/align/viterbi.js';
import { OralisError } from '../../src/contract/errors.js';

/** Two one-state phones in a row, A then B: A's state may loop, then move on to B's, which ends the utterance. */
const chain: AlignmentGraph = {
  phones: [
    { competitor: 0, label: 'A', word: 0, noise: false, variant: 0, index: 0 },
    { competitor: 1, label: 'B', word: 0, noise: false, variant: 0, index: 1 },
  ],
  statePhone: Int32Array.from([0, 1]),
  stateUnit: Int32Array.from([10, 11]),
  selfLoop: Float64Array.from([Math.log(0.5), Math.log(0.5)]),
  predStart: Int32Array.from([0, 1, 2]),
  predFrom: Int32Array.from([-1, 0]),
  predLogp: Float64Array.from([0, Math.log(0.5)]),
  finals: [{ state: 1, logp: 0 }],
};

/** Frames whose audio sounds like A (column 0 likely) or B (column 1 likely). */
const frames = (pattern: string) => Float32Array.from([...pattern].flatMap((c) => (c === 'A' ? [-1, -9] : [-9, -1])));

describe('Viterbi forced alignment', () => {
  it('puts the boundary where the audio changes from one phone to the next', () => {
    const segments = viterbi(chain, frames('AAAABB'), 2, Int32Array.from([0, 1]));
    expect(segments.map(({ phone, start, end }) => ({ phone, start, end }))).toEqual([
      { phone: 0, start: 0, end: 4 },
      { phone: 1, start: 4, end: 6 },
    ]);
    // Each segment's log-likelihood sums its frames' emissions.
    expect(segments[0]!.loglik).toBeCloseTo(-4);
    expect(segments[1]!.loglik).toBeCloseTo(-2);
  });

  it('still visits every phone of the script when the audio sounds like one of them throughout', () => {
    const segments = viterbi(chain, frames('AAAAAA'), 2, Int32Array.from([0, 1]));
    expect(segments.map((s) => [s.phone, s.end - s.start])).toEqual([
      [0, 5],
      [1, 1],
    ]);
  });

  it('refuses audio with fewer frames than the script has states', () => {
    expect(() => viterbi(chain, frames('A'), 2, Int32Array.from([0, 1]))).toThrow(OralisError);
  });
});
