/** Power of one frequency in a signal (Goertzel), per sample. */
export function powerAt(samples: Float32Array, sampleRate: number, frequency: number): number {
  const w = (2 * Math.PI * frequency) / sampleRate;
  const coeff = 2 * Math.cos(w);
  let s1 = 0;
  let s2 = 0;
  for (const x of samples) {
    const s0 = x + coeff * s1 - s2;
    s2 = s1;
    s1 = s0;
  }
  return (s1 * s1 + s2 * s2 - coeff * s1 * s2) / (samples.length * samples.length);
}

/** The strongest frequency between lo and hi, searched in 1 Hz steps. */
export function dominantFrequency(samples: Float32Array, sampleRate: number, lo: number, hi: number): number {
  let best = lo;
  let bestPower = -1;
  for (let f = lo; f <= hi; f++) {
    const p = powerAt(samples, sampleRate, f);
    if (p > bestPower) {
      bestPower = p;
      best = f;
    }
  }
  return best;
}

export function rms(samples: Float32Array): number {
  let sum = 0;
  for (const x of samples) sum += x * x;
  return Math.sqrt(sum / samples.length);
}

export function sine(frequency: number, sampleRate: number, seconds: number, amplitude = 0.5): Float32Array {
  const out = new Float32Array(Math.round(sampleRate * seconds));
  for (let i = 0; i < out.length; i++) out[i] = amplitude * Math.sin((2 * Math.PI * frequency * i) / sampleRate);
  return out;
}
