/**
 * Intonation per syllable (include_intonation=1), from the F0 track of
 * features/pitch.ts over the syllable's aligned frames.
 *
 * - pitch_range = [begin, end]: median F0 of the first and of the last
 *   EDGE_FRAMES voiced frames (Hz); medians so one stray frame cannot decide.
 * - pitch_change_in_current: end vs begin; pitch_change_from_previous: this
 *   syllable's begin vs the end of the nearest earlier voiced syllable
 *   (FLAT for the first voiced syllable, which has nothing to move from).
 *   A change of at least THRESHOLD_SEMITONES up is RISE, down FALL, else FLAT.
 *   1.5 semitones is about the smallest syllable-sized pitch movement
 *   listeners hear as intonation rather than as level pitch ('t Hart,
 *   Collier & Cohen, "A perceptual study of intonation", 1990, put the
 *   threshold for such movements between 1 and 3 semitones), and it is well
 *   above the tracker's frame-to-frame jitter.
 * - REDUCED (both elements) when the syllable has fewer than MIN_VOICED voiced
 *   frames; null (both) when the syllable was not recognised: the head
 *   scored every one of its phones below NOT_RECOGNISED (of 2).
 */
import { median, round1 } from '../util/stats.js';

export type PitchMovement = 'RISE' | 'FALL' | 'FLAT' | 'REDUCED' | null;

export interface SyllableSpan {
  extent: [number, number];
  /** Head scores (0..2) of the syllable's phones. */
  phoneScores: readonly number[];
}

export interface SyllableIntonation {
  intonation: [PitchMovement, PitchMovement];
  /** [begin, end] in Hz, rounded to 0.1; absent when the syllable is unvoiced or not recognised. */
  pitchRange?: [number, number];
}

export const THRESHOLD_SEMITONES = 1.5;
const MIN_VOICED = 3;
const EDGE_FRAMES = 3;
const NOT_RECOGNISED = 0.5;

const semitones = (from: number, to: number) => 12 * Math.log2(to / from);
const movement = (st: number): PitchMovement => (st >= THRESHOLD_SEMITONES ? 'RISE' : st <= -THRESHOLD_SEMITONES ? 'FALL' : 'FLAT');

/** `hz`: F0 per 10 ms frame, 0 where unvoiced; `syllables` in utterance order. */
export function syllableIntonation(hz: Float32Array, syllables: readonly SyllableSpan[]): SyllableIntonation[] {
  let previousEnd: number | undefined;
  return syllables.map((syllable) => {
    if (syllable.phoneScores.every((s) => s < NOT_RECOGNISED)) return { intonation: [null, null] };
    const voiced: number[] = [];
    for (let t = syllable.extent[0]; t < Math.min(syllable.extent[1], hz.length); t++) if (hz[t]! > 0) voiced.push(hz[t]!);
    if (voiced.length < MIN_VOICED) return { intonation: ['REDUCED', 'REDUCED'] };
    const begin = median(voiced.slice(0, EDGE_FRAMES));
    const end = median(voiced.slice(-EDGE_FRAMES));
    const fromPrevious = previousEnd === undefined ? 'FLAT' : movement(semitones(previousEnd, begin));
    previousEnd = end;
    return { intonation: [fromPrevious, movement(semitones(begin, end))], pitchRange: [round1(begin), round1(end)] };
  });
}
