import { describe, expect, it } from 'vitest';
import { OralisError } from '../../src/contract/errors.js';
import { enUsLexicon } from '../helpers/lexicon.js';
import { EN_US } from '../../src/languages/en-us/index.js';
import { wordsOf } from '../../src/lexicon/lexicon.js';
import { tokenize } from '../../src/lexicon/tokenize.js';

const lexicon = await enUsLexicon();

describe('text normalisation', () => {
  it('keeps spelling, moves punctuation to ending_punctuation, lower-cases lookups', () => {
    expect(tokenize('"Hello," she said. Don’t!', EN_US)).toEqual([
      { text: 'Hello', ending_punctuation: ',"', keys: ['hello'] },
      { text: 'she', keys: ['she'] },
      { text: 'said', ending_punctuation: '.', keys: ['said'] },
      { text: 'Don’t', ending_punctuation: '!', keys: ["don't"] },
    ]);
  });

  it('spells numbers and splits hyphenated words for lookup', () => {
    expect(tokenize('42 twenty-one 1st', EN_US)[0]!.keys).toEqual(['forty', 'two']);
    expect(tokenize('twenty-one', EN_US)[0]!.keys).toEqual(['twenty', 'one']);
    expect(tokenize('1999', EN_US)[0]!.keys).toEqual(['one', 'thousand', 'nine', 'hundred', 'ninety', 'nine']);
    expect(tokenize('3rd', EN_US)[0]!.keys).toEqual(['three']);
  });

  it('offers every lexicon variant for alignment', () => {
    const [read] = wordsOf(lexicon, 'read');
    expect(read!.variants).toEqual([
      ['R', 'EH1', 'D'],
      ['R', 'IY1', 'D'],
    ]);
  });

  it('drops the comments some CMUdict entries carry', () => {
    expect(wordsOf(lexicon, 'fine')[0]!.variants).toEqual([
      ['F', 'AY1', 'N'],
      ['F', 'IH1', 'N', 'AH0'],
    ]);
  });

  it('names unknown words', () => {
    try {
      wordsOf(lexicon, 'the blorptastic cat');
      expect.unreachable();
    } catch (error) {
      expect(error).toBeInstanceOf(OralisError);
      expect((error as OralisError).code).toBe('unknown_word');
      expect((error as OralisError).message).toContain('"blorptastic"');
    }
  });
});
