/** Pitch and loudness of a whole recording on the 10 ms grid: the scoring head, stress and intonation read them. */
import { frameEnergyDb } from './energy.js';
import { trackPitch } from './pitch.js';

/** Per 10 ms frame of the whole recording: F0 in Hz (0 unvoiced) and loudness in dB. */
export interface Prosody {
  pitch: Float32Array;
  energyDb: Float32Array;
}

export const measureProsody = (samples: Float32Array): Prosody => ({ pitch: trackPitch(samples).hz, energyDb: frameEnergyDb(samples) });
