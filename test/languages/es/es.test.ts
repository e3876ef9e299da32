import { existsSync, readFileSync } from 'node:fs';
import { gunzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { ES_ES, ES_MX } from '../../../src/languages/es/index.js';
import { spellNumber } from '../../../src/languages/es/numbers.js';
import { recordDictionary } from '../../../src/lexicon/dictionary.js';
import { wordsOf } from '../../../src/lexicon/lexicon.js';
import { SHARED } from '../../helpers/paths.js';

const phones = (language: typeof ES_ES, word: string) => language.pronounce!(word)[0]!.join(' ');

describe('Spanish letter-to-sound (src/languages/es/spelling.ts)', () => {
  it.each([
    // c/z/s: distinción in es-es, seseo in es-mx
    ['cielo', 'z i e1 l o0', 's i e1 l o0'],
    ['zapato', 'z a0 p a1 t o0', 's a0 p a1 t o0'],
    ['casa', 'k a1 s a0', 'k a1 s a0'],
    ['caza', 'k a1 z a0', 'k a1 s a0'],
    ['acción', 'a0 k z i o1 n', 'a0 k s i o1 n'],
    // g/j, gu/gü, qu
    ['gente', 'j e1 n t e0', 'j e1 n t e0'],
    ['gato', 'g a1 t o0', 'g a1 t o0'],
    ['guerra', 'g e1 rr a0', 'g e1 rr a0'],
    ['pingüino', 'p i0 n g u i1 n o0', 'p i0 n g u i1 n o0'],
    ['queso', 'k e1 s o0', 'k e1 s o0'],
    // ll/y: /ʎ/ in es-es, yeísmo in es-mx; y as a vowel at the end of a word
    ['llave', 'll a1 b e0', 'y a1 b e0'],
    ['calle', 'k a1 ll e0', 'k a1 y e0'],
    ['yo', 'y o1', 'y o1'],
    ['rey', 'rr e1 i', 'rr e1 i'],
    // r/rr: trilled at the start, after n/l/s and when doubled
    ['pero', 'p e1 r o0', 'p e1 r o0'],
    ['perro', 'p e1 rr o0', 'p e1 rr o0'],
    ['rosa', 'rr o1 s a0', 'rr o1 s a0'],
    ['honra', 'o1 n rr a0', 'o1 n rr a0'],
    // h is silent
    ['ahora', 'a0 o1 r a0', 'a0 o1 r a0'],
    ['hueso', 'u e1 s o0', 'u e1 s o0'],
    // x: /ks/, /s/ at the start, the jota in México
    ['taxi', 't a1 x i0', 't a1 x i0'],
    ['xilófono', 's i0 l o1 f o0 n o0', 's i0 l o1 f o0 n o0'],
    ['méxico', 'm e1 j i0 k o0', 'm e1 j i0 k o0'],
    ['niño', 'n i1 gn o0', 'n i1 gn o0'],
    // diphthongs (a glide has no stress digit) and hiatus
    ['bien', 'b i e1 n', 'b i e1 n'],
    ['ciudad', 'z i u0 d a1 d', 's i u0 d a1 d'],
    ['cauto', 'k a1 u t o0', 'k a1 u t o0'],
    ['país', 'p a0 i1 s', 'p a0 i1 s'],
    ['poeta', 'p o0 e1 t a0', 'p o0 e1 t a0'],
    ['leía', 'l e0 i1 a0', 'l e0 i1 a0'],
    ['muy', 'm u i1', 'm u i1'],
  ])('%s: es-es %s, es-mx %s', (word, es, mx) => {
    expect(phones(ES_ES, word)).toBe(es);
    expect(phones(ES_MX, word)).toBe(mx);
  });

  it('says a letter on its own by its name (Score Word letter names), in each dialect\'s sounds', () => {
    const all = (language: typeof ES_ES, letter: string) => language.pronounce!(letter).map((p) => p.join(' '));
    expect(all(ES_ES, 'j')).toEqual(['j o1 t a0']);
    expect(all(ES_MX, 'ñ')).toEqual(['e1 gn e0']);
    expect(all(ES_ES, 'c')).toEqual(['z e1']);
    expect(all(ES_MX, 'z')).toEqual(['s e1 t a0']);
    expect(all(ES_ES, 'v')).toEqual(['u1 b e0', 'b e1']);
    // "y" alone is also the conjunction.
    expect(all(ES_MX, 'y')).toEqual(['i1', 'y e1', 'i1 g r i e1 g a0']);
    expect(all(ES_ES, 'a')).toEqual(['a1']);
  });

  it('reads nothing it cannot: a word in other letters has no rule pronunciation', () => {
    expect(ES_ES.pronounce!('weiß')).toEqual([]);
  });

  const modelDictionary = `${SHARED}/models-src/es-sphinx/base_dictionary.txt.gz`;
  it.runIf(existsSync(modelDictionary))('agrees with the Spanish model’s own dictionary on at least 98.5 % of its 22,663 words (es-es)', () => {
    const lines = gunzipSync(readFileSync(modelDictionary)).toString('utf8').trim().split('\n');
    const listed = new Map<string, string[]>();
    for (const line of lines) {
      const [word, ...rest] = line.trim().split(/\s+/);
      const key = word!.replace(/\(\d+\)$/, '');
      listed.set(key, [...(listed.get(key) ?? []), rest.join(' ')]);
    }
    // The 124 words in other letters (foreign names) count as disagreements.
    const agree = [...listed].filter(([word, prons]) => prons.includes((ES_ES.pronounce!(word)[0] ?? []).join(' ').replace(/\d/g, ''))).length;
    expect(agree / listed.size).toBeGreaterThan(0.985);
  });
});

describe('Spanish syllables and stress', () => {
  const syllables = (word: string) =>
    ES_ES.syllabify(ES_ES.pronounce!(word)[0]!, word).map((s) => `${s.stress === 1 ? 'ˈ' : ''}${s.letters}`).join('.');

  it.each([
    ['canción', 'can.ˈción'], // written accent
    ['casa', 'ˈca.sa'], // vowel: penultimate
    ['examen', 'e.ˈxa.men'], // n: penultimate
    ['exámenes', 'e.ˈxá.me.nes'],
    ['reloj', 're.ˈloj'], // other consonant: last
    ['ciudad', 'ciu.ˈdad'],
    ['árbol', 'ˈár.bol'],
    ['teléfono', 'te.ˈlé.fo.no'],
    ['transporte', 'trans.ˈpor.te'], // obstruent + r opens a syllable
    ['construir', 'cons.ˈtruir'],
    ['atlas', 'ˈat.las'],
    ['perro', 'ˈpe.rro'], // digraphs are one consonant
    ['llave', 'ˈlla.ve'],
    ['país', 'pa.ˈís'], // hiatus
    ['estoy', 'es.ˈtoy'], // final y counts as a consonant for stress
  ])('%s → %s', (word, expected) => {
    expect(syllables(word)).toBe(expected);
  });

  it('cuts a pronunciation the spelling does not give by the same rules (glides join their nucleus)', () => {
    const cut = ES_ES.syllabify(['a0', 'l', 't', 'r', 'u1', 'i', 's', 't', 'a0'], 'altruista?');
    expect(cut.map((s) => s.phones.join(' '))).toEqual(['a0 l', 't r u1 i s', 't a0']);
    expect(cut.map((s) => s.stress)).toEqual([0, 1, 0]);
  });
});

describe('Spanish numbers and scripts', () => {
  it.each([
    [0, 'cero'],
    [21, 'veintiuno'],
    [45, 'cuarenta y cinco'],
    [100, 'cien'],
    [101, 'ciento uno'],
    [500, 'quinientos'],
    [1000, 'mil'],
    [2021, 'dos mil veintiuno'],
    [21_000, 'veintiún mil'],
    [1_000_000, 'un millón'],
    [3_200_000, 'tres millones doscientos mil'],
  ])('%i is read "%s"', (n, words) => {
    expect(spellNumber(n).join(' ')).toBe(words);
  });

  it('gives every word of a Spanish script a pronunciation and its syllables, numbers included', () => {
    const words = wordsOf({ language: ES_MX, dictionary: recordDictionary({}) }, '¿Dónde está la estación? Son las 21 horas.');
    expect(words.map((w) => w.text)).toEqual(['Dónde', 'está', 'la', 'estación', 'Son', 'las', '21', 'horas']);
    expect(words.find((w) => w.text === 'estación')!.variants).toEqual([['e0', 's', 't', 'a0', 's', 'i', 'o1', 'n']]);
    expect(words.find((w) => w.text === '21')!.variants[0]!.join(' ')).toBe('b e0 i n t i u1 n o0');
    expect(words.find((w) => w.text === 'estación')!.syllables[0]!.map((s) => s.letters)).toEqual(['es', 'ta', 'ción']);
  });
});
