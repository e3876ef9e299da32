/**
 * The HTK front end (HCopy/HParm) for models trained on TARGETKIND
 * MFCC_0_D_N_Z, as the HTK Book (3.4, chapter 5) defines it: per frame of
 * WINDOWSIZE samples every TARGETRATE, pre-emphasis inside the frame, a
 * Hamming window, the 512-point FFT's magnitude (HTK's default USEPOWER=F)
 * through NUMCHANS triangular mel filters spanning 0 Hz to Nyquist, the log
 * floored at 1 (MELFLOOR), a DCT to NUMCEPS cepstra plus C0, sinusoidal
 * liftering; `_Z` removes each static coefficient's mean over the utterance,
 * `_D` appends regression deltas (DELTAWINDOW 2, ends replicated), `_N` drops
 * the static C0 (HTK counts C0 as the absolute energy it suppresses).
 * Vectors follow HTK's order: c1..c12, c0 ... then deltas, less static c0.
 *
 * Samples are taken at 16-bit scale, as HTK reads them: the log floor and
 * the model's means depend on it.
 */
import { Meyda, MEYDA_BUFFER } from '../../features/meyda.js';

/** The front-end fields of an HTK `config` file that this family reads (a model's manifest carries them). */
export interface HtkFrontEndConfig {
  /** Samples per second of the audio the model was trained on. */
  sample_rate: number;
  /** WINDOWSIZE and TARGETRATE, in samples. */
  window_samples: number;
  shift_samples: number;
  preemphasis: number;
  channels: number;
  cepstra: number;
  lifter: number;
  /** DELTAWINDOW. */
  delta_window: number;
}

const FFT_SIZE = MEYDA_BUFFER;
const MEL_FLOOR = 1;

const mel = (hz: number) => 1127 * Math.log(1 + hz / 700);

/** HTK's filterbank (HSigP InitFBank): each FFT bin feeds two neighbouring channels; the lower one takes `lowerWeight`. */
export interface HtkFilterbank {
  config: HtkFrontEndConfig;
  /** Per FFT bin: the channel (0-based) on whose falling edge the bin lies, -1 below the first channel's peak; the next channel takes the rest. */
  lowerChannel: Int32Array;
  lowerWeight: Float64Array;
  hamming: Float64Array;
  /** DCT rows [cepstra+1][channels]: row 0 is C0. */
  dct: Float64Array[];
  liftering: Float64Array;
}

export function htkFilterbank(config: HtkFrontEndConfig): HtkFilterbank {
  const { channels, sample_rate: rate, window_samples: n, cepstra, lifter } = config;
  const half = FFT_SIZE / 2;
  // HTK: channel centres equally spaced in mel from 0 to Nyquist; klo = bin 2 (1-based), khi = N/2.
  const melHigh = mel(rate / 2);
  const centres = Array.from({ length: channels + 2 }, (_, c) => (c * melHigh) / (channels + 1));
  const lowerChannel = new Int32Array(half + 1).fill(-1);
  const lowerWeight = new Float64Array(half + 1);
  let chan = 0;
  for (let k = 1; k < half; k++) {
    // HTK's 1-based bin k+1 has frequency k × rate / FFT_SIZE.
    const m = mel((k * rate) / FFT_SIZE);
    while (chan < channels + 1 && centres[chan + 1]! < m) chan++;
    // chan is now the 0-based index into centres of the filter edge just below m.
    lowerChannel[k] = chan - 1;
    lowerWeight[k] = (centres[chan + 1]! - m) / (centres[chan + 1]! - centres[chan]!);
  }
  const hamming = Float64Array.from({ length: n }, (_, i) => 0.54 - 0.46 * Math.cos((2 * Math.PI * i) / (n - 1)));
  const norm = Math.sqrt(2 / channels);
  const dct = Array.from({ length: cepstra + 1 }, (_, i) => Float64Array.from({ length: channels }, (_, j) => norm * Math.cos(((Math.PI * i) / channels) * (j + 0.5))));
  const liftering = Float64Array.from({ length: cepstra + 1 }, (_, i) => (i === 0 ? 1 : 1 + (lifter / 2) * Math.sin((Math.PI * i) / lifter)));
  return { config, lowerChannel, lowerWeight, hamming, dct, liftering };
}

