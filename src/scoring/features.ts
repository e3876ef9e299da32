/**
 * What the learned scoring head (scoring/head.ts) reads: one vector per phone,
 * per word and per utterance, built from the alignment, the GOP measurements
 * and the prosody (pitch and loudness per frame). scripts/train-head.py
 * trains on exactly these vectors, dumped by `npm run eval:features`.
 *
 * Fluency and word stress need their own evidence, not pronunciation in
 * disguise: the word vector carries duration, pauses, loudness, pitch and
 * the stress cues of scoring/stress.ts; the utterance vector speech and
 * articulation rate, pauses, syllable timing and pitch/loudness variation.
 * The fidelity cues (squeezed words, words far behind a free phone loop)
 * let the head predict completeness.
 */
import { isVowel } from '../lexicon/phones.js';
import type { LexiconWord } from '../lexicon/lexicon.js';
import type { Prosody } from '../features/prosody.js';
import { mean, median, std } from '../util/stats.js';
import { predictStress } from './stress.js';
import { syllableSpans, type SyllableSpan } from './syllable-spans.js';
import { spanOf, type Span } from './spans.js';

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
  /** The competitor that explains the segment best (may be the expected phone). */
  soundMostLike: string;
  /** The best competitor other than the expected phone: what a wrong phone is named as. */
  substitute: string;
}

export interface WordAnalysis {
  word: LexiconWord;
  /** Which of the word's pronunciation variants the alignment chose. */
  variant: number;
  phones: PhoneMeasure[];
  /** Frames of silence or noise the alignment put between the word and the previous / next one (0 at the ends). */
  pauseBefore: number;
  pauseAfter: number;
}

export interface UtteranceAnalysis {
  words: WordAnalysis[];
  /** Frames in the whole recording. */
  frames: number;
  /** [first, end) frames that were analysed (the speech span plus margins, features/endpoints.ts). */
  speechSpan: [number, number];
  /** Frames the alignment gave to noise and spoken noise (+NSN+, +SPN+: hesitations, fillers) rather than silence. */
  noiseFrames: number;
  /** Log-likelihood of the whole aligned path: how well this script explains the audio. */
  pathLoglik: number;
  warp: number;
  /** How many phones compete in GOP (length of `ratios`). */
  competitors: number;
}

/** A pause must last this long (frames of 10 ms) to count: 250 ms, de Jong & Bosker (2013). */
export const MIN_PAUSE_FRAMES = 25;
const LONG_PAUSE_FRAMES = 50;
/** Frames this far below the median loudness of the words count as silence inside a word span. */
const SILENCE_BELOW_SPEECH_DB = 25;
/** Frames within this of the words' median loudness count as loud (speech-like). */
const LOUD_BELOW_SPEECH_DB = 10;
/** Pauses are capped here so one long silence cannot dominate a vector. */
const PAUSE_CAP_FRAMES = 150;
/** A word given at most this many frames per phone was squeezed in by the aligner: likely not said. */
export const SQUEEZED_FRAMES_PER_PHONE = 4;
/** A word this far behind a free phone loop (mean GOP, nats per frame) was likely not the word said. */
export const OFF_SCRIPT_GOP = -6;

export const PHONE_SCALARS = 15;
/**
 * How a head reads phones. 'inventory' (the English head): GOPT's ratio and
 * posterior vectors and a one-hot over the model's phones, then the scalars,
 * so it can learn how raters treat each phone. 'portable': only measures
 * every phone inventory has (how the expected phone ranks against its
 * competitors, its margin over the best other one) and none that are a
 * model's absolute log-likelihood, so a head trained on English
 * speechocean762 can read another language's model (Spanish).
 */
export type PhoneLayout = 'inventory' | 'portable';
/** inventoryFree's measures: the margin over the best other phone, the share of phones beating it, the best posterior. */
const INVENTORY_FREE_DIM = 3;
/** What comes before a phone row's scalars. */
const leadDim = (competitors: number, layout: PhoneLayout) => (layout === 'inventory' ? 3 * competitors : INVENTORY_FREE_DIM);
/** The portable layout's scalars lack the path log-likelihood. */
export const phoneFeatureDim = (competitors: number, layout: PhoneLayout = 'inventory') => leadDim(competitors, layout) + PHONE_SCALARS - (layout === 'inventory' ? 0 : 1);
export const WORD_DIM = 19;
export const UTTERANCE_DIM = 32;
/**
 * Positions in the utterance vector of the timing, pause, rate and prosody
 * measures: the head's fluency output reads these (and the first stage's
 * fluency) only, so fluency is measured from how the reading flowed, not
 * inferred from how the sounds were made. Written into the feature dump.
 */
