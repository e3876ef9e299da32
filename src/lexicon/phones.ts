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

/**
 * Syllables that start at `starts` (phone indices, the first 0), with the
 * spelling's letters shared out in proportion to phones: for a pack's rule
 * over phones, where no spelling rule says which letters a syllable covers.
 */
export function syllablesAt(phones: readonly string[], starts: readonly number[], spelling: string): Syllable[] {
  const groups = starts.map((s, k) => phones.slice(s, starts[k + 1] ?? phones.length));
  let letterAt = 0;
  let phoneAt = 0;
  return groups.map((group, k) => {
    phoneAt += group.length;
    const end = k === groups.length - 1 ? spelling.length : Math.round((phoneAt / phones.length) * spelling.length);
    const letters = spelling.slice(letterAt, Math.max(letterAt, end));
    letterAt = Math.max(letterAt, end);
    return { phones: group, stress: syllableStress(group), letters };
  });
}