/** Frames HTK cuts from `samples` samples: whole windows only. */
export function htkFrameCount(samples: number, config: HtkFrontEndConfig): number {
  return samples < config.window_samples ? 0 : 1 + Math.floor((samples - config.window_samples) / config.shift_samples);
}

/** Static coefficients per frame, [frames × (cepstra+1)] in HTK's order c1..cN, c0; before mean removal. */
export function htkStatics(samples: Float32Array, bank: HtkFilterbank): Float32Array {
  const { config, lowerChannel, lowerWeight, hamming, dct, liftering } = bank;
  const { window_samples: n, shift_samples: shift, preemphasis: k, channels, cepstra } = config;
  const frames = htkFrameCount(samples.length, config);
  const width = cepstra + 1;
  const out = new Float32Array(frames * width);
  const frame = new Float32Array(FFT_SIZE);
  const fbank = new Float64Array(channels);
  for (let f = 0; f < frames; f++) {
    const start = f * shift;
    frame.fill(0);
    // HTK's PreEmphasise works within the frame: the first sample is scaled by (1 - k) instead of using the one before it.
    for (let i = n - 1; i >= 0; i--) {
      const x = samples[start + i]! * 32768;
      const emphasised = i > 0 ? x - k * samples[start + i - 1]! * 32768 : x * (1 - k);
      frame[i] = emphasised * hamming[i]!;
    }
    const magnitude = Meyda.extract('amplitudeSpectrum', frame) as unknown as Float32Array;
    fbank.fill(0);
    for (let bin = 1; bin < FFT_SIZE / 2; bin++) {
      const c = lowerChannel[bin]!;
      const a = magnitude[bin]!;
      const w = lowerWeight[bin]!;
      if (c >= 0) fbank[c]! += w * a;
      if (c + 1 < channels) fbank[c + 1]! += (1 - w) * a;
    }
    for (let j = 0; j < channels; j++) fbank[j] = Math.log(Math.max(fbank[j]!, MEL_FLOOR));
    for (let i = 0; i <= cepstra; i++) {
      let sum = 0;
      const row = dct[i]!;
      for (let j = 0; j < channels; j++) sum += row[j]! * fbank[j]!;
      // HTK order: c1..cN first, c0 last.
      out[f * width + (i === 0 ? cepstra : i - 1)] = sum * liftering[i]!;
    }
  }
  return out;
}

/**
 * MFCC_0_D_N_Z vectors, [frames × (2 × (cepstra+1) − 1)]: statics with the
 * utterance mean removed (over `meanOver` frames, default all), their deltas,
 * less the static c0.
 */
export function htkFeatures(samples: Float32Array, bank: HtkFilterbank, meanOver?: readonly [number, number]): Float32Array {
  const { cepstra, delta_window: window } = bank.config;
  const width = cepstra + 1;
  const statics = htkStatics(samples, bank);
  const frames = statics.length / width;
  const [from, to] = meanOver ?? [0, frames];
  for (let c = 0; c < width; c++) {
    let sum = 0;
    for (let f = from; f < to; f++) sum += statics[f * width + c]!;
    const m = to > from ? sum / (to - from) : 0;
    for (let f = 0; f < frames; f++) statics[f * width + c]! -= m;
  }
  const dim = 2 * width - 1;
  const out = new Float32Array(frames * dim);
  let denominator = 0;
  for (let t = 1; t <= window; t++) denominator += 2 * t * t;
  const at = (f: number, c: number) => statics[Math.min(frames - 1, Math.max(0, f)) * width + c]!;
  for (let f = 0; f < frames; f++) {
    for (let c = 0; c < cepstra; c++) out[f * dim + c] = statics[f * width + c]!;
    for (let c = 0; c < width; c++) {
      let sum = 0;
      for (let t = 1; t <= window; t++) sum += t * (at(f + t, c) - at(f - t, c));
      out[f * dim + cepstra + c] = sum / denominator;
    }
  }
  return out;
}
