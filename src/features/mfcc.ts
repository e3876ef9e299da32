/**
 * The MFCC front end the Sphinx en-us model was trained on (sphinxbase
 * fe_sigproc with the model's feat.params): pre-emphasis 0.97, 410-sample
 * (25.625 ms) Hamming frames every 160 samples (10 ms), 512-point power
 * spectrum, 25 unit-area triangular mel filters 130–6800 Hz with edges rounded
 * to FFT bins, natural log, orthonormal DCT-II, sinusoidal lifter 22.
 * Noise and silence removal of sphinx_fe are not part of the model's feature
 * definition and are left out. Meyda computes the spectrum.
 */
import { Meyda, MEYDA_BUFFER } from './meyda.js';

export const FRAME_SHIFT = 160;
export const FRAME_LENGTH = 410;
const FFT_SIZE = MEYDA_BUFFER;
const SAMPLE_RATE = 16_000;
const PREEMPHASIS = 0.97;
const N_FILTERS = 25;
const LOWER_HZ = 130;
const UPPER_HZ = 6800;
export const N_CEPSTRA = 13;
const LIFTER = 22;
/** sphinxbase replaces log(0) by this rather than -∞. */
const LOG_FLOOR = -10;

interface MelFilter {
  start: number;
  weights: Float64Array;
}

const mel = (hz: number) => 2595 * Math.log10(1 + hz / 700);
const melInverse = (m: number) => 700 * (10 ** (m / 2595) - 1);

/**
 * Vocal-tract-length warp of the filter edges (piecewise linear, as in Kaldi's
 * VTLN): frequencies scale by `warp` up to a knee, then bend back so the band
 * still ends at UPPER_HZ. warp > 1 moves the filters up, towards the higher
 * formants of a shorter (child's) vocal tract.
 */
function warpHz(hz: number, warp: number): number {
  if (warp === 1) return hz;
  const knee = 0.85 * UPPER_HZ * Math.min(1, 1 / warp);
  if (hz <= knee) return hz * warp;
  return warp * knee + ((hz - knee) * (UPPER_HZ - warp * knee)) / (UPPER_HZ - knee);
}

function buildFilters(warp: number): MelFilter[] {
  const fftFreq = SAMPLE_RATE / FFT_SIZE;
  const melMin = mel(LOWER_HZ);
  const bandwidth = (mel(UPPER_HZ) - melMin) / (N_FILTERS + 1);
  const filters: MelFilter[] = [];
  for (let i = 0; i < N_FILTERS; i++) {
    const [left, centre, right] = [0, 1, 2].map(
      (j) => Math.trunc(warpHz(melInverse((i + j) * bandwidth + melMin), warp) / fftFreq + 0.5) * fftFreq,
    ) as [number, number, number];
    const start = Math.ceil(left / fftFreq - 1e-9);
    const weights: number[] = [];
    for (let bin = start; bin < FFT_SIZE / 2 && bin * fftFreq <= right; bin++) {
      const hz = bin * fftFreq;
      const height = 2 / (right - left);
      weights.push(Math.min(((hz - left) / (centre - left)) * height, ((right - hz) / (right - centre)) * height));
    }
    filters.push({ start, weights: Float64Array.from(weights) });
  }
  return filters;
}

const filterBanks = new Map<number, MelFilter[]>();
function filtersFor(warp: number): MelFilter[] {
  let bank = filterBanks.get(warp);
  if (!bank) filterBanks.set(warp, (bank = buildFilters(warp)));
  return bank;
}
const HAMMING = Float64Array.from({ length: FRAME_LENGTH }, (_, i) => 0.54 - 0.46 * Math.cos((2 * Math.PI * i) / (FRAME_LENGTH - 1)));
const DCT = Array.from({ length: N_CEPSTRA }, (_, i) =>
  Float64Array.from({ length: N_FILTERS }, (_, j) => Math.cos((Math.PI / N_FILTERS) * i * (j + 0.5)) * Math.sqrt((i === 0 ? 1 : 2) / N_FILTERS)),
);
const LIFTER_WEIGHTS = Float64Array.from({ length: N_CEPSTRA }, (_, i) => 1 + (LIFTER / 2) * Math.sin((i * Math.PI) / LIFTER));

/** Frames sphinx_fe produces: every full frame, plus one zero-padded frame for leftover samples. */
export function frameCount(samples: number): number {
  if (samples < FRAME_LENGTH) return samples > 0 ? 1 : 0;
  return 1 + Math.ceil((samples - FRAME_LENGTH) / FRAME_SHIFT);
}

export const SPECTRUM_BINS = FFT_SIZE / 2 + 1;

/**
 * 16 kHz samples in [-1, 1] → pre-emphasised, Hamming-windowed power spectra,
 * row-major [frames × SPECTRUM_BINS]. Kept apart from the filterbank so a
 * vocal-tract-length search can try several warps on one set of spectra.
 */
export function powerSpectra(samples: Float32Array): Float32Array {
  const frames = frameCount(samples.length);
  const out = new Float32Array(frames * SPECTRUM_BINS);
  const frame = new Float32Array(FFT_SIZE);
  for (let f = 0; f < frames; f++) {
    const start = f * FRAME_SHIFT;
    frame.fill(0);
    for (let i = 0; i < FRAME_LENGTH && start + i < samples.length; i++) {
      // sphinx_fe works on 16-bit sample values; the model's c0 depends on that scale.
      const x = samples[start + i]! * 32768;
      const previous = start + i > 0 ? samples[start + i - 1]! * 32768 : 0;
      frame[i] = (x - PREEMPHASIS * previous) * HAMMING[i]!;
    }
    const power = Meyda.extract('powerSpectrum', frame) as unknown as Float32Array;
    out.set(power.subarray(0, SPECTRUM_BINS), f * SPECTRUM_BINS);
  }
  return out;
}

/** Power spectra → cepstra, row-major [frames × 13]; `warp` 1 is the model's own front end. */
export function cepstra(spectra: Float32Array, warp = 1): Float32Array {
  const filters = filtersFor(warp);
  const frames = spectra.length / SPECTRUM_BINS;
  const out = new Float32Array(frames * N_CEPSTRA);
  const logMel = new Float64Array(N_FILTERS);
  for (let f = 0; f < frames; f++) {
    const row = f * SPECTRUM_BINS;
    for (let m = 0; m < N_FILTERS; m++) {
      const { start: bin0, weights } = filters[m]!;
      let energy = 0;
      for (let k = 0; k < weights.length; k++) energy += spectra[row + bin0 + k]! * weights[k]!;
      logMel[m] = energy > 0 ? Math.log(energy) : LOG_FLOOR;
    }
    for (let c = 0; c < N_CEPSTRA; c++) {
      const basis = DCT[c]!;
      let sum = 0;
      for (let m = 0; m < N_FILTERS; m++) sum += logMel[m]! * basis[m]!;
      out[f * N_CEPSTRA + c] = sum * LIFTER_WEIGHTS[c]!;
    }
  }
  return out;
}

/** 16 kHz samples in [-1, 1] → cepstra, row-major [frames × 13]. */
export const mfcc = (samples: Float32Array, warp = 1): Float32Array => cepstra(powerSpectra(samples), warp);
