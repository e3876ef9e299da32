import { existsSync, readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { createNodeEngine } from '../../../src/node.js';
import { median } from '../../../src/util/stats.js';
import { fixture, SHARED } from '../../helpers/paths.js';

const engine = createNodeEngine();
const VOXFORGE = `${SHARED}/models-src/fr-sppas/voxforge-fr`;
const pronunciation = async (text: string, audio: Uint8Array) => {
  const r = await engine.scoreText({ text, dialect: 'fr-fr', include_fluency: '1', include_unknown_words: '1' }, audio);
  if (r.status !== 'success') throw new Error(JSON.stringify(r));
  return r.text_score;
};

describe('French (fr-fr, fr-ca), experimental', () => {
  it.runIf(existsSync(VOXFORGE))('scores all ten native VoxForge readings (three need letter-to-sound) of their own prompts at least 25 above the same audio read against other prompts (median)', async () => {
    const ids = [...Array(10).keys()].map((k) => 495 + k);
    const prompt = (id: number) => readFileSync(`${VOXFORGE}/fr-sb-${id}.txt`, 'utf8');
    const own: number[] = [];
    const other: number[] = [];
    for (const id of ids) {
      const audio = new Uint8Array(readFileSync(`${VOXFORGE}/fr-sb-${id}.wav`));
      own.push((await pronunciation(prompt(id), audio)).service_score.pronunciation);
      other.push((await pronunciation(prompt(((id - 495 + 3) % 10) + 495), audio)).service_score.pronunciation);
    }
    expect(median(own)).toBeGreaterThanOrEqual(median(other) + 25);
  });

  it('scores a French sentence with French syllables and flags it read against another sentence', async () => {
    const audio = fixture('fr/classe-fr-fr.ogg');
    const own = await pronunciation("une classe entière qui a bien vu comment ça s'est passé", audio);
    const other = await pronunciation('le chat mange la souris grise dans le jardin', audio);
    expect(own.word_score_list.find((w) => w.word === 'entière')!.syllable_score_list.map((s) => s.letters.length > 0)).toEqual([true, true]);
    expect(own.word_score_list.map((w) => w.phone_score_list.map((p) => p.phone).join(' '))).toContain('an t y eh r');
    expect(other.score_issue_list?.map((i) => i.short_message)).toContain('response_incomplete');
    expect(other.service_score.pronunciation).toBeLessThan(own.service_score.pronunciation);
  });

  it.runIf(existsSync(`${SHARED}/models-src/fr-sppas/samples-frq`))('scores Quebec speech under fr-ca on the Quebec model: a full text_score', async () => {
    const audio = new Uint8Array(readFileSync(`${SHARED}/models-src/fr-sppas/samples-frq/Sample_2_PFCquebec_CQAAB1.wav`));
    const r = await engine.scoreText({ text: 'Finalement il y aurait eu avantage à prendre des conseils des amérindiens probablement', dialect: 'fr-ca', include_fluency: '1' }, audio);
    if (r.status !== 'success') throw new Error(JSON.stringify(r));
    expect(r.text_score.word_score_list).toHaveLength(13);
    expect(r.text_score.service_score.pronunciation).toBeGreaterThanOrEqual(70);
    expect(r.text_score.fluency?.overall_metrics.word_count).toBe(13);
  });

  it('pronounces a word the dictionary lacks by rule only when asked (include_unknown_words=1), and refuses the English-only switches', async () => {
    const audio = fixture('fr/classe-fr-fr.ogg');
    const refused = await engine.scoreText({ text: 'une classe zorglubienne', dialect: 'fr-fr' }, audio);
    expect(refused).toMatchObject({ status: 'error', short_message: 'unknown_word' });
    expect(refused.status === 'error' && refused.detail_message).toContain('include_unknown_words=1');
    const guessed = await engine.scoreText({ text: 'une classe zorglubienne', dialect: 'fr-fr', include_unknown_words: '1' }, audio);
    if (guessed.status !== 'success') throw new Error(JSON.stringify(guessed));
    expect(guessed.text_score.word_score_list.at(-1)!.phone_score_list.map((p) => p.phone).join(' ')).toBe('z ow r g l ux b y eh n');
    expect(await engine.scoreText({ text: 'une classe', dialect: 'fr-fr', include_intonation: '1' }, audio)).toMatchObject({ short_message: 'invalid_parameter' });
  });
});