export const UTTERANCE_TIMING = [3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 22, 23, 24, 25, 26, 27, 28, 29, 30, 31] as const;

const duration = (p: PhoneMeasure) => p.extent[1] - p.extent[0];
export const wordSpan = (w: { phones: readonly PhoneMeasure[] }): Span => spanOf(w.phones);
const wordFrames = (w: { phones: readonly PhoneMeasure[] }) => {
  const [a, b] = wordSpan(w);
  return b - a;
};
/**
 * log(frames / expected frames), where a word with no frame in the recording
 * (a script longer than the audio: the aligner puts what was not said in the
 * silence padded outside it) counts as one frame, so its vectors stay finite.
 */
const logStretch = (w: { phones: readonly PhoneMeasure[] }, meanDuration: number) => Math.log(Math.max(1, wordFrames(w)) / (w.phones.length * Math.max(1, meanDuration)));
const semitones = (hz: number) => 12 * Math.log2(hz / 100);
const capPause = (frames: number) => Math.min(PAUSE_CAP_FRAMES, frames);

/** Loudness and pitch of a frame range, relative to the utterance's speech. */
function frameStats(prosody: Prosody, [a, b]: Span, reference: { energy: number; pitch: number }) {
  let energy = 0;
  let voiced = 0;
  let pitch = 0;
  let low = Infinity;
  let high = -Infinity;
  for (let t = a; t < b; t++) {
    energy += prosody.energyDb[t] ?? -100;
    const hz = prosody.pitch[t] ?? 0;
    if (hz > 0) {
      const st = semitones(hz);
      pitch += st;
      voiced++;
      [low, high] = [Math.min(low, st), Math.max(high, st)];
    }
  }
  const frames = Math.max(1, b - a);
  return {
    energy: energy / frames - reference.energy,
    voicedShare: voiced / frames,
    pitch: voiced > 0 ? pitch / voiced - reference.pitch : 0,
    pitchRange: voiced > 1 ? high - low : 0,
  };
}

/** The frames inside the words, in order. */
function wordFrameIndices(analysis: UtteranceAnalysis): number[] {
  return analysis.words.flatMap((w) => {
    const [a, b] = wordSpan(w);
    return Array.from({ length: b - a }, (_, k) => a + k);
  });
}

const loudness = (energyDb: Float32Array, frames: readonly number[]) => frames.map((t) => energyDb[t] ?? -100);

/** Median loudness and median voiced pitch (semitones re 100 Hz) over the words' frames. */
function speechReference(analysis: UtteranceAnalysis, prosody: Prosody) {
  const frames = wordFrameIndices(analysis);
  const energy = loudness(prosody.energyDb, frames);
  const pitch = frames.filter((t) => (prosody.pitch[t] ?? 0) > 0).map((t) => semitones(prosody.pitch[t]!));
  return { energy: energy.length ? median(energy) : -100, pitch: pitch.length ? median(pitch) : 0, energyFrames: energy, pitchFrames: pitch };
}

/** Pauses between the first and last word, as [begin, end) frames: silence/noise in the alignment, or frames far quieter than speech. */
export function findPauses(analysis: UtteranceAnalysis, energyDb: Float32Array): Span[] {
  const spans = analysis.words.map(wordSpan);
  const [start, end] = [spans[0]![0], spans.at(-1)![1]];
  const silence = median(loudness(energyDb, wordFrameIndices(analysis))) - SILENCE_BELOW_SPEECH_DB;
  const inWord = new Uint8Array(end);
  for (const [a, b] of spans) inWord.fill(1, a, b);
  const pauses: Span[] = [];
  let runStart = -1;
  for (let t = start; t <= end; t++) {
    const quiet = t < end && (!inWord[t] || (energyDb[t] ?? -100) < silence);
    if (quiet && runStart < 0) runStart = t;
    if (!quiet && runStart >= 0) {
      if (t - runStart >= MIN_PAUSE_FRAMES) pauses.push([runStart, t]);
      runStart = -1;
    }
  }
  return pauses;
}

