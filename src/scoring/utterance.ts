/**
 * One utterance through the acoustic pipeline: spectra → speaker warp (VTLN)
 * → features → senone log-likelihoods (ONNX) → forced alignment → GOP per
 * phone (analyseUtterance), then the learned head turns the measurements into
 * phone, word and utterance scores (scoreUtterance).
 */
import type { AcousticModel } from '../acoustic/model.js';
import { chooseWarp } from '../acoustic/vtln.js';
import { buildGraph, FILLERS } from '../align/graph.js';
import { viterbi, type Segment } from '../align/viterbi.js';
import { toModelFeatures } from '../features/dynamic.js';
import { cepstra, powerSpectra } from '../features/mfcc.js';
import type { LexiconWord } from '../lexicon/lexicon.js';
import { phoneFeatures, utteranceFeatures, wordFeatures, type PhoneMeasure, type UtteranceAnalysis } from './features.js';
import { phoneGop, type CompetitorTable } from './gop.js';
import { UTTERANCE_OUTPUTS, WORD_OUTPUTS, type ScoringHead } from './head.js';

export const analyseUtterance = (model: AcousticModel, samples: Float32Array, words: readonly LexiconWord[]): Promise<UtteranceAnalysis> =>
  analyseSpectra(model, powerSpectra(samples), words);

/** analyseUtterance from power spectra already computed (they do not depend on the text: multiple choice shares them). */
export async function analyseSpectra(model: AcousticModel, spectra: Float32Array, words: readonly LexiconWord[]): Promise<UtteranceAnalysis> {
  const { topology } = model;
  const graph = buildGraph(topology, words.map((w) => w.variants));

  // One loglik column per distinct senone: the graph's states plus the CI senones of every competitor.
  const speech = topology.ciPhones.map((_, i) => i).filter((i) => !(FILLERS as readonly string[]).includes(topology.ciPhones[i]!));
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
  const warp = await chooseWarp(model, spectra, Int32Array.from(new Set(graph.stateSenone)));
  const features = toModelFeatures(cepstra(spectra, warp));
  const loglik = await model.senoneLoglik(features, senones);
  const segments = viterbi(graph, loglik, senones.length, stateColumns);
  const frames = loglik.length / senones.length;

  const measure = (segment: Segment): PhoneMeasure => {
    const phone = graph.phones[segment.phone]!;
    const g = phoneGop(loglik, senones.length, segment.start, segment.end, phone.ci, competitors);
    return {
      label: phone.label,
      competitor: speech.indexOf(phone.ci),
      extent: [segment.start, segment.end],
      gop: g.gop,
      lpp: g.lpp,
      ratios: g.ratios,
      posteriors: g.posteriors,
      pathLoglik: segment.loglik / (segment.end - segment.start),
      soundMostLike: topology.ciPhones[g.soundMostLike]!,
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
      return { word, phones: own.map((i) => measure(segments[i]!)), pauseBefore: fillerRun(own[0]!, -1), pauseAfter: fillerRun(own.at(-1)!, 1) };
    }),
    frames,
    pathLoglik: segments.reduce((sum, s) => sum + s.loglik, 0),
    warp,
    competitors: speech.length,
  };
}

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
}

export async function scoreUtterance(
  model: AcousticModel,
  head: ScoringHead,
  samples: Float32Array,
  words: readonly LexiconWord[],
): Promise<ScoredUtterance> {
  return scoreAnalysis(head, await analyseUtterance(model, samples, words));
}

/** The head's scores for an utterance already aligned and measured. */
export async function scoreAnalysis(head: ScoringHead, analysis: UtteranceAnalysis): Promise<ScoredUtterance> {
  const phonePreds = await head.phones(phoneFeatures(analysis));
  const wordPreds = await head.words(wordFeatures(analysis, phonePreds));
  const uttPreds = await head.utterance(utteranceFeatures(analysis, phonePreds));
  let next = 0;
  return {
    words: analysis.words.map((w, i) => ({
      word: w.word,
      phones: w.phones.map((p) => ({ ...p, score: phonePreds[next++]! })),
      scores: named(WORD_OUTPUTS, wordPreds.subarray(i * WORD_OUTPUTS.length, (i + 1) * WORD_OUTPUTS.length)),
    })),
    scores: named(UTTERANCE_OUTPUTS, uttPreds),
    analysis,
  };
}

const named = <K extends string>(keys: readonly K[], values: Float32Array) =>
  Object.fromEntries(keys.map((k, i) => [k, values[i]!])) as Record<K, number>;
