/**
 * What the learned scoring head (scoring/head.ts) reads: one vector per phone,
 * per word and per utterance, built from the alignment and GOP measurements.
 * scripts/train-head.py trains on exactly these vectors, dumped by
 * `npm run eval:features`.
 */
import { isVowel } from '../lexicon/syllables.js';
import type { LexiconWord } from '../lexicon/lexicon.js';
import { mean, std } from '../util/stats.js';

export interface PhoneMeasure {
  label: string;
  /** Index of the expected phone among the competitors (the model's speech phones). */
  competitor: number;
  extent: [number, number];
  gop: number;
  lpp: number;
  ratios: Float32Array;
  posteriors: Float32Array;
  /** Mean per-frame log-likelihood of the aligned triphone path. */
  pathLoglik: number;
  soundMostLike: string;
}

export interface WordAnalysis {
  word: LexiconWord;
  phones: PhoneMeasure[];
  /** Frames of silence or noise the alignment put right before / after the word. */
  pauseBefore: number;
  pauseAfter: number;
}

export interface UtteranceAnalysis {
  words: WordAnalysis[];
  frames: number;
  /** Log-likelihood of the whole aligned path, all frames: how well this script explains the audio. */
  pathLoglik: number;
  warp: number;
  /** How many phones compete in GOP (length of `ratios`). */
  competitors: number;
}

/** A pause must last this long (frames of 10 ms) to count as one in the fluency features. */
const PAUSE_FRAMES = 20;
const LONG_PAUSE_FRAMES = 50;

export const phoneFeatureDim = (competitors: number) => 3 * competitors + 12;
/**
 * Word and utterance vectors are a base part from the measurements, then a
 * part from the phone head's predictions (WORD_PRED_STATS, UTTERANCE_PRED_STATS),
 * which the training script recomputes from its own out-of-fold predictions.
 */
export const WORD_BASE_DIM = 13;
export const WORD_PRED_STATS = ['mean', 'min', 'max', 'utterance mean'] as const;
export const UTTERANCE_BASE_DIM = 16;
export const UTTERANCE_PRED_STATS = ['mean', 'min', 'max', 'std', 'share below 1', 'share below 1.5'] as const;

const duration = (p: PhoneMeasure) => p.extent[1] - p.extent[0];

function utteranceStats(analysis: UtteranceAnalysis) {
  const phones = analysis.words.flatMap((w) => w.phones);
  return {
    phones,
    meanGop: mean(phones.map((p) => p.gop)),
    meanLpp: mean(phones.map((p) => p.lpp)),
    meanDuration: mean(phones.map(duration)),
  };
}

/** [phones × phoneFeatureDim]: ratios, posteriors, one-hot phone, then scalars. */
export function phoneFeatures(analysis: UtteranceAnalysis): Float32Array {
  const n = analysis.competitors;
  const dim = phoneFeatureDim(n);
  const { phones, meanGop, meanLpp, meanDuration } = utteranceStats(analysis);
  const out = new Float32Array(phones.length * dim);
  let row = 0;
  for (const word of analysis.words) {
    word.phones.forEach((p, i) => {
      const at = row++ * dim;
      out.set(p.ratios, at);
      out.set(p.posteriors, at + n);
      out[at + 2 * n + p.competitor] = 1;
      const stress = isVowel(p.label) ? Number(p.label.slice(-1)) : -1;
      out.set(
        [
          p.gop,
          p.lpp,
          duration(p),
          p.pathLoglik,
          analysis.warp,
          word.phones.length,
          i === 0 ? 1 : 0,
          i === word.phones.length - 1 ? 1 : 0,
          meanGop,
          meanLpp,
          stress,
          duration(p) / meanDuration,
        ],
        at + 3 * n,
      );
    });
  }
  return out;
}

function minMax(xs: ArrayLike<number>): [number, number] {
  let min = Infinity;
  let max = -Infinity;
  for (let i = 0; i < xs.length; i++) [min, max] = [Math.min(min, xs[i]!), Math.max(max, xs[i]!)];
  return [min, max];
}

/** [words × (WORD_BASE_DIM + WORD_PRED_STATS)]; `phonePreds` are the phone head's outputs in phone order. */
export function wordFeatures(analysis: UtteranceAnalysis, phonePreds: Float32Array): Float32Array {
  const { meanGop, meanLpp } = utteranceStats(analysis);
  const dim = WORD_BASE_DIM + WORD_PRED_STATS.length;
  const out = new Float32Array(analysis.words.length * dim);
  let first = 0;
  analysis.words.forEach((w, i) => {
    const preds = phonePreds.subarray(first, (first += w.phones.length));
    const gops = w.phones.map((p) => p.gop);
    const lpps = w.phones.map((p) => p.lpp);
    out.set(
      [
        mean(gops),
        Math.min(...gops),
        mean(lpps),
        Math.min(...lpps),
        w.phones.length,
        w.phones.at(-1)!.extent[1] - w.phones[0]!.extent[0],
        w.pauseBefore,
        w.pauseAfter,
        meanGop,
        meanLpp,
        analysis.warp,
        i / analysis.words.length,
        analysis.words.length,
        mean(preds),
        ...minMax(preds),
        mean(phonePreds),
      ],
      i * dim,
    );
  });
  return out;
}

/** [UTTERANCE_BASE_DIM + UTTERANCE_PRED_STATS]: pronunciation aggregates and fluency statistics. */
export function utteranceFeatures(analysis: UtteranceAnalysis, phonePreds: Float32Array): Float32Array {
  const { phones, meanGop, meanLpp, meanDuration } = utteranceStats(analysis);
  const words = analysis.words;
  const speechStart = words[0]!.phones[0]!.extent[0];
  const speechEnd = words.at(-1)!.phones.at(-1)!.extent[1];
  const internalPauses = words.slice(1).map((w) => w.pauseBefore);
  const speechSeconds = Math.max(1, speechEnd - speechStart) / 100;
  let below1 = 0;
  let below15 = 0;
  for (const p of phonePreds) [below1, below15] = [below1 + (p < 1 ? 1 : 0), below15 + (p < 1.5 ? 1 : 0)];
  return Float32Array.from([
    meanGop,
    meanLpp,
    std(phones.map((p) => p.gop)),
    words.length,
    phones.length,
    analysis.frames,
    speechEnd - speechStart,
    speechStart,
    analysis.frames - speechEnd,
    internalPauses.reduce((a, b) => a + b, 0),
    internalPauses.filter((f) => f >= PAUSE_FRAMES).length,
    internalPauses.filter((f) => f >= LONG_PAUSE_FRAMES).length,
    phones.length / speechSeconds,
    meanDuration,
    std(phones.map(duration)),
    analysis.warp,
    mean(phonePreds),
    ...minMax(phonePreds),
    std(phonePreds),
    below1 / phonePreds.length,
    below15 / phonePreds.length,
  ]);
}
