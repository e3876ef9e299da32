import { OralisError } from '../api/errors.js';
import { pronunciations } from './dictionary.js';
import { tokenize, type Token } from './tokenize.js';

export interface LexiconWord extends Token {
  /** Alternative pronunciations of the whole word (ARPABET with stress), tried in alignment. */
  variants: string[][];
}

/** At most this many whole-word variants, so compounds of multi-variant parts stay small. */
const MAX_VARIANTS = 4;

/** Script → words with every pronunciation the lexicon knows; an unknown word is an `unknown_word` error. */
export function wordsOf(text: string): LexiconWord[] {
  const words = tokenize(text).map((token) => ({ ...token, variants: variantsOf(token) }));
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

function variantsOf(token: Token): string[][] {
  let combos: string[][] = [[]];
  for (const key of token.keys) {
    const options = pronunciations(key);
    if (options.length === 0) return [];
    combos = combos.flatMap((prefix) => options.map((o) => [...prefix, ...o])).slice(0, MAX_VARIANTS);
  }
  return combos;
}