/** A word's mean GOP: how far, per frame, it trails a free phone loop. */
export const wordGop = (w: { phones: readonly PhoneMeasure[] }) => mean(w.phones.map((p) => p.gop));
export const isSqueezed = (w: { phones: readonly PhoneMeasure[] }) => wordFrames(w) <= SQUEEZED_FRAMES_PER_PHONE * w.phones.length;

/** What the phone, word and utterance vectors share, measured once per utterance. */
interface Shared {
  analysis: UtteranceAnalysis;
  prosody: Prosody;
  layout: PhoneLayout;
  phones: PhoneMeasure[];
  meanDuration: number;
  reference: ReturnType<typeof speechReference>;
  syllables: SyllableSpan<PhoneMeasure>[][];
}

/** The three vectors the head reads: [phones × phoneFeatureDim], [words × WORD_DIM], [UTTERANCE_DIM]. */
export function headVectors(analysis: UtteranceAnalysis, prosody: Prosody, layout: PhoneLayout = 'inventory') {
  const phones = analysis.words.flatMap((w) => w.phones);
  const shared: Shared = {
    analysis,
    prosody,
    layout,
    phones,
    meanDuration: mean(phones.map(duration)),
    reference: speechReference(analysis, prosody),
    syllables: analysis.words.map((w) => syllableSpans(w.word, w.variant, w.phones)),
  };
  return { phones: phoneFeatures(shared), words: wordFeatures(shared), utterance: utteranceFeatures(shared) };
}

/** The part of a phone's row that does not name the model's phones (portable layout). */
function inventoryFree(p: PhoneMeasure): number[] {
  let beaten = 0;
  let margin = Infinity;
  let bestPosterior = -Infinity;
  p.ratios.forEach((r, q) => {
    if (r < 0) beaten++;
    if (q !== p.competitor) margin = Math.min(margin, r);
    bestPosterior = Math.max(bestPosterior, p.posteriors[q]!);
  });
  return [margin, beaten / Math.max(1, p.ratios.length - 1), bestPosterior];
}

/** [phones × phoneFeatureDim]: by layout, GOP ratios, posteriors and one-hot phone or their inventory-free summary; then scalars. */
function phoneFeatures({ analysis, prosody, layout, phones, meanDuration, reference }: Shared): Float32Array {
  const n = analysis.competitors;
  const dim = phoneFeatureDim(n, layout);
  const lead = leadDim(n, layout);
  const [meanGop, meanLpp] = [mean(phones.map((p) => p.gop)), mean(phones.map((p) => p.lpp))];
  const out = new Float32Array(phones.length * dim);
  let row = 0;
  for (const word of analysis.words) {
    word.phones.forEach((p, i) => {
      const at = row++ * dim;
      if (layout === 'inventory') {
        out.set(p.ratios, at);
        out.set(p.posteriors, at + n);
        out[at + 2 * n + p.competitor] = 1;
      } else {
        out.set(inventoryFree(p), at);
      }
      const stress = isVowel(p.label) ? Number(p.label.slice(-1)) : -1;
      const own = frameStats(prosody, p.extent, reference);
      out.set(
        [
          p.gop,
          p.lpp,
          duration(p),
          ...(layout === 'inventory' ? [p.pathLoglik] : []),
          analysis.warp,
          word.phones.length,
          i === 0 ? 1 : 0,
          i === word.phones.length - 1 ? 1 : 0,
          meanGop,
          meanLpp,
          stress,
          duration(p) / Math.max(1, meanDuration),
          own.energy,
          own.voicedShare,
          own.pitch,
        ],
        at + lead,
      );
    });
  }
  return out;
}

/** [words × WORD_DIM]: pronunciation aggregates, timing, pauses, loudness, pitch and stress cues. */
function wordFeatures({ analysis, prosody, meanDuration, reference, syllables }: Shared): Float32Array {
  const stress = predictStress(syllables, prosody.pitch, prosody.energyDb);
  const out = new Float32Array(analysis.words.length * WORD_DIM);
  analysis.words.forEach((w, i) => {
    const gops = w.phones.map((p) => p.gop);
    const lpps = w.phones.map((p) => p.lpp);
    const frames = wordFrames(w);
    const own = frameStats(prosody, wordSpan(w), reference);
    const primary = syllables[i]!.findIndex((s) => s.expected === 1);
    out.set(
      [
        mean(gops),
        Math.min(...gops),
        mean(lpps),
        Math.min(...lpps),
        w.phones.length,
        frames,
        logStretch(w, meanDuration),
        capPause(w.pauseBefore),
        capPause(w.pauseAfter),
        i / analysis.words.length,
        analysis.words.length,
        syllables[i]!.length,
        stress[i]![Math.max(0, primary)]!.score / 100,
        own.energy,
        own.pitch,
        own.pitchRange,
        own.voicedShare,
        isSqueezed(w) ? 1 : 0,
        analysis.warp,
      ],
      i * WORD_DIM,
    );
  });
  return out;
}

