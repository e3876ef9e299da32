/**
 * Evidence that a recording holds speech, not a tone, a hum, a click or
 * noise: voiced frames (the pitch tracker found a period in the voice range)
 * whose spectrum is not a single line. Every spoken word has a vowel, and a
 * vowel is periodic with its energy spread over several harmonics shaped by
 * the formants; a sine or a mains hum is periodic too but puts nearly all its
 * power in one spectral peak, and noise and clicks are not periodic at all.
 */
import { OralisError } from '../contract/errors.js';
import { FRAME_LENGTH, FRAME_SHIFT, powerSpectra, SPECTRUM_BINS } from './frames.js';

/** Bins either side of the strongest one that a windowed sine leaks into (Hamming main lobe). */
const PEAK_HALF_WIDTH = 2;
/**
 * A vowel-like frame's peak share lies in this range. Over 8,000 voiced frames
 * of speechocean762 (children and adults) 1.5 % lie above 0.9 and 0.4 % below
 * 0.08; a sine sits at 0.99-1.0, a click train or a square wave at 0.03-0.05
 * (every harmonic equally strong, no formants).
 */
const VOWEL_SHARE: [number, number] = [0.06, 0.9];
/**
 * One short vowel: the least voiced sound a spoken word has (a sentence of
 * speechocean762 has 50 or more). An RP "hot" has 70 ms of vowel; sines, hum,
 * clicks and white or pink noise have none (0 vowel-like frames each).
 */
const MIN_VOWEL_FRAMES = 5;
/** Below 100 Hz (bin 3 of 31.25 Hz) lies hum and DC drift, not the voice's harmonics. */
const FIRST_BIN = 3;

/** Share of a frame's power (above FIRST_BIN) in its strongest spectral peak: ~1 for a pure tone, well under 1 for a vowel. */
function peakShare(power: Float32Array): number {
  let total = 0;
  let best = FIRST_BIN;
  for (let k = FIRST_BIN; k < power.length; k++) {
    total += power[k]!;
    if (power[k]! > power[best]!) best = k;
  }
  let peak = 0;
  for (let k = Math.max(FIRST_BIN, best - PEAK_HALF_WIDTH); k <= Math.min(power.length - 1, best + PEAK_HALF_WIDTH); k++) peak += power[k]!;
  return total > 0 ? peak / total : 1;
}

/** The peak share of voiced frame t, NaN for an unvoiced one. */
function voicedPeakShare(samples16k: Float32Array, pitchHz: Float32Array, t: number): number {
  if (pitchHz[t]! <= 0) return NaN;
  const frame = samples16k.subarray(t * FRAME_SHIFT, t * FRAME_SHIFT + FRAME_LENGTH);
  return peakShare(powerSpectra(frame).subarray(0, SPECTRUM_BINS));
}

const vowelLike = (share: number) => share >= VOWEL_SHARE[0] && share <= VOWEL_SHARE[1];

/** Throws no_speech unless the recording has at least MIN_VOWEL_FRAMES vowel-like frames (speech passes within its first vowel). */
export function checkSpeechPresent(samples16k: Float32Array, pitchHz: Float32Array): void {
  let found = 0;
  for (let t = 0; t < pitchHz.length; t++) if (vowelLike(voicedPeakShare(samples16k, pitchHz, t)) && ++found >= MIN_VOWEL_FRAMES) return;
  const voiced = pitchHz.filter((hz) => hz > 0).length;
  throw new OralisError(
    'no_speech',
    `No speech found: ${found * 10} ms of the recording sound like a voice (${voiced * 10} ms are periodic, but a steady tone, hum or buzz is not speech); ` +
      `a spoken word needs at least ${MIN_VOWEL_FRAMES * 10} ms. Tones, clicks and noise are not scored.`,
  );
}
