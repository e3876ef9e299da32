/**
 * F0 on the engine's 10 ms frame grid: YIN (de Cheveigné & Kawahara 2002) on
 * the signal decimated to 8 kHz, with a voicing decision and octave-error
 * smoothing.
 *
 * - Range 60–500 Hz covers adult men to young children.
 * - A frame is voiced when YIN's normalised difference dips below VOICING
 *   (an aperiodic frame stays near 1) and the frame is not near-silent.
 * - Octave errors (YIN picking twice or half the period) are pulled back to
 *   the octave of the median of the surrounding voiced frames, then a 5-frame
 *   median smooths what is left; isolated voiced frames are dropped.
 * Frame t covers samples [160 t, 160 t + 410) at 16 kHz, like the MFCC frames,
 * and its F0 is that of the window centred there.
 */
import { resample } from '../audio/resample.js';
import { median } from '../util/stats.js';
import { FRAME_LENGTH, FRAME_SHIFT, frameCount } from './frames.js';

const RATE = 8000;
const MIN_HZ = 60;
const MAX_HZ = 500;
/** YIN's absolute threshold: the first dip below it is taken as the period. */
const THRESHOLD = 0.15;
/**
 * Frames whose best dip stays above this are unvoiced. Synthesized and breathy
 * vowels dip only to 0.25–0.35, so 0.3 broke a sustained vowel into blips;
 * white noise stays far above 0.4 (tested).
 */
const VOICING = 0.4;
/** Frames quieter than this (RMS, full scale 1) are unvoiced whatever their shape. */
const SILENCE_RMS = 0.003;
const WINDOW = 320; // 40 ms at 8 kHz: two periods of the lowest F0
const MAX_LAG = Math.ceil(RATE / MIN_HZ);
const MIN_LAG = Math.floor(RATE / MAX_HZ);

export interface PitchTrack {
  /** F0 in Hz per 10 ms frame; 0 where unvoiced. */
  hz: Float32Array;
  /** YIN's normalised difference at the chosen period, 0 (perfectly periodic) .. 1. */
  aperiodicity: Float32Array;
}

export function trackPitch(samples16k: Float32Array): PitchTrack {
  const frames = frameCount(samples16k.length);
  const x = resample(samples16k, 16_000, RATE);
  const raw = new Float32Array(frames);
  const aperiodicity = new Float32Array(frames).fill(1);
  const diff = new Float64Array(MAX_LAG + 1);
  for (let t = 0; t < frames; t++) {
    // Centre of the 16 kHz MFCC frame, in 8 kHz samples.
    const centre = Math.round((t * FRAME_SHIFT + FRAME_LENGTH / 2) / 2);
    const start = centre - (WINDOW + MAX_LAG) / 2;
    if (start < 0 || start + WINDOW + MAX_LAG > x.length) continue;
    let energy = 0;
    for (let j = 0; j < WINDOW; j++) energy += x[start + j]! ** 2;
    if (Math.sqrt(energy / WINDOW) < SILENCE_RMS) continue;
    const found = yin(x, start, diff);
    aperiodicity[t] = found.dip;
    if (found.dip < VOICING) raw[t] = RATE / found.lag;
  }
  return { hz: smooth(raw), aperiodicity };
}

/**
 * The period of the window at `start`: YIN steps 2–5 (difference,
 * cumulative-mean normalisation, threshold, parabolic refinement). The
 * normalised difference at a lag needs only smaller lags, so the search stops
 * at the bottom of the first dip below THRESHOLD instead of computing every lag.
 */
function yin(x: Float32Array, start: number, diff: Float64Array): { lag: number; dip: number } {
  let running = 0;
  let lag = -1;
  let last = MAX_LAG;
  diff[0] = 1;
  for (let tau = 1; tau <= last; tau++) {
    let sum = 0;
    for (let j = 0; j < WINDOW; j++) {
      const d = x[start + j]! - x[start + j + tau]!;
      sum += d * d;
    }
    running += sum;
    diff[tau] = running > 0 ? (sum * tau) / running : 1;
    if (lag < 0 && tau > MIN_LAG && diff[tau - 1]! < THRESHOLD && diff[tau]! >= diff[tau - 1]!) {
      // tau − 1 was the bottom of the first dip; one more lag is kept for the parabola.
      lag = tau - 1;
      last = tau;
    }
  }
  if (lag < 0) {
    lag = MIN_LAG;
    for (let tau = MIN_LAG; tau <= MAX_LAG; tau++) if (diff[tau]! < diff[lag]!) lag = tau;
  }
  const dip = diff[lag]!;
  if (lag > MIN_LAG && lag < last) {
    const [a, b, c] = [diff[lag - 1]!, dip, diff[lag + 1]!];
    const denominator = a - 2 * b + c;
    if (denominator > 0) return { lag: lag + (a - c) / (2 * denominator), dip };
  }
  return { lag, dip };
}

function smooth(raw: Float32Array): Float32Array {
  const n = raw.length;
  const voiced = (t: number) => t >= 0 && t < n && raw[t]! > 0;
  const fixed = new Float32Array(n);
  for (let t = 0; t < n; t++) {
    if (!voiced(t)) continue;
    // A voiced frame with no voiced neighbour is a blip, not a syllable.
    if (!voiced(t - 1) && !voiced(t + 1)) continue;
    const context: number[] = [];
    for (let u = t - 10; u <= t + 10; u++) if (voiced(u)) context.push(raw[u]!);
    const reference = median(context);
    let f = raw[t]!;
    while (f > reference * 1.6) f /= 2;
    while (f < reference / 1.6) f *= 2;
    fixed[t] = f;
  }
  const out = new Float32Array(n);
  for (let t = 0; t < n; t++) {
    if (fixed[t] === 0) continue;
    const window: number[] = [];
    for (let u = t - 2; u <= t + 2; u++) if (u >= 0 && u < n && fixed[u]! > 0) window.push(fixed[u]!);
    out[t] = median(window);
  }
  return out;
}
