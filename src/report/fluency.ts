/**
 * Fluency (include_fluency=1): pauses, segments, rates and runs from the
 * alignment and the frame energy, plus the head's fluency score for the whole
 * utterance and for each segment.
 *
 * - A pause is a stretch between the first and the last word of at least
 *   MIN_PAUSE_FRAMES of features.ts (250 ms, the threshold de Jong & Bosker 2013 found to
 *   track fluency ratings best) whose frames the alignment gave to silence or
 *   noise (filled pauses such as "uh" align to noise) or whose energy is
 *   SILENCE_BELOW_SPEECH_DB (features.ts) under the median of the words' frames.
 * - Segments end at sentence punctuation (. ! ?) and at pauses of at least
 *   SEGMENT_PAUSE_FRAMES (1 s, the spec's "long pause"); they tile the audio.
 * - Runs are counted in syllables between pauses.
 * - A segment's scores come from the same head as the utterance's, applied
 *   to the segment alone.
 */
import type { FluencyMetrics, FluencyNode, SegmentMetrics, WordEntry } from '../contract/schema.js';
import { findPauses, wordSpan } from '../scoring/features.js';
import { applyCurve } from '../scoring/calibration.js';
import type { ScoringHead } from '../scoring/head.js';
import { PASS_THRESHOLD } from '../scoring/quality.js';
import { scaleScores } from './scales.js';
import { headInput, type ScoredUtterance } from '../scoring/utterance.js';
import type { Span } from '../scoring/spans.js';

export const SEGMENT_PAUSE_FRAMES = 100;
export const FLUENCY_VERSION = 'oralis-fluency-2';

const round = (x: number, digits = 2) => Math.round(x * 10 ** digits) / 10 ** digits;

/** Word index ranges [first, last + 1) of the segments. */
function segmentRanges(scored: ScoredUtterance): Span[] {
  const words = scored.words;
  const ranges: Span[] = [];
  let first = 0;
  for (let i = 0; i < words.length; i++) {
    const sentenceEnd = /[.!?]/.test(words[i]!.word.ending_punctuation ?? '');
    const longPause = i + 1 < words.length && wordSpan(words[i + 1]!)[0] - wordSpan(words[i]!)[1] >= SEGMENT_PAUSE_FRAMES;
    if (sentenceEnd || longPause || i === words.length - 1) {
      ranges.push([first, i + 1]);
      first = i + 1;
    }
  }
  return ranges;
}

function metrics(entries: readonly WordEntry[], span: Span, speech: Span, pauses: readonly Span[]): FluencyMetrics {
  const duration = (span[1] - span[0]) / 100;
  const own = pauses.filter(([a, b]) => a >= span[0] && b <= span[1]);
  const pauseSeconds = own.reduce((s, [a, b]) => s + (b - a), 0) / 100;
  const edges = (Math.max(0, speech[0] - span[0]) + Math.max(0, span[1] - speech[1])) / 100;
  const articulation = Math.max(0, duration - pauseSeconds - edges);
  const syllables = entries.flatMap((w) => w.syllable_score_list);
  const correctSyllables = syllables.filter((s) => s.quality_score >= PASS_THRESHOLD).length;
  const correctWords = entries.filter((w) => w.quality_class === 'pass').length;
  // Runs: syllables between pauses.
  const runs: number[] = [0];
  let next = 0;
  for (const s of syllables) {
    while (next < own.length && own[next]![0] <= s.extent[0]) {
      if (runs.at(-1)! > 0) runs.push(0);
      next++;
    }
    runs[runs.length - 1]!++;
  }
  const minutes = duration / 60;
  return {
    segment: span,
    duration: round(duration),
    articulation_length: round(articulation),
    syllable_count: syllables.length,
    word_count: entries.length,
    correct_syllable_count: correctSyllables,
    correct_word_count: correctWords,
    speech_rate: round(duration > 0 ? syllables.length / duration : 0),
    articulation_rate: round(articulation > 0 ? syllables.length / articulation : 0),
    syllable_correct_per_minute: round(minutes > 0 ? correctSyllables / minutes : 0, 1),
    word_correct_per_minute: round(minutes > 0 ? correctWords / minutes : 0, 1),
    all_pause_count: own.length,
    all_pause_duration: round(pauseSeconds),
    all_pause_list: own.map(([a, b]) => [a, b] as Span),
    mean_length_run: round(runs.reduce((a, b) => a + b, 0) / runs.length),
    max_length_run: Math.max(...runs),
  };
}

/** The head's utterance scores (0..10) for a stretch of the utterance, as if it were said alone. */
async function segmentHeadScores(head: ScoringHead, scored: ScoredUtterance, range: Span, span: Span) {
  const { analysis } = scored;
  const words = analysis.words.slice(range[0], range[1]);
  const out = await head.run(headInput({ ...analysis, words, speechSpan: span }, scored.prosody, head.layout));
  const [accuracy, fluency] = out.utterance;
  return { accuracy: accuracy!, fluency: fluency! };
}

/** `entries` are the response's word entries (quality classes, syllables) for `scored.words`. */
export async function fluencyNode(head: ScoringHead, scored: ScoredUtterance, entries: readonly WordEntry[]): Promise<FluencyNode> {
  const frames = scored.analysis.frames;
  const pauses = findPauses(scored.analysis, scored.prosody.energyDb);
  const speech: Span = [wordSpan(scored.words[0]!)[0], wordSpan(scored.words.at(-1)!)[1]];
  const ranges = segmentRanges(scored);
  const segments: SegmentMetrics[] = [];
  const { calibration } = scored;
  let spanStart = 0;
  for (const [k, range] of ranges.entries()) {
    const span: Span = [spanStart, k === ranges.length - 1 ? frames : wordSpan(scored.words[range[1] - 1]!)[1]];
    spanStart = span[1];
    const own = entries.slice(range[0], range[1]);
    const { accuracy, fluency } = await segmentHeadScores(head, scored, range, span);
    segments.push({ ...metrics(own, span, speech, pauses), ...scaleScores(applyCurve(calibration.utterance_accuracy, accuracy), applyCurve(calibration.utterance_fluency, fluency)) });
  }
  return { segment_metrics_list: segments, overall_metrics: metrics(entries, [0, frames], speech, pauses), fluency_version: FLUENCY_VERSION };
}
