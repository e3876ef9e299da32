/**
 * Every number a learner sees agrees with the others: a phone that passes
 * sounded like itself, a failing one names its substitute, the overall score
 * tells the same story as the words, and words that were not said are red in
 * every mode.
 */
import { describe, expect, it } from 'vitest';
import { TextSuccessEnvelope, type TextScore } from '../../src/contract/schema.js';
import { OVERALL_WITHIN_WORDS } from '../../src/report/response.js';
import { PASS_THRESHOLD } from '../../src/scoring/quality.js';
import { createNodeEngine } from '../../src/node.js';
import { fixture } from '../helpers/paths.js';

const engine = createNodeEngine();
const bear = fixture('../../../examples/we-call-it-bear.wav');
const northWind = fixture('../../../examples/north-wind.ogg');
const NORTH_WIND = 'The north wind and the sun were disputing which was the stronger, when a traveler came along wrapped in a warm cloak.';
const score = async (text: string, audio: Uint8Array, extra: Record<string, string> = {}) =>
  TextSuccessEnvelope.parse(await engine.scoreText({ text, dialect: 'en-us', ...extra }, audio)).text_score;
const meanWord = (t: TextScore) => t.word_score_list.reduce((a, w) => a + w.quality_score, 0) / t.word_score_list.length;

describe('verdicts agree', () => {
  it.each([
    ['we call it bear', bear],
    [NORTH_WIND, northWind],
    ['we call it house', bear],
  ])('"%s": a phone passes exactly when it sounded like itself, and the overall score sits with its words', async (text, audio) => {
    const result = await score(text, audio);
    for (const p of result.word_score_list.flatMap((w) => w.phone_score_list)) {
      expect(p.sound_most_like === p.phone).toBe(p.quality_score >= PASS_THRESHOLD);
    }
    expect(Math.abs(result.service_score.pronunciation - meanWord(result))).toBeLessThanOrEqual(OVERALL_WITHIN_WORDS + 0.5);
  });

  it('a substituted word fails, and words away from it stay as they were', async () => {
    const right = await score('we call it bear', bear);
    const wrong = await score('we call it house', bear);
    const house = wrong.word_score_list[3]!;
    expect(house.quality_class).toBe('fail');
    expect(house.quality_score).toBeLessThan(60);
    expect(house.quality_score).toBeLessThan(right.word_score_list[3]!.quality_score - 20);
    // "it" shares a boundary with the wrong word, so its final /t/ is aligned differently; "we call" is not.
    for (const i of [0, 1]) expect(Math.abs(wrong.word_score_list[i]!.quality_score - right.word_score_list[i]!.quality_score)).toBeLessThanOrEqual(10);
  });
});

describe('words not said', () => {
  it.each<Record<string, string>>([{}, { include_fluency: '1' }])('are red and fail in every mode (%o), and the overall drops with them', async (mode) => {
    const clean = await score('we call it bear', bear, mode);
    const longer = await score('we call it bear and then we all went home', bear, mode);
    const unread = longer.word_score_list.slice(4);
    expect(unread).toHaveLength(6);
    for (const w of unread) {
      expect(w.quality_class).toBe('fail');
      expect(w.quality_score).toBeLessThan(60);
    }
    expect(longer.service_score.pronunciation).toBeLessThan(clean.service_score.pronunciation - 20);
  });
});
