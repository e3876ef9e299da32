import { describe, expect, it } from 'vitest';
import { FluencyMetrics, TextSuccessEnvelope } from '../../src/contract/schema.js';
import { createNodeEngine } from '../../src/node.js';
import { fixture } from '../helpers/paths.js';

const engine = createNodeEngine();
const bear = fixture('../../../examples/we-call-it-bear.wav');
const score = async (text: string, audio = bear) =>
  TextSuccessEnvelope.parse(await engine.scoreText({ text, dialect: 'en-us', include_fluency: '1' }, audio)).text_score;

describe('fluency (include_fluency=1)', () => {
  it('a clean reading carries every overall_metrics field, the right word count and no issue', async () => {
    const result = await score('we call it bear');
    const overall = result.fluency!.overall_metrics;
    expect(Object.keys(overall).sort()).toEqual(Object.keys(FluencyMetrics.shape).sort());
    expect(overall.word_count).toBe(4);
    expect(overall.syllable_count).toBe(4);
    expect(overall.articulation_length).toBeLessThanOrEqual(overall.duration);
    expect(overall.speech_rate).toBeCloseTo(overall.syllable_count / overall.duration, 1);
    expect(result.score_issue_list).toBeUndefined();
    expect(result.service_score.fluency).toBeGreaterThan(50);
    expect(result.fluency!.fluency_version).toMatch(/\S/);
    const [segment] = result.fluency!.segment_metrics_list;
    expect(segment).toMatchObject({ word_count: 4, segment: [0, overall.segment[1]] });
    expect(segment!.cefr_score.fluency).toMatch(/^[ABC][012]$/);
  });

  it('the same audio against a longer text is response_incomplete with a lower fluency score', async () => {
    const clean = await score('we call it bear');
    const longer = await score('we call it bear and then we all went home');
    expect(longer.score_issue_list).toEqual([expect.objectContaining({ status: 'warning', short_message: 'response_incomplete', source: 'fluency' })]);
    expect(longer.service_score.fluency!).toBeLessThan(clean.service_score.fluency!);
    expect(longer.service_score.pronunciation).toBeLessThan(clean.service_score.pronunciation);
    expect(longer.fluency!.overall_metrics.word_count).toBe(10);
  });

  it('off-script speech (another sentence read) is response_incomplete with every word named', async () => {
    const result = await score('they ran away quickly');
    expect(result.score_issue_list![0]!.detail_message).toContain('4 of 4 words');
    expect(result.service_score.pronunciation).toBe(0);
  });

  it('a passage read against another passage with the same little words is response_incomplete, its shared words heard', async () => {
    const result = await score(
      'The sun and the wind were talking about the weather. When the children came home from school in the rain.',
      fixture('../../../examples/north-wind.ogg'),
    );
    const notHeard = result.word_score_list.filter((w) => w.quality_score === 0).map((w) => w.word);
    expect(result.score_issue_list![0]!.short_message).toBe('response_incomplete');
    expect(notHeard).toEqual(expect.arrayContaining(['weather', 'children', 'school']));
    expect(notHeard).not.toContain('wind');
    expect(result.service_score.pronunciation).toBeLessThanOrEqual(50);
  });

  it('splits segments at sentence ends and lists pauses of 250 ms or more in 10 ms frames', async () => {
    const result = await score('The north wind and the sun were disputing which was the stronger. When a traveler came along wrapped in a warm cloak.', fixture('../../../examples/north-wind.ogg'));
    const segments = result.fluency!.segment_metrics_list;
    expect(segments.map((s) => s.word_count)).toEqual([12, 10]);
    expect(segments[1]!.segment[0]).toBe(segments[0]!.segment[1]);
    for (const [a, b] of result.fluency!.overall_metrics.all_pause_list) expect(b - a).toBeGreaterThanOrEqual(25);
  });

  it('is not offered with multiple choice: newlines are read as one text', async () => {
    const result = await score('we call\nit bear');
    expect(result.word_score_list).toHaveLength(4);
  });
});
