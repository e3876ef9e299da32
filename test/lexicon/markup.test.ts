import { describe, expect, it } from 'vitest';
import { OralisError } from '../../src/contract/errors.js';
import { WordSuccessEnvelope } from '../../src/contract/schema.js';
import { enUsLexicon } from '../helpers/lexicon.js';
import { wordsOf } from '../../src/lexicon/lexicon.js';
import { createNodeEngine } from '../../src/node.js';
import { fixture } from '../helpers/paths.js';

const lexicon = await enUsLexicon();

const markupError = (text: string, mode: 'text' | 'word' = 'text') => {
  try {
    wordsOf(lexicon, text, mode);
  } catch (error) {
    expect(error).toBeInstanceOf(OralisError);
    expect((error as OralisError).code).toBe('invalid_markup');
    return (error as OralisError).message;
  }
  throw new Error(`no error for ${text}`);
};

describe('arpa_mark markup', () => {
  it('takes pronunciation, syllables and letters from the markup, the rest from the lexicon', () => {
    const [record, the, bear] = wordsOf(lexicon, '[re|cord]{R IH0|K AO1 R D} the [bear]{B EH1 R}.', 'text');
    expect(record).toMatchObject({ text: 'record', variants: [['R', 'IH0', 'K', 'AO1', 'R', 'D']] });
    expect(record!.syllables).toEqual([
      [
        { phones: ['R', 'IH0'], letters: 're', stress: 0 },
        { phones: ['K', 'AO1', 'R', 'D'], letters: 'cord', stress: 1 },
      ],
    ]);
    expect(the!.variants.length).toBeGreaterThan(1);
    expect(bear).toMatchObject({ text: 'bear', ending_punctuation: '.' });
  });

  it('lets Score Word leave stress out and allows vowel-less letter sounds', () => {
    expect(wordsOf(lexicon, '[bath]{b ae th}', 'word')[0]!.variants).toEqual([['B', 'AE1', 'TH']]);
    expect(wordsOf(lexicon, '[s]{S}', 'word')[0]!.syllables).toEqual([[{ phones: ['S'], letters: 's', stress: 0 }]]);
  });

  it.each([
    ['[bath]{B AE TH}', 'character 9', 'stress digit'],
    ['[bath]{B AE1 XX}', 'character 13', 'not an ARPABET phoneme'],
    ['[ba|th]{B AE1 TH}', 'character 0', 'must match one to one'],
    ['the [bath{B AE1 TH}', 'character 4', 'does not open or close'],
    ['[bath]{T1 AE1 TH}', 'character 7', 'consonants take no stress digit'],
  ])('refuses %s naming the position', (text, position, reason) => {
    const message = markupError(text);
    expect(message).toContain(position);
    expect(message).toContain(reason);
  });
});

describe('Score Word with markup', () => {
  const engine = createNodeEngine();
  it('word "[bath]{B AE1 TH}" with markup_language=arpa_mark scores phones b, ae, th', async () => {
    const envelope = WordSuccessEnvelope.parse(
      await engine.scoreWord({ word: '[bath]{B AE1 TH}', markup_language: 'arpa_mark' }, fixture('speech-sheep.wav')),
    );
    expect(envelope.word_score.word).toBe('[bath]{B AE1 TH}');
    expect(envelope.word_score.phone_score_list.map((p) => p.phone)).toEqual(['b', 'ae', 'th']);
  });

  it('a letter name is its dictionary entry and a letter sound its markup', async () => {
    const name = WordSuccessEnvelope.parse(await engine.scoreWord({ word: 'b' }, fixture('speech-sheep.wav')));
    expect(name.word_score.phone_score_list.map((p) => p.phone)).toEqual(['b', 'iy']);
    const sound = WordSuccessEnvelope.parse(await engine.scoreWord({ word: '[s]{S}', markup_language: 'arpa_mark' }, fixture('speech-sheep.wav')));
    expect(sound.word_score.phone_score_list.map((p) => p.phone)).toEqual(['s']);
  });

  it('malformed markup is an invalid_markup envelope', async () => {
    const envelope = await engine.scoreWord({ word: '[bath]{B AE1 QQ}', markup_language: 'arpa_mark' }, fixture('speech-sheep.wav'));
    expect(envelope).toMatchObject({ status: 'error', short_message: 'invalid_markup' });
  });
});