/** Share of the analysed span's loud frames that no word covers: speech the script does not account for. */
function loudOutsideWords(analysis: UtteranceAnalysis, energyDb: Float32Array, speechEnergy: number): number {
  const [a, b] = analysis.speechSpan;
  const inWord = new Uint8Array(b);
  for (const w of analysis.words) inWord.fill(1, ...wordSpan(w));
  let loud = 0;
  let outside = 0;
  for (let t = a; t < b; t++) {
    if ((energyDb[t] ?? -100) < speechEnergy - LOUD_BELOW_SPEECH_DB) continue;
    loud++;
    if (!inWord[t]) outside++;
  }
  return outside / Math.max(1, loud);
}

/** [UTTERANCE_DIM]: pronunciation aggregates, rate, pauses, timing, prosodic variation, fidelity cues. */
function utteranceFeatures({ analysis, prosody, layout, phones, meanDuration, reference, syllables }: Shared): Float32Array {
  const words = analysis.words;
  const gops = phones.map((p) => p.gop);
  const wordGops = words.map(wordGop);
  const speech: Span = [wordSpan(words[0]!)[0], wordSpan(words.at(-1)!)[1]];
  const speechFrames = Math.max(1, speech[1] - speech[0]);
  const pauses = findPauses(analysis, prosody.energyDb);
  const pauseFrames = pauses.reduce((s, [a, b]) => s + b - a, 0);
  const syllableDurations = syllables.flat().map((s) => s.extent[1] - s.extent[0]);
  // How much longer than its phones' average each word took (log): drawn-out and hesitant words stand out.
  const wordStretch = words.map((w) => logStretch(w, meanDuration));
  const pitchFrames = reference.pitchFrames;
  const sortedPitch = [...pitchFrames].sort((a, b) => a - b);
  const pitchSpread = sortedPitch.length > 10 ? sortedPitch[Math.floor(0.9 * sortedPitch.length)]! - sortedPitch[Math.floor(0.1 * sortedPitch.length)]! : 0;
  return Float32Array.from([
    mean(gops),
    mean(phones.map((p) => p.lpp)),
    std(gops),
    words.length,
    phones.length,
    speechFrames,
    pauseFrames,
    pauses.length,
    pauses.filter(([a, b]) => b - a >= LONG_PAUSE_FRAMES).length,
    pauses.length ? Math.max(...pauses.map(([a, b]) => b - a)) : 0,
    (100 * phones.length) / speechFrames,
    (100 * syllableDurations.length) / speechFrames,
    (100 * syllableDurations.length) / Math.max(1, speechFrames - pauseFrames),
    meanDuration,
    std(phones.map(duration)),
    std(syllableDurations) / Math.max(1, mean(syllableDurations)),
    analysis.warp,
    // Per frame of the words, not of the span: how much silence surrounds them must not count. A model's
    // absolute log-likelihood, so held at zero in the portable layout.
    layout === 'portable' ? 0 : phones.reduce((sum, p) => sum + p.pathLoglik * duration(p), 0) / Math.max(1, phones.reduce((n, p) => n + duration(p), 0)),
    median(wordGops),
    Math.min(...wordGops),
    wordGops.filter((g) => g < OFF_SCRIPT_GOP).length / words.length,
    words.filter(isSqueezed).length / words.length,
    pitchSpread,
    std(reference.energyFrames),
    pitchFrames.length / Math.max(1, reference.energyFrames.length),
    std(words.slice(1).map((w) => capPause(w.pauseBefore))),
    // The speaker's median pitch: children, women and men are scored on one scale, but sound different.
    reference.pitch,
    loudOutsideWords(analysis, prosody.energyDb, reference.energy),
    analysis.noiseFrames / speechFrames,
    std(wordStretch),
    Math.max(...wordStretch),
    words.filter((w) => w.pauseAfter >= MIN_PAUSE_FRAMES).length / words.length,
  ]);
}
