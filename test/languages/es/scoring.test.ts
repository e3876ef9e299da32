import { existsSync, readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { createNodeEngine } from '../../../src/node.js';
import { fixture, SHARED } from '../../helpers/paths.js';

const engine = createNodeEngine();
const VOXFORGE = `${SHARED}/models-src/es-sphinx/voxforge-es`;

describe('Spanish scoring (es-es, es-mx)', () => {
  // Three of the ten recordings; `npm run eval:spanish` scores all of them (README, "Spanish").
  it.runIf(existsSync(VOXFORGE))('scores a native Mexican reading high against its own prompt and far lower against another', async () => {
    for (const [id, otherId] of [['0027', '0030'], ['0029', '0032'], ['0035', '0028']]) {
      const audio = new Uint8Array(readFileSync(`${VOXFORGE}/es-${id}.wav`));
      const own = await engine.scoreText({ text: readFileSync(`${VOXFORGE}/es-${id}.txt`, 'utf8'), dialect: 'es-mx', include_fluency: '1' }, audio);
      const other = await engine.scoreText({ text: readFileSync(`${VOXFORGE}/es-${otherId}.txt`, 'utf8'), dialect: 'es-mx', include_fluency: '1' }, audio);
      if (own.status !== 'success' || other.status !== 'success') throw new Error(`es-${id}: ${JSON.stringify([own, other])}`);
      expect(own.text_score.service_score.pronunciation).toBeGreaterThanOrEqual(70);
      expect(own.text_score.score_issue_list ?? []).toEqual([]);
      expect(other.text_score.service_score.pronunciation).toBeLessThan(own.text_score.service_score.pronunciation - 25);
      expect(other.text_score.score_issue_list?.map((i) => i.short_message)).toContain('response_incomplete');
    }
  });

  it('gives a Spanish word its syllables and stress, and scores a letter by its name', async () => {
    const word = await engine.scoreWord({ word: 'zapato', dialect: 'es-es' }, fixture('es/zapato-es.ogg'));
    if (word.status !== 'success') throw new Error(JSON.stringify(word));
    expect(word.word_score.syllable_score_list.map((s) => [s.letters, s.stress_level])).toEqual([['za', 0], ['pa', 1], ['to', 0]]);
    expect(word.word_score.quality_score).toBeGreaterThan(80);
    const jota = await engine.scoreWord({ word: 'j', dialect: 'es-mx' }, fixture('es/jota-es-419.ogg'));
    if (jota.status !== 'success') throw new Error(JSON.stringify(jota));
    expect(jota.word_score.quality_score).toBeGreaterThan(80);
    expect(jota.word_score.phone_score_list.map((p) => p.phone)).toEqual(['j', 'o', 't', 'a']);
  });

  // Known miss (README, "Spanish"): espeak's "jota" scored as "ñ" (eñe) comes out 100: the warp search picks a
  // warp under which the model hears its o as e, and the alignment leaves j and ta to silence. This fails the
  // day that is caught; then make it a plain test.
  it.fails('scores a letter said as another letter far lower', async () => {
    const asEñe = await engine.scoreWord({ word: 'ñ', dialect: 'es-es' }, fixture('es/jota-es.ogg'));
    if (asEñe.status !== 'success') throw new Error(JSON.stringify(asEñe));
    expect(asEñe.word_score.quality_score).toBeLessThan(60);
  });

  it('refuses what the spec offers for English only, naming it, instead of scoring without it', async () => {
    const envelope = await engine.scoreText({ text: 'cielo', dialect: 'es-es', include_intonation: '1' }, fixture('es/cielo-es.ogg'));
    expect(envelope).toMatchObject({ status: 'error', short_message: 'invalid_parameter' });
    expect(envelope.status === 'error' && envelope.detail_message).toMatch(/include_intonation.*English/);
  });
});
