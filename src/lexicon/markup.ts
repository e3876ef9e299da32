/**
 * arpa_mark phoneme markup (markup_language=arpa_mark): a word written as
 * `[<substring>|<substring>|...]{<syllable>|<syllable>|...}` is pronounced as
 * the given ARPABET syllables instead of the lexicon's entry, one syllable per
 * substring of the spelling, e.g. `[re|cord]{R IH0|K AO1 R D}` or
 * `[bath]{B AE1 TH}`. Used for heteronyms, acronyms, numbers, letter sounds
 * and non-words. A syllable may lack a vowel (a letter sound such as
 * `[s]{S}`). Vowels carry stress 0/1/2; where `stressOptional` (Score Word)
 * they may omit it, and a word without any primary stress gets it on its
 * first vowel. Errors name the character position (0-based) in the text.
 */
import { OralisError } from '../contract/errors.js';
import type { Language } from './language.js';
import { isVowel, type Syllable } from './phones.js';

export interface MarkedWord {
  /** The spelling: the substrings joined. */
  text: string;
  syllables: Syllable[];
}

/** The text as plain stretches (tokenised and looked up as usual) and marked words, in order. */
export type MarkupSegment = { plain: string } | { marked: MarkedWord };

const MARK = /\[([^\]]*)\]\{([^}]*)\}/g;

export function parseMarkup(text: string, stressOptional: boolean, phoneSet: Language['phoneSet']): MarkupSegment[] {
  const segments: MarkupSegment[] = [];
  let last = 0;
  for (const match of text.matchAll(MARK)) {
    const at = match.index;
    if (at > last) segments.push({ plain: text.slice(last, at) });
    segments.push({ marked: markedWord(match[1]!, match[2]!, at, stressOptional, phoneSet) });
    last = at + match[0].length;
  }
  if (last < text.length) segments.push({ plain: text.slice(last) });
  for (const s of segments) {
    if ('plain' in s) {
      const stray = s.plain.search(/[[\]{}]/);
      if (stray >= 0) fail(text.indexOf(s.plain) + stray, `"${s.plain[stray]}" does not open or close a [spelling]{phonemes} pair`);
    }
  }
  return segments;
}

function markedWord(spelling: string, phonemes: string, at: number, stressOptional: boolean, { name, vowels, consonants }: Language['phoneSet']): MarkedWord {
  const parts = spelling.split('|');
  const syllables = phonemes.split('|').map((s) => s.trim().split(/\s+/).filter(Boolean));
  const phonemesAt = at + spelling.length + 3;
  if (parts.some((p) => p.trim() === '')) fail(at + 1, 'an empty spelling substring');
  if (syllables.some((s) => s.length === 0)) fail(phonemesAt, 'an empty syllable');
  if (parts.length !== syllables.length) {
    fail(at, `${parts.length} spelling substring(s) but ${syllables.length} syllable(s); they must match one to one`);
  }
  let offset = phonemesAt;
  const checked = syllables.map((syllable) =>
    syllable.map((raw) => {
      const phone = raw.toUpperCase();
      offset = phonemesAt + phonemes.indexOf(raw, offset - phonemesAt);
      const base = phone.replace(/[012]$/, '');
      if (vowels.has(base)) {
        if (base === phone && !stressOptional) fail(offset, `vowel ${raw} needs a stress digit (0, 1 or 2)`);
        return phone;
      }
      if (consonants.has(phone)) return phone;
      fail(offset, `${raw} is not an ${name} phoneme${consonants.has(base) ? ' (consonants take no stress digit)' : ''}`);
    }),
  );
  // Stress left out (Score Word): unstressed, except the first vowel when nothing carries primary stress.
  const hasPrimary = checked.flat().some((p) => p.endsWith('1'));
  let firstVowel = !hasPrimary;
  const withStress = checked.map((syllable) =>
    syllable.map((p) => {
      if (!vowels.has(p)) return p;
      const digit = firstVowel ? '1' : '0';
      firstVowel = false;
      return p + digit;
    }),
  );
  return {
    text: parts.join(''),
    syllables: withStress.map((phones, i) => ({
      phones,
      letters: parts[i]!,
      stress: Number(phones.find(isVowel)?.slice(-1) ?? 0) as 0 | 1 | 2,
    })),
  };
}

function fail(position: number, reason: string): never {
  throw new OralisError('invalid_markup', `Markup error at character ${position}: ${reason}.`);
}
