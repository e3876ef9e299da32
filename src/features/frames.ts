/**
 * The engine's frame grid, which every extent, pitch and loudness value
 * counts in: 410-sample (25.625 ms) frames every 160 samples (10 ms) at
 * 16 kHz, and each frame's pre-emphasised (0.97), Hamming-windowed 512-point
 * power spectrum (Meyda computes it). These are the Sphinx front end's frames
 * (sphinxbase fe_sigproc); an acoustic model family whose front end frames
 * audio otherwise must still report on this grid.
 */
import { SAMPLE_RATE } from '../contract/limits.js';
import { Meyda, MEYDA_BUFFER } from './meyda.js';

export const FRAME_SHIFT = 160;
export const FRAME_LENGTH = 410;
const FFT_SIZE = MEYDA_BUFFER;
const PREEMPHASIS = 0.97;

/** The grid as a model manifest describes its front end (scripts/convert-sphinx-model.py writes these fields from feat.params). */
export const FRAME_GRID = {
  sample_rate: SAMPLE_RATE,
  frame_rate: SAMPLE_RATE / FRAME_SHIFT,
  window_length_s: FRAME_LENGTH / SAMPLE_RATE,
  fft_size: FFT_SIZE,
  preemphasis: PREEMPHASIS,
  window: 'hamming',
} as const;

const HAMMING = Float64Array.from({ length: FRAME_LENGTH }, (_, i) => 0.54 - 0.46 * Math.cos((2 * Math.PI * i) / (FRAME_LENGTH - 1)));

/** Frames sphinx_fe produces: every full frame, plus one zero-padded frame for leftover samples. */
export function frameCount(samples: number): number {
  if (samples < FRAME_LENGTH) return samples > 0 ? 1 : 0;
  return 1 + Math.ceil((samples - FRAME_LENGTH) / FRAME_SHIFT);
}

export const SPECTRUM_BINS = FFT_SIZE / 2 + 1;
/** Hz between adjacent spectrum bins. */
export const BIN_HZ = SAMPLE_RATE / FFT_SIZE;

/**
 * 16 kHz samples in [-1, 1] → pre-emphasised, Hamming-windowed power spectra,
 * row-major [frames × SPECTRUM_BINS].
 */
export function powerSpectra(samples: Float32Array): Float32Array {
  const frames = frameCount(samples.length);
  const out = new Float32Array(frames * SPECTRUM_BINS);
  const frame = new Float32Array(FFT_SIZE);
  for (let f = 0; f < frames; f++) {
    const start = f * FRAME_SHIFT;
    frame.fill(0);
    for (let i = 0; i < FRAME_LENGTH && start + i < samples.length; i++) {
      // sphinx_fe works on 16-bit sample values; the Sphinx model's c0 depends on that scale.
      const x = samples[start + i]! * 32768;
      const previous = start + i > 0 ? samples[start + i - 1]! * 32768 : 0;
      frame[i] = (x - PREEMPHASIS * previous) * HAMMING[i]!;
    }
    const power = Meyda.extract('powerSpectrum', frame) as unknown as Float32Array;
    out.set(power.subarray(0, SPECTRUM_BINS), f * SPECTRUM_BINS);
  }
  return out;
}
