/**
 * The analysis path every endpoint shares: the recording's analysis window
 * → the acoustic model's encoding → per script, its alignment graph and
 * frame scores → forced alignment (Viterbi) → GOP per phone, with extents in
 * frames of the whole recording. The model is reached only through the
 * AcousticModel seam.
 */
import type { AcousticModel } from '../acoustic/model.js';
import { viterbi, type Segment } from '../align/viterbi.js';
import { analysisWindow, type AnalysisWindow } from '../features/endpoints.js';
import { measureProsody, type Prosody } from '../features/prosody.js';
import type { LexiconWord } from '../lexicon/lexicon.js';
import type { PhoneMeasure, UtteranceAnalysis } from '../scoring/features.js';
import { phoneGop } from '../scoring/gop.js';
import type { ScoringHead } from '../scoring/head.js';
import { scoreAnalysis, type ScoredUtterance } from '../scoring/utterance.js';

/** A recording encoded once by the model, ready to be aligned with any script (multiple choice aligns several). */
export interface EncodedRecording {
  window: AnalysisWindow;
  encoded: unknown;
}

/** `prosody`: the recording's, whose loudness also places the analysis window. */
export const encodeRecording = (model: AcousticModel, samples: Float32Array, prosody: Prosody): EncodedRecording => {
  const window = analysisWindow(prosody.energyDb);
  return { window, encoded: model.encode(samples, window) };
};

/** Aligns a script's words to an encoded recording and measures every phone. */
export async function analyseRecording(model: AcousticModel, recording: EncodedRecording, words: readonly LexiconWord[]): Promise<UtteranceAnalysis> {
  const { window } = recording;
  const inRecording = (frame: number) => Math.min(window.frames, Math.max(0, frame + window.first));
  const graph = model.graph(words.map((w) => w.variants));
  const { loglik, columns, stateColumns, competitors, warp } = await model.score(recording.encoded, graph);
  const segments = viterbi(graph, loglik, columns, stateColumns);
  const frames = loglik.length / columns;

  const measure = (segment: Segment): PhoneMeasure => {
    const phone = graph.phones[segment.phone]!;
    const g = phoneGop(loglik, columns, segment.start, segment.end, phone.competitor, competitors);
    return {
      label: phone.label,
      competitor: phone.competitor,
      extent: [inRecording(segment.start), inRecording(segment.end)],
      gop: g.gop,
      lpp: g.lpp,
      ratios: g.ratios,
      posteriors: g.posteriors,
      pathLoglik: segment.loglik / (segment.end - segment.start),
      soundMostLike: model.phones[g.soundMostLike]!,
      substitute: model.phones[g.substitute]!,
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
        variant: graph.phones[segments[own[0]!]!.phone]!.variant,
        phones: own.map((i) => measure(segments[i]!)),
        pauseBefore: w > 0 ? fillerRun(own[0]!, -1) : 0,
        pauseAfter: w < words.length - 1 ? fillerRun(own.at(-1)!, 1) : 0,
      };
    }),
    frames: window.frames,
    noiseFrames: segments.reduce((sum, s) => sum + (graph.phones[s.phone]!.noise ? s.end - s.start : 0), 0),
    speechSpan: [inRecording(0), inRecording(frames)],
    pathLoglik: segments.reduce((sum, s) => sum + s.loglik, 0),
    warp,
    competitors: competitors.length,
  };
}

/** One script read in one recording, analysed and scored by the head (what eval and tests run; the endpoints go through engine.ts). */
export async function scoreRecording(model: AcousticModel, head: ScoringHead, samples: Float32Array, words: readonly LexiconWord[]): Promise<ScoredUtterance> {
  const prosody = measureProsody(samples);
  return scoreAnalysis(head, await analyseRecording(model, encodeRecording(model, samples, prosody), words), prosody);
}
