/**
 * What a page draws under a score: the waveform's envelope and the pitch track,
 * both on the 10 ms frame grid the response's `extent`s count in, so words,
 * syllables and phones line up with them without conversion.
 */
import { toErrorEnvelope } from '../contract/errors.js';
import type { ErrorEnvelope } from '../contract/schema.js';
import { prepareAudio } from '../audio/prepare.js';
import type { AudioInput } from '../audio/types.js';
import { LIMITS, SAMPLE_RATE } from '../contract/limits.js';
import { FRAME_SHIFT } from './frames.js';
import { trackPitch } from './pitch.js';

export interface AudioContour {
  /** Duration of the audio in seconds. */
  seconds: number;
  /** Lowest and highest sample in each 1/peaksPerFrame of a 10 ms frame (full scale ±1). */
  min: Float32Array;
  max: Float32Array;
  /** Envelope columns per 10 ms frame: fine enough for a smooth outline of a one-second word. */
  peaksPerFrame: number;
  /** F0 in Hz per 10 ms frame (frame t centred near 10 t + 12.5 ms); 0 where unvoiced. */
  pitchHz: Float32Array;
}

export type ContourEnvelope = { status: 'success'; contour: AudioContour } | ErrorEnvelope;

const PEAKS_PER_FRAME = 4;

export function audioContour(samples16k: Float32Array): AudioContour {
  const step = FRAME_SHIFT / PEAKS_PER_FRAME;
  const columns = Math.ceil(samples16k.length / step);
  const min = new Float32Array(columns);
  const max = new Float32Array(columns);
  for (let c = 0; c < columns; c++) {
    const column = samples16k.subarray(c * step, (c + 1) * step);
    min[c] = column.reduce((a, b) => Math.min(a, b), 0);
    max[c] = column.reduce((a, b) => Math.max(a, b), 0);
  }
  return { seconds: samples16k.length / SAMPLE_RATE, min, max, peaksPerFrame: PEAKS_PER_FRAME, pitchHz: trackPitch(samples16k).hz };
}

/** Any accepted audio → its contour, with the same checks and error codes as Score Text. */
export async function contourOf(audio: AudioInput): Promise<ContourEnvelope> {
  try {
    const prepared = await prepareAudio(audio, { maxSeconds: LIMITS.textAudioSeconds, endpoint: 'Score Text' });
    return { status: 'success', contour: audioContour(prepared.samples) };
  } catch (error) {
    return toErrorEnvelope(error);
  }
}
