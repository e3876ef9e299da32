import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { FR_FR } from '../../../src/languages/fr/index.js';
import { recordDictionary, pronunciations } from '../../../src/lexicon/dictionary.js';
import { tokenize } from '../../../src/lexicon/tokenize.js';
import { wordsOf } from '../../../src/lexicon/lexicon.js';

const lexicon = recordDictionary(JSON.parse(readFileSync(new URL('../../../models/fr/lexicon.json', import.meta.url), 'utf8')) as Record<string, string>);

describe('the French pack', () => {
  it('reads numbers the French way: "et un", vigesimal 70–99, plural only at the end', () => {
    const said: [number, string][] = [
      [0, 'zéro'],
      [17, 'dix sept'],
      [21, 'vingt et un'],
      [71, 'soixante et onze'],
      [77, 'soixante dix sept'],
      [80, 'quatre vingts'],
      [81, 'quatre vingt un'],
      [91, 'quatre vingt onze'],
      [200, 'deux cents'],
      [201, 'deux cent un'],
      [280_000, 'deux cent quatre vingt mille'],
      [1999, 'mille neuf cent quatre vingt dix neuf'],
      [2_000_080, 'deux millions quatre vingts'],
    ];
    expect(said.map(([n]) => FR_FR.spellNumber(n).join(' '))).toEqual(said.map(([, words]) => words));
  });

  it('has every word a number is read with in its dictionary', () => {
    const words = new Set([...Array(1000).keys(), 1000, 2000, 1_000_000, 3_000_000].flatMap((n) => FR_FR.spellNumber(n)));
    expect([...words].filter((w) => pronunciations(lexicon, w).length === 0)).toEqual([]);
  });

  it('looks elided words up in two parts, and keeps a word written with an apostrophe whole', () => {
    const keys = (text: string) => tokenize(text, FR_FR).map((t) => t.keys);
    expect(keys("l'homme qu'il jusqu'à aujourd'hui")).toEqual([["l'", 'homme'], ["qu'", 'il'], ["jusqu'", 'à'], ["aujourd'hui"]]);
    expect(keys('s’est')).toEqual([["s'", 'est']]);
  });

  it('stresses the last full vowel, lets a schwa drop where French drops it, and cuts syllables before a consonant, a consonant + glide or an obstruent + liquid', () => {
    const syllables = (word: string) => FR_FR.syllabify(pronunciations(lexicon, word)[0]!, word).map((s) => `${s.phones.join(' ')}/${s.stress}`);
    expect(syllables('entière')).toEqual(['an0/0', 't y eh1 r/1']);
    expect(syllables('petite')).toEqual(['p ax0/0', 't iy1 t/1']);
    expect(syllables('tableau')).toEqual(['t aa0/0', 'b l ow1/1']);
    // A schwa French may drop gets a variant without it: after one consonant, not after two ("appartement").
    expect(pronunciations(lexicon, 'petite').map((p) => p.join(' '))).toContain('p t iy1 t');
    expect(pronunciations(lexicon, 'appartement').map((p) => p.join(' '))).toEqual(['aa0 p aa0 r t ax0 m an1']);
    // A schwa is stressed only where the word has no other vowel.
    expect(pronunciations(lexicon, 'le').map((p) => p.join(' '))).toContain('l ax1');
  });

  it('offers the liaison consonant before a vowel or glide (alignment chooses), never after "et" nor before a consonant', () => {
    const variants = (text: string) => wordsOf({ language: FR_FR, dictionary: lexicon }, text).map((w) => w.variants.map((v) => v.join(' ')));
    expect(variants('les amis')[0]).toEqual(['l ey1', 'l ey1 z']);
    expect(variants('les yeux')[0]).toContain('l ey1 z');
    expect(variants('un ami')[0]).toContain('in1 n');
    expect(variants('les chats')[0]).toEqual(['l ey1']);
    expect(variants('et il')[0]).toEqual(['ey1']);
  });
});
