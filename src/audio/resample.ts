/**
 * Band-limited rational resampling: a Kaiser-windowed sinc low-pass evaluated
 * in polyphase form, one precomputed filter per output phase.
 *
 * The cut-off sits at the lower Nyquist frequency, with the transition band
 * spread symmetrically around it from PASS × Nyquist to (2 − PASS) × Nyquist.
 * At 16 kHz that passes 0–6.8 kHz flat (the acoustic model's top mel filter
 * ends at 6.8 kHz) and stops everything above 9.2 kHz by ≥ 90 dB, so any
 * aliasing lands between 6.8 and 8 kHz, outside every band the engine reads.
 * A narrower transition would cost taps for no gain in the features.
 */
const PASS = 0.85;
const STOPBAND_DB = 90;
const KAISER_BETA = 0.1102 * (STOPBAND_DB - 8.7);
/** Above this many phases (odd rates), phases are quantised to 1/MAX_PHASES of an input sample. */
const MAX_PHASES = 4096;

export function resample(samples: Float32Array, sampleRate: number, toRate: number): Float32Array {
  // A fractional rate (possible with raw samples) is off by less than 0.5 Hz in 8000+: inaudible, and it keeps the ratio rational.
  const fromRate = Math.round(sampleRate);
  if (fromRate === toRate) return samples;
  const g = gcd(fromRate, toRate);
  const up = toRate / g;
  const down = fromRate / g;
  const filter = polyphaseFilter(fromRate, toRate, Math.min(up, MAX_PHASES));
  const { half, phases, taps } = filter;
  const width = 2 * half;
  const out = new Float32Array(Math.round((samples.length * toRate) / fromRate));
  for (let n = 0; n < out.length; n++) {
    const i0 = Math.floor((n * down) / up);
    const phase = Math.floor((((n * down) % up) * phases) / up);
    const first = i0 - half + 1;
    const row = phase * width;
    let sum = 0;
    const lo = Math.max(0, -first);
    const hi = Math.min(width, samples.length - first);
    for (let j = lo; j < hi; j++) sum += taps[row + j]! * samples[first + j]!;
    out[n] = sum;
  }
  return out;
}

interface PolyphaseFilter {
  /** Taps either side of the output instant, in input samples. */
  half: number;
  phases: number;
  /** [phases × 2·half]: tap j of phase p weighs input sample i0 − half + 1 + j. */
  taps: Float32Array;
}

/**
 * Recently used filters. An odd rate's filter can take tens of MB (up to
 * MAX_PHASES phases), and rates are whatever callers send, so only the last
 * few stay: a school's recorders use one or two.
 */
const filters = new Map<string, PolyphaseFilter>();
export const MAX_CACHED_FILTERS = 4;
export const cachedFilterCount = () => filters.size;

function polyphaseFilter(fromRate: number, toRate: number, phases: number): PolyphaseFilter {
  const key = `${fromRate}:${toRate}:${phases}`;
  const cached = filters.get(key);
  if (cached) {
    // Most recently used last: the Map's first key is the one to evict.
    filters.delete(key);
    filters.set(key, cached);
    return cached;
  }
  const nyquist = Math.min(fromRate, toRate) / 2;
  const transitionHz = 2 * (1 - PASS) * nyquist;
  // Kaiser's estimate of the length for this attenuation and transition width, in input samples.
  const half = Math.ceil((((STOPBAND_DB - 8) / (2.285 * 2 * Math.PI * (transitionHz / fromRate))) + 1) / 2);
  const scale = Math.min(1, toRate / fromRate);
  const width = 2 * half;
  const taps = new Float32Array(phases * width);
  const norm = besselI0(KAISER_BETA);
  for (let p = 0; p < phases; p++) {
    for (let j = 0; j < width; j++) {
      const t = p / phases + half - 1 - j;
      const x = t / half;
      const window = Math.abs(x) >= 1 ? 0 : besselI0(KAISER_BETA * Math.sqrt(1 - x * x)) / norm;
      taps[p * width + j] = scale * sinc(scale * t) * window;
    }
  }
  const filter = { half, phases, taps };
  filters.set(key, filter);
  if (filters.size > MAX_CACHED_FILTERS) filters.delete(filters.keys().next().value!);
  return filter;
}

const sinc = (x: number) => (x === 0 ? 1 : Math.sin(Math.PI * x) / (Math.PI * x));

function besselI0(x: number): number {
  let sum = 1;
  let term = 1;
  for (let k = 1; term > 1e-12 * sum; k++) {
    term *= (x / (2 * k)) ** 2;
    sum += term;
  }
  return sum;
}

function gcd(a: number, b: number): number {
  while (b) [a, b] = [b, a % b];
  return a;
}
