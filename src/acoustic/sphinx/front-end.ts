/**
 * The MFCC front end of the Sphinx models (sphinxbase fe_sigproc with the
 * model's feat.params), on the engine's frame grid (features/frames.ts: its
 * power spectra). Then, as the model's manifest says (`features`; en-us: 25
 * filters 130–6800 Hz, 13 cepstra, lifter 22): unit-area triangular mel
 * filters with edges rounded to FFT bins, natural log, orthonormal DCT-II,
 * sinusoidal lifter. Noise and silence removal of sphinx_fe are not part of
 * the model's feature definition and are left out.
 */
import { OralisError } from '../../contract/errors.js';
import { BIN_HZ, FRAME_GRID, powerSpectra, SPECTRUM_BINS } from '../../features/frames.js';

/** The filterbank and cepstra of a model's front end (its manifest's `features`). */
export interface Filterbank {
  filters: number;
  lower_hz: number;
  upper_hz: number;
  cepstra: number;
  lifter: number;
}

/** A model manifest's `features`, as scripts/convert-sphinx-model.py writes them from feat.params. */
export interface FrontEndManifest extends Filterbank {
  sample_rate: number;
  frame_rate: number;
  window_length_s: number;
  fft_size: number;
  preemphasis: number;
  window: string;
  transform: string;
}

/**
 * The model's filterbank, after checking that the rest of its front end is
 * this engine's grid (a model wanting other frames could not share the
 * extents, pitch and energy every other stage reads).
 */
export function filterbankOf(features: FrontEndManifest): Filterbank {
  const grid = { ...FRAME_GRID, transform: 'dct' };
  const differs = Object.entries(grid).filter(([k, v]) => features[k as keyof typeof grid] !== v);
  if (differs.length > 0) {
    throw new OralisError('model_unavailable', `The model's front end differs from the engine's in ${differs.map(([k, v]) => `${k} (${String(features[k as keyof typeof grid])}, engine ${v})`).join(', ')}.`);
  }
  const { filters, lower_hz, upper_hz, cepstra, lifter } = features;
  return { filters, lower_hz, upper_hz, cepstra, lifter };
}
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
 * still ends at the top filter edge. warp > 1 moves the filters up, towards the higher
 * formants of a shorter (child's) vocal tract.
 */
function warpHz(hz: number, warp: number, upper: number): number {
  if (warp === 1) return hz;
  const knee = 0.85 * upper * Math.min(1, 1 / warp);
  if (hz <= knee) return hz * warp;
  return warp * knee + ((hz - knee) * (upper - warp * knee)) / (upper - knee);
}

function buildFilters(bank: Filterbank, warp: number): MelFilter[] {
  const fftFreq = BIN_HZ;
  const melMin = mel(bank.lower_hz);
  const bandwidth = (mel(bank.upper_hz) - melMin) / (bank.filters + 1);
  const filters: MelFilter[] = [];
  for (let i = 0; i < bank.filters; i++) {
    const [left, centre, right] = [0, 1, 2].map(
      (j) => Math.trunc(warpHz(melInverse((i + j) * bandwidth + melMin), warp, bank.upper_hz) / fftFreq + 0.5) * fftFreq,
    ) as [number, number, number];
    const start = Math.ceil(left / fftFreq - 1e-9);
    const weights: number[] = [];
    for (let bin = start; bin < SPECTRUM_BINS - 1 && bin * fftFreq <= right; bin++) {
      const hz = bin * fftFreq;
      const height = 2 / (right - left);
      weights.push(Math.min(((hz - left) / (centre - left)) * height, ((right - hz) / (right - centre)) * height));
    }
    filters.push({ start, weights: Float64Array.from(weights) });
  }
  return filters;
}

interface Cepstral {
  filters: MelFilter[];
  dct: Float64Array[];
  lifter: Float64Array;
}

/** Per filterbank and warp: the filters, DCT rows and lifter weights (a model has one filterbank and VTLN four warps). */
const built = new Map<string, Cepstral>();
function cepstralFor(bank: Filterbank, warp: number): Cepstral {
  const key = `${bank.filters}:${bank.lower_hz}:${bank.upper_hz}:${bank.cepstra}:${bank.lifter}:${warp}`;
  let out = built.get(key);
  if (!out) {
    const n = bank.filters;
    out = {
      filters: buildFilters(bank, warp),
      dct: Array.from({ length: bank.cepstra }, (_, i) => Float64Array.from({ length: n }, (_, j) => Math.cos((Math.PI / n) * i * (j + 0.5)) * Math.sqrt((i === 0 ? 1 : 2) / n))),
      lifter: Float64Array.from({ length: bank.cepstra }, (_, i) => 1 + (bank.lifter / 2) * Math.sin((i * Math.PI) / bank.lifter)),
    };
    built.set(key, out);
  }
  return out;
}
/** Power spectra → cepstra, row-major [frames × bank.cepstra]; `warp` 1 is the model's own front end. */
export function cepstra(spectra: Float32Array, bank: Filterbank, warp = 1): Float32Array {
  const { filters, dct, lifter } = cepstralFor(bank, warp);
  const frames = spectra.length / SPECTRUM_BINS;
  const n = bank.cepstra;
  const out = new Float32Array(frames * n);
  const logMel = new Float64Array(bank.filters);
  for (let f = 0; f < frames; f++) {
    const row = f * SPECTRUM_BINS;
    for (let m = 0; m < bank.filters; m++) {
      const { start: bin0, weights } = filters[m]!;
      let energy = 0;
      for (let k = 0; k < weights.length; k++) energy += spectra[row + bin0 + k]! * weights[k]!;
      logMel[m] = energy > 0 ? Math.log(energy) : LOG_FLOOR;
    }
    for (let c = 0; c < n; c++) {
      const basis = dct[c]!;
      let sum = 0;
      for (let m = 0; m < bank.filters; m++) sum += logMel[m]! * basis[m]!;
      out[f * n + c] = sum * lifter[c]!;
    }
  }
  return out;
}

/** 16 kHz samples in [-1, 1] → cepstra, row-major [frames × bank.cepstra]. */
export const mfcc = (samples: Float32Array, bank: Filterbank, warp = 1): Float32Array => cepstra(powerSpectra(samples), bank, warp);
