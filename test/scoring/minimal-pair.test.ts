import { describe, expect, it } from 'vitest';
import { WordSuccessEnvelope } from '../../src/contract/schema.js';
import { createNodeEngine } from '../../src/node.js';
import { fixture } from '../helpers/paths.js';

// espeak-ng recordings of "sheep" and "ship" (scripts/make-audio-fixtures.sh).
const engine = createNodeEngine();

async function score(word: string, audio: string) {
  return WordSuccessEnvelope.parse(await engine.scoreWord({ word }, fixture(`speech-${audio}.wav`))).word_score;
}

/** The right word scores above the wrong one, and its vowel clearly so. */
async function expectRightAboveWrong(spoken: string, other: string, vowel: string, otherVowel: string) {
  const right = await score(spoken, spoken);
  const wrong = await score(other, spoken);
  expect(right.quality_score).toBeGreaterThan(wrong.quality_score);
  const rightVowel = right.phone_score_list.find((p) => p.phone === vowel)!;
  const wrongVowel = wrong.phone_score_list.find((p) => p.phone === otherVowel)!;
  expect(rightVowel.quality_score - wrongVowel.quality_score).toBeGreaterThanOrEqual(10);
}

describe('a vowel substitution is caught', () => {
  it('"sheep" read and scored as "ship": the right word and vowel clearly above the wrong ones', () => expectRightAboveWrong('sheep', 'ship', 'iy', 'ih'));

  // Known gap (issue #12): the head trained on speechocean762 calls espeak-ng's /ih/ a good /iy/
  // (GOP -3.2 nats per frame, a margin its raters' data treats as normal), so "ship" read as
  // "sheep" scores 100. This fails the day the head catches it; then make it a plain test.
  it.fails('"ship" read and scored as "sheep": the right word and vowel clearly above the wrong ones', () => expectRightAboveWrong('ship', 'sheep', 'ih', 'iy'));
});

describe.each([
  ['sheep', 'iy'],
  ['ship', 'ih'],
])('"%s" read', (spoken, vowel) => {
  it('returns phone and syllable entries with extents on the 10 ms grid', async () => {
    const right = await score(spoken, spoken);
    expect(right.phone_score_list.map((p) => p.phone)).toEqual(['sh', vowel, 'p']);
    expect(right.syllable_score_list).toHaveLength(1);
    expect(right.syllable_score_list[0]!.letters).toBe(spoken);
    const [s, v, p] = right.phone_score_list;
    expect(s!.extent[1]).toBe(v!.extent[0]);
    expect(v!.extent[1]).toBe(p!.extent[0]);
    expect(v!.stress_level).toBe(1);
    expect(s!.stress_level).toBeNull();
  });
});
