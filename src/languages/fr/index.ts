/**
 * The French language pack (fr-fr, fr-ca) in the phones of the SPPAS French
 * models: its dictionary is MFA's french_mfa mapped to those phones, stress
 * on each word's last full vowel, plus variants without the schwas French
 * drops (scripts/convert-htk-model.py, models/fr/lexicon.json). Elided words
 * are looked up in two parts ("l'homme": "l'", "homme"); a word that may link
 * to the next one gets variants with the liaison consonant. Words the
 * dictionary lacks are pronounced by rule (spelling.ts) when a request sends
 * include_unknown_words=1.
 */
import type { Language } from '../../lexicon/language.js';
import { isVowel } from '../../lexicon/phones.js';
import { spellNumber } from './numbers.js';
import { pronounceSpelling } from './spelling.js';
import { syllabify } from './syllables.js';

/** Clitics French writes with an apostrophe before a vowel: the dictionary lists them on their own. */
const ELISION = /^(jusqu|lorsqu|puisqu|quoiqu|qu|[cdjlmnst])'(.+)$/;

const splitKey = (key: string): string[] => {
  const m = ELISION.exec(key);
  return m ? [`${m[1]}'`, ...splitKey(m[2]!)] : [key];
};

/** The sound a word's last written letter takes in liaison ("les amis", "petit ami", "un ami", "trop aimé"). */
const LIAISON: Readonly<Record<string, string>> = { s: 'z', x: 'z', z: 'z', t: 't', d: 't', n: 'n', p: 'p', r: 'r' };
/** Words that never link ("et": "et il" has no /t/). */
const NO_LIAISON = new Set(['et']);
/** A vowel or a glide starts the next word ("les yeux", "les oiseaux" link too); an h aspiré word cannot be told from the spelling, so the unlinked variant stays. */
const opensWithVowel = (phones: readonly string[]) => isVowel(phones[0] ?? '') || ['y', 'w', 'uy'].includes(phones[0] ?? '');

const liaison = (word: string, next: readonly (readonly string[])[]): string | undefined => {
  const lower = word.toLowerCase();
  if (NO_LIAISON.has(lower) || !next.some(opensWithVowel)) return undefined;
  return LIAISON[lower.at(-1) ?? ''];
};

const VOWELS: ReadonlySet<string> = new Set(['aa', 'an', 'ax', 'eh', 'eu', 'ey', 'in', 'iy', 'oe', 'on', 'ow', 'uw', 'ux']);

export const FR_FR: Language = {
  id: 'fr',
  dictionaryFile: 'fr/lexicon.json',
  phoneSet: {
    name: 'the French phones (lower-case ARPABET where it has the sound: README, "French")',
    vowels: VOWELS,
    consonants: new Set(['b', 'd', 'f', 'g', 'k', 'l', 'm', 'n', 'p', 'r', 's', 'sh', 't', 'uy', 'v', 'w', 'y', 'z', 'zh']),
  },
  syllabify,
  splitKey,
  liaison,
  spellNumber,
  // Rules rather than espeak-ng: npm phonemizer's WASM build carries English voices only.
  guessPronunciations: async (keys) => new Map(keys.map((k) => [k, pronounceSpelling(k, VOWELS)] as const).filter(([, prons]) => prons.length > 0)),
};
