/**
 * Where the speech in a recording begins and ends, from frame loudness.
 *
 * Leading and trailing silence must not change a score: the model's batch
 * CMN would average over it, the VTLN search and the alignment would see it,
 * and digital silence (a recorder that starts with zeros) has no spectrum at
 * all. So the scoring pipeline analyses only the speech span plus
 * MARGIN_FRAMES of context on each side (the silence model still needs some
 * frames to align to), takes the CMN mean over the speech span alone, and
 * shifts extents back.
 *
 * A frame is loud when it is within SPEECH_BELOW_PEAK_DB of the recording's
 * loud frames (95th percentile) and at least ABOVE_FLOOR_DB above its quiet
 * ones (10th percentile); the span runs from the first to the last run of at
 * least MIN_RUN loud frames, so a click does not count as speech.
 */
const SPEECH_BELOW_PEAK_DB = 35;
const ABOVE_FLOOR_DB = 10;
const MIN_RUN = 5;
const MARGIN_FRAMES = 25;

function percentile(values: Float32Array, p: number): number {
  const sorted = Float32Array.from(values).sort();
  return sorted[Math.min(sorted.length - 1, Math.floor(p * sorted.length))]!;
}

export interface SpeechSpan {
  /** [first, last + 1) frames of speech: the loud runs. */
  speech: [number, number];
  /** The frames to analyse: `speech` widened by MARGIN_FRAMES. */
  analysed: [number, number];
}

/** The speech span; every frame when no run of speech stands out (the recording is all speech, or all noise). */
export function speechSpan(energyDb: Float32Array): SpeechSpan {
  const frames = energyDb.length;
  if (frames === 0) return { speech: [0, 0], analysed: [0, 0] };
  const threshold = Math.max(percentile(energyDb, 0.95) - SPEECH_BELOW_PEAK_DB, percentile(energyDb, 0.1) + ABOVE_FLOOR_DB);
  let first = -1;
  let last = -1;
  let run = 0;
  for (let t = 0; t < frames; t++) {
    run = energyDb[t]! >= threshold ? run + 1 : 0;
    if (run >= MIN_RUN) {
      if (first < 0) first = t - MIN_RUN + 1;
      last = t;
    }
  }
  if (first < 0) return { speech: [0, frames], analysed: [0, frames] };
  return { speech: [first, last + 1], analysed: [Math.max(0, first - MARGIN_FRAMES), Math.min(frames, last + 1 + MARGIN_FRAMES)] };
}

/** The frames the acoustic model analyses: the speech span with MARGIN_FRAMES of context on each side. */
export interface AnalysisWindow {
  /** The recording's frame at the window's first frame; negative when the window starts before the recording. */
  first: number;
  /** Frames in the window; those outside the recording are digital silence. */
  length: number;
  /** The speech within the window, in window frames: batch CMN averages over these only. */
  speech: [number, number];
  /** Frames in the whole recording. */
  frames: number;
}

/**
 * Where the recording has less context than MARGIN_FRAMES (speech from its
 * first frame), the window reaches past it and digital silence makes up the
 * rest, so a recording trimmed tight and one with seconds of silence are
 * analysed alike.
 */
export function analysisWindow(energyDb: Float32Array): AnalysisWindow {
  const frames = energyDb.length;
  const { analysed, speech } = speechSpan(energyDb);
  const lead = Math.max(0, MARGIN_FRAMES - (speech[0] - analysed[0]));
  const trail = Math.max(0, MARGIN_FRAMES - (analysed[1] - speech[1]));
  const first = analysed[0] - lead;
  return { first, length: lead + analysed[1] - analysed[0] + trail, speech: [speech[0] - first, speech[1] - first], frames };
}
