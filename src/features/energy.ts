/**
 * Loudness per 10 ms frame: RMS over the same 410-sample windows as the MFCC
 * frames, in dB relative to full scale (floor −100 dB). A plain loop: the
 * same number Meyda's `rms` gives, without its per-call set-up, which cost
 * 20× more here.
 */
import { FRAME_LENGTH, FRAME_SHIFT, frameCount } from './frames.js';

const FLOOR_DB = -100;

export function frameEnergyDb(samples: Float32Array): Float32Array {
  const frames = frameCount(samples.length);
  const out = new Float32Array(frames);
  for (let f = 0; f < frames; f++) {
    let sum = 0;
    const end = Math.min(samples.length, f * FRAME_SHIFT + FRAME_LENGTH);
    for (let i = f * FRAME_SHIFT; i < end; i++) sum += samples[i]! * samples[i]!;
    const rms = Math.sqrt(sum / FRAME_LENGTH);
    out[f] = rms > 0 ? Math.max(FLOOR_DB, 20 * Math.log10(rms)) : FLOOR_DB;
  }
  return out;
}
