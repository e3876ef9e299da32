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

const spanish = (id: string, accent: SpanishAccent): Language => ({
  id,
  phoneSet: PHONE_SET,
  syllabify,
  spellNumber,
  pronounce: (key) => {
    const syllables = pronounceSpelling(key, accent);
    return syllables ? [syllables.flatMap((s) => s.phones)] : [];
  },
  // The rules cover every word in Spanish letters; a word in others (a foreign name) has no guess either.
  guessPronunciations: async () => new Map(),
});

export const ES_ES = spanish('es-es', { ce: 'z', ll: 'll' });
export const ES_MX = spanish('es-mx', { ce: 's', ll: 'y' });
