import { describe, expect, it } from 'vitest';
import { prepareAudio } from '../../src/audio/prepare.js';
import { FRAME_LENGTH, FRAME_SHIFT } from '../../src/features/frames.js';
import { trackPitch } from '../../src/features/pitch.js';
import { fixture } from '../helpers/paths.js';

const RATE = 16_000;
/** A signal whose instantaneous frequency is f(t) Hz, built by integrating the phase. */
function synth(seconds: number, f: (t: number) => number, wave: (phase: number) => number): Float32Array {
  const out = new Float32Array(Math.round(seconds * RATE));
  let phase = 0;
  for (let i = 0; i < out.length; i++) {
    out[i] = 0.3 * wave(phase);
    phase += (2 * Math.PI * f(i / RATE)) / RATE;
  }
  return out;
}
const sine = Math.sin;
// Harmonic-rich, like a glottal source: the case where trackers jump octaves.
const sawtooth = (phase: number) => ((phase / Math.PI) % 2) - 1;
const frameTime = (t: number) => (t * FRAME_SHIFT + FRAME_LENGTH / 2) / RATE;

/** Frames away from the edges, where the analysis window lies wholly inside the signal. */
function inner(hz: Float32Array): number[] {
  return Array.from({ length: hz.length - 10 }, (_, i) => i + 5);
}

describe('pitch tracking', () => {
  it.each([
    [70, sine],
    [120, sine],
    [220, sine],
    [440, sine],
    [110, sawtooth],
    [250, sawtooth],
  ])('finds a steady %i Hz tone within 2 %% in every frame', (f0, wave) => {
    const { hz } = trackPitch(synth(1, () => f0, wave));
    for (const t of inner(hz)) expect(Math.abs(hz[t]! - f0) / f0).toBeLessThan(0.02);
  });

  it('follows a glide from 120 to 280 Hz frame by frame within 2 %', () => {
    const f = (t: number) => 120 + 160 * t;
    const { hz } = trackPitch(synth(1, f, sawtooth));
    for (const t of inner(hz)) expect(Math.abs(hz[t]! - f(frameTime(t))) / f(frameTime(t))).toBeLessThan(0.02);
  });

  it('calls noise and silence unvoiced', () => {
    let seed = 1;
    const noise = Float32Array.from({ length: RATE }, () => ((seed = (seed * 16807) % 2147483647) / 2147483647 - 0.5) * 0.5);
    expect(trackPitch(noise).hz.filter((f) => f > 0).length).toBeLessThan(5);
    expect(trackPitch(new Float32Array(RATE)).hz.every((f) => f === 0)).toBe(true);
  });

  it('tracks synthesized speech: voiced stretches at a male voice pitch, without octave jumps', async () => {
    const { samples } = await prepareAudio(fixture('../../../examples/north-wind.ogg'), { maxSeconds: 46, endpoint: 'test' });
    const { hz } = trackPitch(samples);
    const voiced = Array.from(hz).filter((f) => f > 0);
    expect(voiced.length / hz.length).toBeGreaterThan(0.3);
    const sorted = [...voiced].sort((a, b) => a - b);
    const median = sorted[Math.floor(sorted.length / 2)]!;
    expect(median).toBeGreaterThan(80);
    expect(median).toBeLessThan(200);
    // Consecutive voiced frames never differ by anything near an octave.
    for (let t = 1; t < hz.length; t++) if (hz[t]! > 0 && hz[t - 1]! > 0) expect(Math.abs(Math.log2(hz[t]! / hz[t - 1]!))).toBeLessThan(0.5);
  });

  it('keeps a sustained vowel voiced from start to end instead of breaking it into blips', async () => {
    // espeak-ng's "sheep": the /iy/ dips only to 0.2–0.35 in YIN's normalised difference.
    const { samples } = await prepareAudio(fixture('speech-sheep.wav'), { maxSeconds: 46, endpoint: 'test' });
    const { hz } = trackPitch(samples);
    let longest = 0;
    let run = 0;
    for (const f of hz) longest = Math.max(longest, (run = f > 0 ? run + 1 : 0));
    expect(longest).toBeGreaterThanOrEqual(20);
  });
});
