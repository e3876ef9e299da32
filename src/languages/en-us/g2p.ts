/**
 * Pronunciations for words the lexicon lacks (include_unknown_words=1):
 * espeak-ng's US English letter-to-sound rules (npm `phonemizer`, eSpeak NG
 * compiled to WASM, loaded only when a request needs it) give IPA, which is
 * mapped onto the acoustic model's ARPABET. A vowel after ˈ carries primary
 * stress, after ˌ secondary, others none; a word with no marked primary
 * stress gets it on its first vowel. Symbols with no English counterpart are
 * dropped.
 */
import { loadOptIn } from '../../contract/opt-in.js';
import type { Guesses } from '../../lexicon/language.js';

/** An IPA → ARPABET table, longest match first; vowels end in "*" where stress goes. */
export type IpaTable = readonly [string, string[]][];

/** IPA as espeak-ng writes US English → ARPABET. */
export const US_IPA: IpaTable = [
  ['aɪɚ', ['AY*', 'ER0']],
  ['aɪə', ['AY*', 'AH0']],
  ['aɪ', ['AY*']],
  ['aʊ', ['AW*']],
  ['eɪ', ['EY*']],
  ['oʊ', ['OW*']],
  ['ɔɪ', ['OY*']],
  ['tʃ', ['CH']],
  ['dʒ', ['JH']],
  ['ɜː', ['ER*']],
  ['ɑː', ['AA*']],
  ['ɔː', ['AO*']],
  ['iː', ['IY*']],
  ['uː', ['UW*']],
  ['oː', ['OW*']],
  ['n̩', ['AH0', 'N']],
  ['l̩', ['AH0', 'L']],
  ['m̩', ['AH0', 'M']],
  ['ɚ', ['ER*']],
  ['ɜ', ['ER*']],
  ['ɑ', ['AA*']],
  ['ɔ', ['AO*']],
  ['æ', ['AE*']],
  ['ɛ', ['EH*']],
  ['e', ['EH*']],
  ['ɪ', ['IH*']],
  ['ᵻ', ['IH*']],
  ['i', ['IY*']],
  ['ʊ', ['UH*']],
  ['u', ['UW*']],
  ['o', ['OW*']],
  ['ʌ', ['AH*']],
  ['ə', ['AH*']],
  ['ɐ', ['AH*']],
  ['a', ['AA*']],
  ['p', ['P']],
  ['b', ['B']],
  ['t', ['T']],
  ['d', ['D']],
  ['ɾ', ['T']],
  ['ʔ', ['T']],
  ['k', ['K']],
  ['ɡ', ['G']],
  ['g', ['G']],
  ['f', ['F']],
  ['v', ['V']],
  ['θ', ['TH']],
  ['ð', ['DH']],
  ['s', ['S']],
  ['z', ['Z']],
  ['ʃ', ['SH']],
  ['ʒ', ['ZH']],
  ['h', ['HH']],
  ['x', ['HH']],
  ['ç', ['HH']],
  ['m', ['M']],
  ['n', ['N']],
  ['ŋ', ['NG']],
  ['l', ['L']],
  ['ɹ', ['R']],
  ['r', ['R']],
  ['j', ['Y']],
  ['w', ['W']],
];

/** One word's espeak-ng IPA → ARPABET with stress digits. */
export function ipaToArpabet(ipa: string, table: IpaTable = US_IPA): string[] {
  const out: string[] = [];
  let stress: '0' | '1' | '2' = '0';
  let i = 0;
  while (i < ipa.length) {
    const ch = ipa[i]!;
    if (ch === 'ˈ' || ch === 'ˌ') {
      stress = ch === 'ˈ' ? '1' : '2';
      i++;
      continue;
    }
    const match = table.find(([symbol]) => ipa.startsWith(symbol, i));
    if (!match) {
      i++; // length marks, ties, syllable dots and symbols English lacks
      continue;
    }
    for (const phone of match[1]) {
      if (!phone.endsWith('*')) out.push(phone);
      else {
        out.push(phone.slice(0, -1) + stress);
        stress = '0';
      }
    }
    i += match[0].length;
  }
  if (!out.some((p) => p.endsWith('1'))) {
    const first = out.findIndex((p) => /\d$/.test(p));
    if (first >= 0) out[first] = out[first]!.slice(0, -1) + '1';
  }
  return out;
}

/**
 * Letter-to-sound in one espeak-ng voice: ARPABET guesses for lexicon keys,
 * keyed by the key; a key espeak-ng cannot pronounce is left out.
 */
export const espeakGuesser = (voice: string, table: IpaTable) => async (keys: readonly string[]): Promise<Guesses> => {
  const guesses = new Map<string, string[][]>();
  if (keys.length === 0) return guesses;
  const { phonemize } = await loadOptIn('phonemizer', 'feature_unavailable');
  for (const key of keys) {
    const phones = ipaToArpabet((await phonemize(key, voice)).join(''), table);
    if (phones.length > 0) guesses.set(key, [phones]);
  }
  return guesses;
};

export const guessPronunciations = espeakGuesser('en-us', US_IPA);
