/**
 * The Spanish language pack: es-es (distinción, /ʎ/) and es-mx (seseo,
 * yeísmo) in the phones of the CMU Sphinx Spanish model (models/es/). Every
 * word written in Spanish letters is pronounced by rule (spelling.ts), so the
 * pack needs no dictionary file; syllables and lexical stress come from the
 * spelling too.
 */
import type { Language } from '../../lexicon/language.js';
import { spellNumber } from './numbers.js';
import { pronounceSpelling, type SpanishAccent } from './spelling.js';
import { syllabify } from './syllables.js';

const PHONE_SET: Language['phoneSet'] = {
  name: 'the Sphinx Spanish phones',
  vowels: new Set(['a', 'e', 'i', 'o', 'u']),
  consonants: new Set(['b', 'ch', 'd', 'f', 'g', 'gn', 'j', 'k', 'l', 'll', 'm', 'n', 'p', 'r', 'rr', 's', 't', 'x', 'y', 'z']),
};

/**
 * What a letter said on its own is called (Score Word's letter-name kind:
 * "j" is "jota"), the RAE's names first, then the others teachers on both
 * sides of the Atlantic accept; "y" alone is also the word "y".
 */
const LETTER_NAMES: ReadonlyMap<string, readonly string[]> = new Map(
  Object.entries({
    b: ['be'], c: ['ce'], d: ['de'], f: ['efe'], g: ['ge'], h: ['hache'], j: ['jota'], k: ['ka'], l: ['ele'], m: ['eme'], n: ['ene'],
    ñ: ['eñe'], p: ['pe'], q: ['cu'], r: ['erre', 'ere'], s: ['ese'], t: ['te'], v: ['uve', 've'], w: ['uve doble', 'doble ve', 'doble u'],
    x: ['equis'], y: ['y', 'ye', 'i griega'], z: ['zeta'],
  }),
);

const spanish = (id: string, accent: SpanishAccent): Language => {
  const phonesOf = (text: string) => {
    const words = text.split(' ').map((w) => pronounceSpelling(w, accent));
    return words.every((w) => w !== undefined) ? words.flat().flatMap((s) => s.phones) : undefined;
  };
  return {
    id,
    phoneSet: PHONE_SET,
    syllabify,
    spellNumber,
    pronounce: (key) =>
      (LETTER_NAMES.get(key) ?? [key]).map(phonesOf).filter((phones) => phones !== undefined),
    // The rules cover every word in Spanish letters; a word in others (a foreign name) has no guess either.
    guessPronunciations: async () => new Map(),
  };
};

export const ES_ES = spanish('es-es', { ce: 'z', ll: 'll' });
export const ES_MX = spanish('es-mx', { ce: 's', ll: 'y' });
