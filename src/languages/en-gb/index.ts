/**
 * The en-gb language pack: British English (RP) in the same ARPABET as
 * en-us, because both score against the one acoustic model. Its dictionary
 * is built from Britfone, ipa-dict and MFA by scripts/build-en-gb-lexicon.py
 * (models/en-gb/lexicon.json, README "British English"); it reuses en-us's
 * English syllabification and number words (with the British "and") and
 * espeak-ng's RP voice for words the dictionary lacks.
 */
import type { Language } from '../../lexicon/language.js';
import { EN_US } from '../en-us/index.js';
import { espeakGuesser, US_IPA, type IpaTable } from '../en-us/g2p.js';
import { numberSpeller } from '../en-us/numbers.js';

/**
 * espeak-ng's RP output → ARPABET: the US table plus what RP has and General
 * American lacks. LOT is the model's AA; GOAT's /əʊ/ its OW; the centring
 * diphthongs are a vowel plus a stressless AH off-glide (one syllable, as in
 * the lexicon).
 */
const RP_IPA: IpaTable = [
  ['ɪə', ['IH*', 'AH']],
  ['iə', ['IH*', 'AH']],
  ['eə', ['EH*', 'AH']],
  ['ɛə', ['EH*', 'AH']],
  ['ʊə', ['UH*', 'AH']],
  ['əʊ', ['OW*']],
  ['ɒ', ['AA*']],
  ...US_IPA,
];

export const EN_GB: Language = {
  id: 'en-gb',
  dictionaryFile: 'en-gb/lexicon.json',
  phoneSet: EN_US.phoneSet,
  syllabify: EN_US.syllabify,
  spellNumber: numberSpeller({ and: true }),
  // en-gb-x-rp, not en-gb: phonemizer keeps answering in US English for en-gb after an en-us call.
  guessPronunciations: espeakGuesser('en-gb-x-rp', RP_IPA),
};
