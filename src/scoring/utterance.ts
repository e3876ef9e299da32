/**
 * One utterance through the acoustic pipeline: spectra → speaker warp (VTLN)
 * → features → senone log-likelihoods (ONNX) → forced alignment → GOP per
 * phone (analyseUtterance), then the learned head turns the measurements into
 * phone, word and utterance scores (scoreUtterance).
 */
import type { AcousticModel } from '../acoustic/model.js';
import { chooseWarp } from '../acoustic/vtln.js';
import { buildGraph } from '../acoustic/graph.js';
import { viterbi, type Segment } from '../align/viterbi.js';
import { toModelFeatures } from '../features/dynamic.js';
import { MARGIN_FRAMES, speechSpan } from '../features/endpoints.js';
import { frameEnergyDb } from '../features/energy.js';
import { cepstra, powerSpectra, SPECTRUM_BINS } from '../features/mfcc.js';
import type { LexiconWord } from '../lexicon/lexicon.js';
import { headVectors, type PhoneMeasure, type Prosody, type UtteranceAnalysis } from './features.js';
import { trackPitch } from '../features/pitch.js';
import type { Calibration } from './calibration.js';
import { phoneGop, type CompetitorTable } from './gop.js';
import { UTTERANCE_OUTPUTS, WORD_OUTPUTS, type HeadInput, type ScoringHead } from './head.js';

export const analyseUtterance = (model: AcousticModel, samples: Float32Array, words: readonly LexiconWord[]): Promise<UtteranceAnalysis> =>
  analyseSpectra(model, speechSpectra(samples), words);

/** The power spectra of the frames worth analysing: the speech span of features/endpoints.ts. */
export interface SpeechSpectra {
  /** [span frames × SPECTRUM_BINS]. */
  spectra: Float32Array;
  /** The recording's frame at the span's first row (negative when silence was added before the recording). */
  offset: number;
  /** The speech within the span (frames of the span): batch CMN averages over these only. */
  speech: [number, number];
  /** Frames in the whole recording. */
  frames: number;
}

/**
 * The speech span with MARGIN_FRAMES of context on each side. Where the
 * recording has less (speech from its first frame), digital silence (zero
 * spectra) makes up the rest, so a recording trimmed tight and one with
 * seconds of silence are analysed alike.
 */
export function speechSpectra(samples: Float32Array): SpeechSpectra {
  const all = powerSpectra(samples);
  const frames = all.length / SPECTRUM_BINS;
  const { analysed, speech } = speechSpan(frameEnergyDb(samples));
  const lead = Math.max(0, MARGIN_FRAMES - (speech[0] - analysed[0]));
  const trail = Math.max(0, MARGIN_FRAMES - (analysed[1] - speech[1]));
  const spectra = new Float32Array((lead + analysed[1] - analysed[0] + trail) * SPECTRUM_BINS);
  spectra.set(all.subarray(analysed[0] * SPECTRUM_BINS, analysed[1] * SPECTRUM_BINS), lead * SPECTRUM_BINS);
  const offset = analysed[0] - lead;
  return { spectra, offset, speech: [speech[0] - offset, speech[1] - offset], frames };
}

/**
 * analyseUtterance from spectra already computed (they do not depend on the
 * text: multiple choice shares them). Only the speech span is analysed;
 * extents in the result count frames of the whole recording.
 */
