/**
 * How every language pack writes pronunciations: the acoustic model's phone
 * names, each vowel followed by its stress digit (0 unstressed, 1 primary,
 * 2 secondary), consonants bare. CMUdict's ARPABET is written this way; the
 * other packs' lexicons are mapped onto it.
 */
export const basePhone = (phone: string) => phone.replace(/\d$/, '');

/** A vowel is a phone that carries a stress digit. */
export const isVowel = (phone: string) => /[012]$/.test(phone);

/** A syllable's stress: its vowel's digit (a syllable has one vowel; 0 for one with none, such as a letter sound). */
export const syllableStress = (phones: readonly string[]): 0 | 1 | 2 => Number(phones.find(isVowel)?.slice(-1) ?? 0) as 0 | 1 | 2;

export interface Syllable {
  /** Phones with stress digits, as in the lexicon. */
  phones: string[];
  stress: 0 | 1 | 2;
  letters: string;
}
