import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { letterToSoundAgreement } from '../../../src/eval/letter-to-sound.js';
import { FR_FR } from '../../../src/languages/fr/index.js';
import { pronunciations, recordDictionary } from '../../../src/lexicon/dictionary.js';
import { pronounceSpelling } from '../../../src/languages/fr/spelling.js';

const say = (word: string) => pronounceSpelling(word, FR_FR.phoneSet.vowels).map((v) => v.join(' ').replace(/\d/g, ''));

describe('French letter-to-sound', () => {
  it.each([
    // c, ç, ch and g, gu, gn, ge before a back vowel
    ['ceci', 's ax s iy'],
    ['garçon', 'g aa r s on'],
    ['chrétien', 'k r ey t y in'],
    ['gens', 'zh an'],
    ['mangeons', 'm an zh on'],
    ['guerre', 'g eh r'],
    ['gagner', 'g aa n y ey'],
    // s between vowels, ss
    ['rose', 'r ow z'],
    ['tasse', 't aa s'],
    // nasal vowels, and no nasal before a vowel or a second n
    ['bon', 'b on'],
    ['bonne', 'b ow n'],
    ['pleine', 'p l eh n'],
    ['faim', 'f in'],
    ['sympa', 's in p aa'],
    ['une', 'ux n'],
    ['ennui', 'an n uy iy'],
    // silent endings: verb -ent, -er, -ez, final consonants; -ment is sounded
    ['parlent', 'p aa r l'],
    ['parler', 'p aa r l ey'],
    ['assez', 'aa s ey'],
    ['moment', 'm ow m an'],
    ['lait', 'l eh'],
    ['deux', 'd eu'],
    ['cinq', 's in k'],
    // ill: a glide, except in ville
    ['fille', 'f iy y'],
    ['ville', 'v iy l'],
    ['feuille', 'f oe y'],
    // vowel digraphs and glides
    ['beau', 'b ow'],
    ['pauvre', 'p ow v r'],
    ['loin', 'l w in'],
    ['oui', 'w iy'],
    ['roue', 'r uw'],
    ['heure', 'oe r'],
    ['pied', 'p y ey'],
    // -tion against question; ex before a vowel
    ['nation', 'n aa s y on'],
    ['question', 'k eh s t y on'],
    ['exemple', 'eh g z an p l'],
    ['taxi', 't aa k s iy'],
  ])('reads %s as /%s/', (word, phones) => {
    expect(say(word)[0]).toBe(phones);
  });

  it('the words of VoxForge prompts the dictionary lacks', () => {
    expect(say('injectait')).toEqual(['in zh eh k t eh']);
    expect(say('engourdissait')).toEqual(['an g uw r d iy s eh']);
    expect(say('contemplerez')[0]).toBe('k on t an p l ax r ey');
  });

  it('also gives the word without the schwas French drops, and marks stress on the last full vowel', () => {
    expect(say('petite')).toEqual(['p ax t iy t', 'p t iy t']);
    expect(say('appartement')).toEqual(['aa p aa r t ax m an']);
    expect(pronounceSpelling('maison', FR_FR.phoneSet.vowels)).toEqual([['m', 'eh0', 'z', 'on1']]);
    expect(pronounceSpelling('le', FR_FR.phoneSet.vowels)).toEqual([['l', 'ax1']]);
  });

  it('reads nothing it has no rule for, and no word without a vowel', () => {
    expect(say('smørrebrød')).toEqual([]);
    expect(say('h')).toEqual([]);
  });

  it('agrees with the French dictionary on at least 77 % of its 105,730 words (phone error rate at most 6.5 %)', () => {
    const record = JSON.parse(readFileSync(new URL('../../../models/fr/lexicon.json', import.meta.url), 'utf8')) as Record<string, string>;
    const dictionary = recordDictionary(record);
    // Each word once: its variants are listed under "word(2)", "word(3)".
    const listed = Object.keys(record)
      .filter((key) => !/\(\d+\)$/.test(key))
      .map((word): [string, string[][]] => [word, pronunciations(dictionary, word)]);
    const agreement = letterToSoundAgreement(listed, (w) => pronounceSpelling(w, FR_FR.phoneSet.vowels));
    expect(agreement.words).toBe(105_730);
    expect(agreement.word_agreement).toBeGreaterThan(0.77);
    expect(agreement.phone_error_rate).toBeLessThan(0.065);
  });
});
