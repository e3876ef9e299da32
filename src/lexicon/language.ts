/**
 * The Language seam: what the generic lexicon (tokenising, markup, lookup,
 * syllables) needs from a language pack in src/languages/<pack>/. The
 * pack's dictionary is not here: node.ts and browser.ts inject its loader
 * (EngineOptions.dictionary), because where the dictionary comes from is
 * the platform's business.
 */
import type { Syllable } from './phones.js';

export interface Language {
  /** The pack's folder under src/languages/: the key dictionary loaders answer to. */
  id: string;
  /** The phones pronunciations and markup are written in (lexicon/phones.ts). */
  phoneSet: {
    /** What the markup's phone alphabet is called in error messages. */
    name: string;
    /** Vowels, without stress digits. */
    vowels: ReadonlySet<string>;
    consonants: ReadonlySet<string>;
  };
  /** A pronunciation's syllables, each with the letters of the spelling it covers, by the language's own syllabification rule. */
  syllabify(phones: readonly string[], spelling: string): Syllable[];
  /** A whole number below one billion as it is read aloud, word by word (longer digit strings are read digit by digit). */
  spellNumber(n: number): string[];
  /** Letter-to-sound for words the dictionary lacks (include_unknown_words=1); a key it cannot pronounce is left out. */
  guessPronunciations(keys: readonly string[]): Promise<Map<string, string[]>>;
}
