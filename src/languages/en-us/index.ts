/**
 * The en-us language pack: American English in CMUdict's ARPABET. Its
 * dictionary is CMUdict: the build writes models/en-us/cmudict.json from the
 * npm package for the browser; Node imports the package itself
 * (cmudict-package.ts, chosen by node.ts).
 */
import type { Language } from '../../lexicon/language.js';
import { guessPronunciations } from './g2p.js';
import { spellNumber } from './numbers.js';
import { syllabify } from './syllables.js';

export const EN_US: Language = {
  id: 'en-us',
  dictionaryFile: 'en-us/cmudict.json',
  phoneSet: {
    name: 'ARPABET',
    vowels: new Set(['AA', 'AE', 'AH', 'AO', 'AW', 'AY', 'EH', 'ER', 'EY', 'IH', 'IY', 'OW', 'OY', 'UH', 'UW']),
    consonants: new Set(['B', 'CH', 'D', 'DH', 'F', 'G', 'HH', 'JH', 'K', 'L', 'M', 'N', 'NG', 'P', 'R', 'S', 'SH', 'T', 'TH', 'V', 'W', 'Y', 'Z', 'ZH']),
  },
  syllabify,
  spellNumber,
  guessPronunciations,
};
