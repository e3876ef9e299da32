import { OralisError } from '../contract/errors.js';
import { pronunciations, type PronouncingDictionary } from './dictionary.js';
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

/** Script → tokens to look up, and words whose pronunciation markup already fixes. */
function tokensOf(text: string, markup: MarkupMode): (Token | LexiconWord)[] {
  if (markup === 'none') return tokenize(text);
  return parseMarkup(text, markup === 'word').flatMap((segment, i, all): (Token | LexiconWord)[] => {
    if ('marked' in segment) {
      const { text: spelling, syllables } = segment.marked;
      // Punctuation written straight after the closing brace belongs to the marked word.
      const next = all[i + 1];
      const punctuation = next && 'plain' in next ? (next.plain.match(LEADING_PUNCTUATION)?.[0] ?? '') : '';
      return [{ text: spelling, keys: [], variants: [syllables.flatMap((s) => s.phones)], syllables, ...(punctuation ? { ending_punctuation: punctuation } : {}) }];
    }
    const previous = all[i - 1];
    return tokenize(previous && 'marked' in previous ? segment.plain.replace(LEADING_PUNCTUATION, '') : segment.plain);
  });
}

/** Lexicon keys of the script that CMUdict lacks (what include_unknown_words has to guess). */
export function unknownKeys(dictionary: PronouncingDictionary, text: string, markup: MarkupMode): string[] {
  return [...new Set(tokensOf(text, markup).flatMap((t) => t.keys.filter((k) => pronunciations(dictionary, k).length === 0)))];
}

/**
 * Script → words with every pronunciation the lexicon knows (or `guesses`
 * supplies for keys it lacks); an unknown word is an `unknown_word` error.
 */
export function wordsOf(dictionary: PronouncingDictionary, text: string, markup: MarkupMode = 'none', guesses: ReadonlyMap<string, string[]> = new Map()): LexiconWord[] {
  const words = tokensOf(text, markup).map((t) => ('variants' in t ? t : { ...t, variants: variantsOf(dictionary, t, guesses) }));
  const unknown = words.filter((w) => w.variants.length === 0).map((w) => w.text);
  if (unknown.length > 0) {
    throw new OralisError(
      'unknown_word',
      `Not in the lexicon: ${unknown.map((w) => JSON.stringify(w)).join(', ')}. Check the spelling, or send include_unknown_words=1 to have its pronunciation guessed.`,
    );
  }
  if (words.length === 0) throw new OralisError('invalid_parameter', 'The text has no words to score.');
  return words;
}

function variantsOf(dictionary: PronouncingDictionary, token: Token, guesses: ReadonlyMap<string, string[]>): string[][] {
  let combos: string[][] = [[]];
  for (const key of token.keys) {
    const known = pronunciations(dictionary, key);
    const guess = guesses.get(key);
    const options = known.length > 0 ? known : guess ? [guess] : [];
    if (options.length === 0) return [];
    combos = combos.flatMap((prefix) => options.map((o) => [...prefix, ...o])).slice(0, MAX_VARIANTS);
  }
  return combos;
}
