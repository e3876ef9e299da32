import { OralisError } from '../contract/errors.js';
import { pronunciations, type PronouncingDictionary } from './dictionary.js';
import type { Guesses, Language } from './language.js';
import { parseMarkup } from './markup.js';
import type { Syllable } from './phones.js';
import { tokenize, type Token } from './tokenize.js';

export interface LexiconWord extends Token {
  /** Alternative pronunciations of the whole word (lexicon/phones.ts), tried in alignment. */
  variants: string[][];
  /** Each variant's syllables: fixed by markup, else by the language's syllabification. */
  syllables: Syllable[][];
}

/** A language pack with its loaded dictionary: what scripts are looked up in. */
export interface Lexicon {
  language: Language;
  dictionary: PronouncingDictionary;
}

/** How a script is read: plain text, or with arpa_mark markup (stress digits optional in Score Word). */
export type MarkupMode = 'none' | 'text' | 'word';

/** At most this many whole-word variants, so compounds of multi-variant parts stay small. */
const MAX_VARIANTS = 4;
const LEADING_PUNCTUATION = /^[^\s\p{L}\p{N}[]+/u;

/** Script → tokens to look up, and words whose pronunciation markup already fixes. */
function tokensOf(language: Language, text: string, markup: MarkupMode): (Token | LexiconWord)[] {
  if (markup === 'none') return tokenize(text, language);
  return parseMarkup(text, markup === 'word', language.phoneSet).flatMap((segment, i, all): (Token | LexiconWord)[] => {
    if ('marked' in segment) {
      const { text: spelling, syllables } = segment.marked;
      // Punctuation written straight after the closing brace belongs to the marked word.
      const next = all[i + 1];
      const punctuation = next && 'plain' in next ? (next.plain.match(LEADING_PUNCTUATION)?.[0] ?? '') : '';
      return [{ text: spelling, keys: [], variants: [syllables.flatMap((s) => s.phones)], syllables: [syllables], ...(punctuation ? { ending_punctuation: punctuation } : {}) }];
    }
    const previous = all[i - 1];
    return tokenize(previous && 'marked' in previous ? segment.plain.replace(LEADING_PUNCTUATION, '') : segment.plain, language);
  });
}

/** A key's pronunciations: the dictionary's, else the language's rules'. */
function lookUp({ language, dictionary }: Lexicon, key: string): string[][] {
  const listed = pronunciations(dictionary, key);
  return listed.length > 0 || !language.pronounce ? listed : language.pronounce(key);
}

/** Lexicon keys of the script that neither the dictionary nor the rules pronounce (what include_unknown_words has to guess). */
export function unknownKeys(lexicon: Lexicon, text: string, markup: MarkupMode): string[] {
  return [...new Set(tokensOf(lexicon.language, text, markup).flatMap((t) => t.keys.filter((k) => lookUp(lexicon, k).length === 0)))];
}

/**
 * Script → words with every pronunciation the lexicon knows (or `guesses`
 * supplies for keys it lacks); an unknown word is an `unknown_word` error.
 */
export function wordsOf(lexicon: Lexicon, text: string, markup: MarkupMode = 'none', guesses?: Guesses): LexiconWord[] {
  const { language } = lexicon;
  const guessed = guesses ?? new Map();
  const words = tokensOf(language, text, markup).map((t) => {
    if ('variants' in t) return t;
    const variants = variantsOf(lexicon, t, guessed);
    return { ...t, variants, syllables: variants.map((v) => language.syllabify(v, t.text)) };
  });
  const unknown = words.filter((w) => w.variants.length === 0).map((w) => w.text);
  if (unknown.length > 0) {
    const listed = unknown.map((w) => JSON.stringify(w)).join(', ');
    throw new OralisError(
      'unknown_word',
      guesses === undefined
        ? `Not in the lexicon: ${listed}. Check the spelling, or send include_unknown_words=1 to have its pronunciation guessed.`
        : `Not in the lexicon, and letter-to-sound could not pronounce: ${listed}. Check the spelling.`,
    );
  }
  if (words.length === 0) throw new OralisError('invalid_parameter', 'The text has no words to score.');
  return language.liaison ? withLiaison(language, words) : words;
}

/** Each looked-up word followed by another also gets its variants with the liaison consonant the language links them with (alignment chooses). */
function withLiaison(language: Language, words: LexiconWord[]): LexiconWord[] {
  return words.map((w, i) => {
    const next = words[i + 1];
    const consonant = next && w.keys.length > 0 ? language.liaison!(w.text, next.variants) : undefined;
    if (consonant === undefined) return w;
    const linked = w.variants.filter((v) => v.at(-1) !== consonant).map((v) => [...v, consonant]);
    const variants = [...w.variants, ...linked].slice(0, MAX_VARIANTS);
    return { ...w, variants, syllables: variants.map((v) => language.syllabify(v, w.text)) };
  });
}

function variantsOf(lexicon: Lexicon, token: Token, guesses: Guesses): string[][] {
  let combos: string[][] = [[]];
  for (const key of token.keys) {
    const known = lookUp(lexicon, key);
    const guess = guesses.get(key);
    const options = known.length > 0 ? known : (guess ?? []);
    if (options.length === 0) return [];
    combos = combos.flatMap((prefix) => options.map((o) => [...prefix, ...o])).slice(0, MAX_VARIANTS);
  }
  return combos;
}
