import { describe, expect, it } from 'vitest';
import { OralisError } from '../../src/contract/errors.js';
import { packageCmudict } from '../../src/languages/en-us/cmudict-package.js';
import { wordsOf } from '../../src/lexicon/lexicon.js';
import { syllabify } from '../../src/lexicon/syllables.js';
import { tokenize } from '../../src/lexicon/tokenize.js';

const cmudict = await packageCmudict();

describe('text normalisation', () => {
  it('keeps spelling, moves punctuation to ending_punctuation, lower-cases lookups', () => {
    expect(tokenize('"Hello," she said. Don’t!')).toEqual([
      { text: 'Hello', ending_punctuation: ',"', keys: ['hello'] },
      { text: 'she', keys: ['she'] },
      { text: 'said', ending_punctuation: '.', keys: ['said'] },
      { text: 'Don’t', ending_punctuation: '!', keys: ["don't"] },
    ]);
  });

  it('spells numbers and splits hyphenated words for lookup', () => {
    expect(tokenize('42 twenty-one 1st')[0]!.keys).toEqual(['forty', 'two']);
    expect(tokenize('twenty-one')[0]!.keys).toEqual(['twenty', 'one']);
    expect(tokenize('1999')[0]!.keys).toEqual(['one', 'thousand', 'nine', 'hundred', 'ninety', 'nine']);
    expect(tokenize('3rd')[0]!.keys).toEqual(['three']);
  });

  it('offers every lexicon variant for alignment', () => {
    const [read] = wordsOf(cmudict, 'read');
    expect(read!.variants).toEqual([
      ['R', 'EH1', 'D'],
      ['R', 'IY1', 'D'],
    ]);
  });

  it('drops the comments some CMUdict entries carry', () => {
    expect(wordsOf(cmudict, 'fine')[0]!.variants).toEqual([
      ['F', 'AY1', 'N'],
      ['F', 'IH1', 'N', 'AH0'],
    ]);
  });

  it('names unknown words', () => {
    try {
      wordsOf(cmudict, 'the blorptastic cat');
      expect.unreachable();
    } catch (error) {
      expect(error).toBeInstanceOf(OralisError);
      expect((error as OralisError).code).toBe('unknown_word');
      expect((error as OralisError).message).toContain('"blorptastic"');
    }
  });
});

describe('syllables', () => {
  const summary = (phones: string, word: string) =>
    syllabify(phones.split(' '), word).map((s) => `${s.letters}:${s.phones.join(' ')}:${s.stress}`);

  it.each([
    ['P ER0 M IH1 T', 'permit', ['per:P ER0:0', 'mit:M IH1 T:1']],
    ['T EY1 B AH0 L', 'table', ['ta:T EY1:1', 'ble:B AH0 L:0']],
    ['IH0 K S T R IY1 M', 'extreme', ['ex:IH0 K:0', 'treme:S T R IY1 M:1']],
    ['B EH1 R', 'bear', ['bear:B EH1 R:1']],
    ['AE1 K R AH0 N IH2 M', 'acronym', ['a:AE1:1', 'cro:K R AH0:0', 'nym:N IH2 M:2']],
  ])('%s (%s) by maximal onset', (phones, word, expected) => {
    expect(summary(phones, word)).toEqual(expected);
  });
});
