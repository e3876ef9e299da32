import { OralisError } from '../api/errors.js';
import { pronunciations } from './dictionary.js';
import { parseMarkup } from './markup.js';
import type { Syllable } from './syllables.js';
import { tokenize, type Token } from './tokenize.js';

export interface LexiconWord extends Token {
  /** Alternative pronunciations of the whole word (ARPABET with stress), tried in alignment. */
  variants: string[][];
  /** Syllables fixed by markup; otherwise they are derived from the aligned pronunciation. */
  syllables?: Syllable[];
}

/** How a script is read: plain text, or with arpa_mark markup (stress digits optional in Score Word). */
export type MarkupMode = 'none' | 'text' | 'word';

/** At most this many whole-word variants, so compounds of multi-variant parts stay small. */
const MAX_VARIANTS = 4;

const LEADING_PUNCTUATION = /^[^\s\p{L}\p{N}[]+/u;

/** Script → words with every pronunciation the lexicon knows; an unknown word is an `unknown_word` error. */
export function wordsOf(text: string, markup: MarkupMode = 'none'): LexiconWord[] {
  const words = markup === 'none' ? lookUp(text) : parseMarkup(text, markup === 'word').flatMap((segment, i, all): LexiconWord[] => {
    if ('marked' in segment) {
      const { text: spelling, syllables } = segment.marked;
      // Punctuation written straight after the closing brace belongs to the marked word.
      const next = all[i + 1];
      const punctuation = next && 'plain' in next ? (next.plain.match(LEADING_PUNCTUATION)?.[0] ?? '') : '';
      return [{ text: spelling, keys: [], variants: [syllables.flatMap((s) => s.phones)], syllables, ...(punctuation ? { ending_punctuation: punctuation } : {}) }];
    }
    const previous = all[i - 1];
    return lookUp(previous && 'marked' in previous ? segment.plain.replace(LEADING_PUNCTUATION, '') : segment.plain);
  });
  const unknown = words.filter((w) => w.variants.length === 0).map((w) => w.text);
  if (unknown.length > 0) {
    throw new OralisError(
      'unknown_word',
      `Not in the lexicon: ${unknown.map((w) => JSON.stringify(w)).join(', ')}. Check the spelling.`,
    );
  }
  if (words.length === 0) throw new OralisError('invalid_parameter', 'The text has no words to score.');
  return words;
}

const lookUp = (text: string): LexiconWord[] => tokenize(text).map((token) => ({ ...token, variants: variantsOf(token) }));

function variantsOf(token: Token): string[][] {
  let combos: string[][] = [[]];
  for (const key of token.keys) {
    const options = pronunciations(key);
    if (options.length === 0) return [];
    combos = combos.flatMap((prefix) => options.map((o) => [...prefix, ...o])).slice(0, MAX_VARIANTS);
  }
  return combos;
}
