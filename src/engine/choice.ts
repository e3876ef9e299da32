/**
 * Multiple choice: every option is force-aligned to the same audio and the
 * one whose alignment explains the audio best (highest path log-likelihood
 * over all frames, silence and noise included) is the one the speaker said.
 * An option with words the lexicon lacks cannot be aligned and is passed
 * over; if no option can be, the first option's error stands.
 */
import type { AcousticModel } from '../acoustic/model.js';
import type { PronouncingDictionary } from '../lexicon/dictionary.js';
import { wordsOf, type MarkupMode } from '../lexicon/lexicon.js';
import type { UtteranceAnalysis } from '../scoring/features.js';
import { analyseSpectra, speechSpectra } from '../scoring/utterance.js';

export interface Choice {
  option: string;
  analysis: UtteranceAnalysis;
}

/** Newline-separated options of a multiple-choice `text` or `word`, blank lines dropped. */
export const splitOptions = (script: string) =>
  script
    .split('\n')
    .map((o) => o.trim())
    .filter((o) => o.length > 0);

export interface LexiconOptions {
  dictionary: PronouncingDictionary;
  markup: MarkupMode;
  /** Pronunciations for keys the lexicon lacks (include_unknown_words). */
  guesses?: ReadonlyMap<string, string[]>;
}

export async function chooseOption(model: AcousticModel, samples: Float32Array, options: readonly string[], lexicon: LexiconOptions): Promise<Choice> {
  const spectra = speechSpectra(samples);
  let best: Choice | undefined;
  let firstError: unknown;
  for (const option of options) {
    let words;
    try {
      words = wordsOf(lexicon.dictionary, option, lexicon.markup, lexicon.guesses);
    } catch (error) {
      firstError ??= error;
      continue;
    }
    const analysis = await analyseSpectra(model, spectra, words);
    if (!best || analysis.pathLoglik > best.analysis.pathLoglik) best = { option, analysis };
  }
  if (!best) throw firstError;
  return best;
}
