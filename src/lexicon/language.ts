/**
 * The Language seam: what the generic lexicon (tokenising, markup, lookup,
 * syllables) needs from a language pack in src/languages/<pack>/. The pack
 * names its dictionary file; node.ts and browser.ts inject how dictionaries
 * are loaded (EngineOptions.dictionary), because where bytes come from is
 * the platform's business.
 */
import type { Syllable } from './phones.js';

export interface Language {
  /** The pack's folder under src/languages/. */
  id: string;
  /** Its pronouncing dictionary, a JSON record (lexicon/dictionary.ts) under the models root; none where `pronounce` covers every word. */
  dictionaryFile?: string;
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
  /** The dictionary keys a written word's key is read as, where that is not the key itself (French elision: "l'homme" → "l'", "homme"). */
  splitKey?(key: string): string[];
  /**
   * Liaison (French): the consonant a written word may link to the next word
   * with, given that word's pronunciations ("les" before "amis": z); undefined
   * where it links with none. Its variants with the consonant join the word's own.
   */
  liaison?(word: string, next: readonly (readonly string[])[]): string | undefined;
  /** A whole number below one billion as it is read aloud, word by word (longer digit strings are read digit by digit). */
  spellNumber(n: number): string[];
  /**
   * Pronunciations by rule for a key the dictionary lacks, where the spelling
   * says how a word is pronounced (Spanish); always used, unlike
   * guessPronunciations. Empty when the rules cannot read the key.
   */
  pronounce?(key: string): string[][];
  /** Letter-to-sound for words the dictionary lacks (include_unknown_words=1); a key it cannot pronounce is left out. */
  guessPronunciations(keys: readonly string[]): Promise<Guesses>;
}

/** Letter-to-sound's pronunciations (one or more, most likely first) for each key it could read. */
export type Guesses = ReadonlyMap<string, readonly (readonly string[])[]>;
