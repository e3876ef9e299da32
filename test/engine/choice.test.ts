import { describe, expect, it } from 'vitest';
import { TextSuccessEnvelope, WordSuccessEnvelope } from '../../src/contract/schema.js';
import { createNodeEngine } from '../../src/node.js';
import { fixture } from '../helpers/paths.js';

const engine = createNodeEngine();
const bear = fixture('../../../examples/we-call-it-bear.wav');

describe('multiple choice', () => {
  it.each(['sheep', 'ship'])('Score Word picks the spoken option among three ("%s" spoken)', async (spoken) => {
    const envelope = WordSuccessEnvelope.parse(await engine.scoreWord({ word: 'shop\nsheep\nship' }, fixture(`speech-${spoken}.wav`)));
    expect(envelope.word_score.word).toBe(spoken);
  });

  it('Score Text picks the spoken sentence and scores it', async () => {
    const text = 'they ran away\nwe call it bear\nwe call it a bird';
    const score = TextSuccessEnvelope.parse(await engine.scoreText({ text, dialect: 'en-us' }, bear)).text_score;
    expect(score.text).toBe('we call it bear');
    expect(score.word_score_list.map((w) => w.word)).toEqual(['we', 'call', 'it', 'bear']);
  });

  it('no_mc=1 scores the lines as one text', async () => {
    const score = TextSuccessEnvelope.parse(await engine.scoreText({ text: 'we call\nit bear', dialect: 'en-us', no_mc: '1' }, bear)).text_score;
    expect(score.word_score_list.map((w) => w.word)).toEqual(['we', 'call', 'it', 'bear']);
  });

  it('passes over an option the lexicon cannot pronounce', async () => {
    const envelope = WordSuccessEnvelope.parse(await engine.scoreWord({ word: 'blorptastic\nsheep' }, fixture('speech-sheep.wav')));
    expect(envelope.word_score.word).toBe('sheep');
  });
});

describe('interference ratio (include_interference_metrics=1)', () => {
  it('is the share of phones that sounded like another phone, only when asked', async () => {
    const asked = TextSuccessEnvelope.parse(await engine.scoreText({ text: 'we call it bear', dialect: 'en-us', include_interference_metrics: '1' }, bear)).text_score;
    const phones = asked.word_score_list.flatMap((w) => w.phone_score_list);
    const expected = phones.filter((p) => p.sound_most_like !== p.phone).length / phones.length;
    expect(asked.interference_ratio).toBeCloseTo(expected, 3);
    const plain = TextSuccessEnvelope.parse(await engine.scoreText({ text: 'we call it bear', dialect: 'en-us' }, bear)).text_score;
    expect(plain.interference_ratio).toBeUndefined();
    const word = WordSuccessEnvelope.parse(await engine.scoreWord({ word: 'sheep', include_interference_metrics: '1' }, fixture('speech-sheep.wav')));
    expect(word.word_score.interference_ratio).toBeGreaterThanOrEqual(0);
    expect(word.word_score.interference_ratio).toBeLessThanOrEqual(1);
  });
});
