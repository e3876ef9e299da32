/**
 * Splits a script into the words that get a `word_score_list` entry. Each
 * keeps its spelling as written; punctuation after it becomes
 * `ending_punctuation`; what is looked up in the lexicon is its lower-case
 * form without outer quotes, with hyphenated parts and numbers as separate
 * lookup keys ("twenty-one" → twenty, one; "42" → forty, two).
 */
import type { Language } from './language.js';

export interface Token {
  /** The word as written, without surrounding punctuation. */
  text: string;
  /** Punctuation that followed the word, if any. */
  ending_punctuation?: string;
  /** Lexicon keys whose pronunciations, in order, make up the word. */
  keys: string[];
}

const LEADING = /^[^\p{L}\p{N}]+/u;
const TRAILING = /[^\p{L}\p{N}]+$/u;

/** `language`: how it reads digits and splits keys. */
export function tokenize(text: string, language: Pick<Language, 'spellNumber' | 'splitKey'>): Token[] {
  const tokens: Token[] = [];
  for (const raw of text.split(/\s+/)) {
    const core = raw.replace(LEADING, '');
    const trailing = core.match(TRAILING)?.[0] ?? '';
    const word = core.slice(0, core.length - trailing.length);
    if (word === '') {
      // Stand-alone punctuation (" - ", "...") attaches to the previous word.
      const last = tokens.at(-1);
      const marks = raw.replace(/[^\p{P}]/gu, '');
      if (last && marks) last.ending_punctuation = (last.ending_punctuation ?? '') + marks;
      continue;
    }
    const punctuation = trailing.replace(/['’]/g, '');
    tokens.push({ text: word, ...(punctuation ? { ending_punctuation: punctuation } : {}), keys: lookupKeys(word, language) });
  }
  return tokens;
}

/**
 * Below a billion a number is read as a number; longer digit strings (phone
 * numbers, codes, "1000000000th") are read digit by digit, as people read them.
 */
const spellDigits = (digits: string, spellNumber: Language['spellNumber']): string[] =>
  digits.length <= 9 ? spellNumber(Number(digits)) : [...digits].flatMap((d) => spellNumber(Number(d)));

function lookupKeys(word: string, { spellNumber, splitKey }: Pick<Language, 'spellNumber' | 'splitKey'>): string[] {
  const lower = word.toLowerCase().replaceAll('’', "'");
  return lower.split(/-+/).flatMap((part) => {
    if (/^\d+$/.test(part)) return spellDigits(part, spellNumber);
    const ordinal = part.match(/^(\d+)(st|nd|rd|th)$/);
    if (ordinal) return spellDigits(ordinal[1]!, spellNumber);
    if (part === '') return [];
    return splitKey ? splitKey(part) : [part];
  });
}
