/**
 * The French language pack (fr-fr) in the phones of the SPPAS French model
 * (models/fr/): its dictionary is MFA's french_mfa mapped to those phones
 * with stress on each word's last full vowel (scripts/convert-htk-model.py);
 * elided words are looked up in two parts ("l'homme": "l'", "homme").
 * Still missing (README, "French"): liaison, optional schwa, letter-to-sound
 * for words the dictionary lacks.
 */
import type { Language } from '../../lexicon/language.js';
import { spellNumber } from './numbers.js';
import { syllabify } from './syllables.js';

/** Clitics French writes with an apostrophe before a vowel: the dictionary lists them on their own. */
const ELISION = /^(jusqu|lorsqu|puisqu|quoiqu|qu|[cdjlmnst])'(.+)$/;

const splitKey = (key: string): string[] => {
  const m = ELISION.exec(key);
  return m ? [`${m[1]}'`, ...splitKey(m[2]!)] : [key];
};

export const FR_FR: Language = {
  id: 'fr',
  dictionaryFile: 'fr/lexicon.json',
  phoneSet: {
    name: 'the French phones (lower-case ARPABET where it has the sound: README, "French")',
    vowels: new Set(['aa', 'an', 'ax', 'eh', 'eu', 'ey', 'in', 'iy', 'oe', 'on', 'ow', 'uw', 'ux']),
    consonants: new Set(['b', 'd', 'f', 'g', 'k', 'l', 'm', 'n', 'p', 'r', 's', 'sh', 't', 'uy', 'v', 'w', 'y', 'z', 'zh']),
  },
  syllabify,
  splitKey,
  spellNumber,
  // No French letter-to-sound yet (npm phonemizer's espeak-ng build has only English voices): a word the
  // dictionary lacks stays an unknown_word error, which says so.
};
