/**
 * The learned head turns an analysed utterance (engine/analysis.ts: the
 * alignment and GOP measurements) and its prosody into phone, word and
 * utterance scores.
 */
import type { Prosody } from '../features/prosody.js';
import type { LexiconWord } from '../lexicon/lexicon.js';
import type { Calibration } from './calibration.js';
import { headVectors, type PhoneLayout, type PhoneMeasure, type UtteranceAnalysis } from './features.js';
import { UTTERANCE_OUTPUTS, WORD_OUTPUTS, type HeadInput, type ScoringHead } from './head.js';

export interface ScoredPhone extends PhoneMeasure {
  /** The head's phone score, 0..2 (speechocean762's scale: 2 correct, 1 accented, 0 wrong). */
  score: number;
}

export interface ScoredWord {
  word: LexiconWord;
  /** Which of the word's pronunciation variants was aligned. */
  variant: number;
  phones: ScoredPhone[];
  /** 0..10, as WORD_OUTPUTS. */
  scores: Record<(typeof WORD_OUTPUTS)[number], number>;
}

export interface ScoredUtterance {
  words: ScoredWord[];
  /** 0..10, as UTTERANCE_OUTPUTS. */
  scores: Record<(typeof UTTERANCE_OUTPUTS)[number], number>;
  analysis: UtteranceAnalysis;
  prosody: Prosody;
  calibration: Calibration;
}

/** The head's vectors for an analysed utterance (what `npm run eval:features` dumps and the head reads). */
export const headInput = (analysis: UtteranceAnalysis, prosody: Prosody, layout: PhoneLayout): HeadInput => ({
  ...headVectors(analysis, prosody, layout),
  wordLengths: analysis.words.map((w) => w.phones.length),
});

/** The head's scores for an utterance already aligned and measured. */
export async function scoreAnalysis(head: ScoringHead, analysis: UtteranceAnalysis, prosody: Prosody): Promise<ScoredUtterance> {
  const out = await head.run(headInput(analysis, prosody, head.layout));
  let next = 0;
  return {
    words: analysis.words.map((w, i) => ({
      word: w.word,
      variant: w.variant,
      phones: w.phones.map((p) => ({ ...p, score: out.phones[next++]! })),
      scores: named(WORD_OUTPUTS, out.words.subarray(i * WORD_OUTPUTS.length, (i + 1) * WORD_OUTPUTS.length)),
    })),
    scores: named(UTTERANCE_OUTPUTS, out.utterance),
    analysis,
    prosody,
    calibration: head.calibration,
  };
}

const named = <K extends string>(keys: readonly K[], values: Float32Array) =>
  Object.fromEntries(keys.map((k, i) => [k, values[i]!])) as Record<K, number>;
