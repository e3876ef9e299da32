/**
 * Multiple choice: every option is force-aligned to the same audio and the
 * one whose alignment explains the audio best (highest path log-likelihood
 * over all frames, silence and noise included) is the one the speaker said.
 * An option with words the lexicon lacks cannot be aligned and is passed
 * over; if no option can be, the first option's error stands.
 */
import type { AcousticModel } from '../acoustic/model.js';
import type { Guesses } from '../lexicon/language.js';
import { wordsOf, type Lexicon, type MarkupMode } from '../lexicon/lexicon.js';
import type { UtteranceAnalysis } from '../scoring/features.js';
import { analyseRecording, type EncodedRecording } from './analysis.js';

export interface Choice {
  option: string;
  analysis: UtteranceAnalysis;
}

export interface Reading {
  lexicon: Lexicon;
  markup: MarkupMode;
  /** Pronunciations for keys the lexicon lacks (include_unknown_words). */
  guesses?: Guesses;
}

export async function chooseOption(model: AcousticModel, recording: EncodedRecording, options: readonly string[], reading: Reading): Promise<Choice> {
  let best: Choice | undefined;
  let firstError: unknown;
  for (const option of options) {
    let words;
    try {
      words = wordsOf(reading.lexicon, option, reading.markup, reading.guesses);
    } catch (error) {
      firstError ??= error;
      continue;
    }
    const analysis = await analyseRecording(model, recording, words);
    if (!best || analysis.pathLoglik > best.analysis.pathLoglik) best = { option, analysis };
  }
  if (!best) throw firstError;
  return best;
}