export async function analyseSpectra(model: AcousticModel, span: SpeechSpectra, words: readonly LexiconWord[]): Promise<UtteranceAnalysis> {
  const { topology } = model;
  const { spectra, offset } = span;
  const inRecording = (frame: number) => Math.min(span.frames, Math.max(0, frame + offset));
  const graph = buildGraph(topology, words.map((w) => w.variants));

  // One loglik column per distinct senone: the graph's states plus the CI senones of every competitor.
  const speech = topology.ciPhones.map((_, i) => i).filter((i) => !topology.fillers.includes(topology.ciPhones[i]!));
  const columnOf = new Map<number, number>();
  const columnFor = (senone: number) => {
    let c = columnOf.get(senone);
    if (c === undefined) columnOf.set(senone, (c = columnOf.size));
    return c;
  };
  const stateColumns = Int32Array.from(graph.stateSenone, columnFor);
  const competitors: CompetitorTable = {
    phones: speech,
    columns: speech.map((p) => topology.ciSenones(p).map(columnFor) as [number, number, number]),
  };
  const senones = Int32Array.from(columnOf.keys());
  const warp = await chooseWarp(model, spectra, Int32Array.from(new Set(graph.stateSenone)), span.speech);
  const features = toModelFeatures(cepstra(spectra, model.filterbank, warp), model.filterbank.cepstra, span.speech);
  const loglik = await model.senoneLoglik(features, senones);
  const segments = viterbi(graph, loglik, senones.length, stateColumns);
  const frames = loglik.length / senones.length;

  const measure = (segment: Segment): PhoneMeasure => {
    const phone = graph.phones[segment.phone]!;
    const g = phoneGop(loglik, senones.length, segment.start, segment.end, phone.ci, competitors);
    return {
      label: phone.label,
      competitor: speech.indexOf(phone.ci),
      extent: [inRecording(segment.start), inRecording(segment.end)],
      gop: g.gop,
      lpp: g.lpp,
      ratios: g.ratios,
      posteriors: g.posteriors,
      pathLoglik: segment.loglik / (segment.end - segment.start),
      soundMostLike: topology.ciPhones[g.soundMostLike]!,
      substitute: topology.ciPhones[g.substitute]!,
    };
  };
  const isFiller = (s: Segment) => graph.phones[s.phone]!.word < 0;
  /** Filler frames in the run of filler segments that ends before `from` (step -1) or starts after it (step +1). */
  const fillerRun = (from: number, step: 1 | -1) => {
    let frames = 0;
    for (let i = from + step; i >= 0 && i < segments.length && isFiller(segments[i]!); i += step) frames += segments[i]!.end - segments[i]!.start;
    return frames;
  };
  return {
    words: words.map((word, w) => {
      const own = segments.flatMap((s, i) => (graph.phones[s.phone]!.word === w ? [i] : []));
      // Silence before the first word and after the last is not a pause.
      return {
        word,
        phones: own.map((i) => measure(segments[i]!)),
        pauseBefore: w > 0 ? fillerRun(own[0]!, -1) : 0,
        pauseAfter: w < words.length - 1 ? fillerRun(own.at(-1)!, 1) : 0,
      };
    }),
    frames: span.frames,
    noiseFrames: segments.reduce((sum, s) => sum + (graph.phones[s.phone]!.label.startsWith('+') ? s.end - s.start : 0), 0),
    speechSpan: [inRecording(0), inRecording(frames)],
    pathLoglik: segments.reduce((sum, s) => sum + s.loglik, 0),
    warp,
    competitors: speech.length,
  };
}

/** Pitch and loudness of the whole recording on the 10 ms grid: the head's prosodic features, stress and intonation read them. */
export const measureProsody = (samples: Float32Array): Prosody => ({ pitch: trackPitch(samples).hz, energyDb: frameEnergyDb(samples) });

export interface ScoredPhone extends PhoneMeasure {
  /** The head's phone score, 0..2 (speechocean762's scale: 2 correct, 1 accented, 0 wrong). */
  score: number;
}

export interface ScoredWord {
  word: LexiconWord;
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

export async function scoreUtterance(model: AcousticModel, head: ScoringHead, samples: Float32Array, words: readonly LexiconWord[]): Promise<ScoredUtterance> {
  return scoreAnalysis(head, await analyseUtterance(model, samples, words), measureProsody(samples));
}

/** The head's vectors for an analysed utterance (what `npm run eval:features` dumps and the head reads). */
export const headInput = (analysis: UtteranceAnalysis, prosody: Prosody): HeadInput => ({
  ...headVectors(analysis, prosody),
  wordLengths: analysis.words.map((w) => w.phones.length),
});

/** The head's scores for an utterance already aligned and measured. */
export async function scoreAnalysis(head: ScoringHead, analysis: UtteranceAnalysis, prosody: Prosody): Promise<ScoredUtterance> {
  const out = await head.run(headInput(analysis, prosody));
  let next = 0;
  return {
    words: analysis.words.map((w, i) => ({
      word: w.word,
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
