/** A word's aligned phones grouped into its syllables, with the spans stress and intonation read. */
import type { LexiconWord } from '../lexicon/lexicon.js';
import { isVowel, type Syllable } from '../lexicon/phones.js';
import { spanOf } from './spans.js';

interface AlignedPhone {
  label: string;
  extent: [number, number];
}

export interface SyllableSpan<P extends AlignedPhone> {
  syllable: Syllable;
  phones: P[];
  /** Expected stress (the lexicon's). */
  expected: 0 | 1 | 2;
  /** Extent of the syllable's vowel (its first phone when it has none), in 10 ms frames. */
  nucleus: [number, number];
  /** First to last phone of the syllable. */
  extent: [number, number];
}

/** `variant`: which of the word's pronunciations `phones` were aligned to. */
export function syllableSpans<P extends AlignedPhone>(word: LexiconWord, variant: number, phones: readonly P[]): SyllableSpan<P>[] {
  let next = 0;
  return word.syllables[variant]!.map((syllable) => {
    const own = phones.slice(next, (next += syllable.phones.length));
    return {
      syllable,
      phones: own,
      expected: syllable.stress,
      nucleus: (own.find((p) => isVowel(p.label)) ?? own[0]!).extent,
      extent: spanOf(own),
    };
  });
}
