import { OralisError } from '../api/errors.js';
import { SAMPLE_RATE } from '../api/limits.js';
import { checkDuration, checkFinite, checkNotSilent, checkSampleRate } from './checks.js';
import { decodeAudio } from './decode.js';
import { downmix } from './downmix.js';
import { resample } from './resample.js';
import type { AudioInput, PcmAudio, SampleAudio } from './types.js';

export interface PreparedAudio {
  /** Mono samples at 16 kHz. */
  samples: Float32Array;
  sampleRate: typeof SAMPLE_RATE;
  /** Duration of the input, in seconds. */
  seconds: number;
}

export interface AudioLimits {
  maxSeconds: number;
  endpoint: string;
}

/** Any accepted input → checked 16 kHz mono, or an OralisError naming what is wrong with it. */
export async function prepareAudio(input: AudioInput, limits: AudioLimits): Promise<PreparedAudio> {
  const pcm = await toPcm(input);
  checkSampleRate(pcm.sampleRate);
  const mono = downmix(pcm.channels);
  checkFinite(mono);
  const seconds = mono.length / pcm.sampleRate;
  // Before resampling, so an over-long upload costs no resampling work.
  checkDuration(seconds, limits.maxSeconds, limits.endpoint);
  const samples = resample(mono, pcm.sampleRate, SAMPLE_RATE);
  checkNotSilent(samples, SAMPLE_RATE);
  return { samples, sampleRate: SAMPLE_RATE, seconds };
}

async function toPcm(input: AudioInput): Promise<PcmAudio> {
  if (input instanceof Uint8Array || input instanceof ArrayBuffer || (typeof Blob !== 'undefined' && input instanceof Blob)) {
    return decodeAudio(input);
  }
  if (typeof input === 'object' && input !== null && 'samples' in input && 'sampleRate' in input) {
    return fromSamples(input);
  }
  throw new OralisError(
    'invalid_audio',
    'Audio must be encoded bytes (Uint8Array, ArrayBuffer, Blob) or { samples: Float32Array, sampleRate }.',
  );
}

function fromSamples(input: SampleAudio): PcmAudio {
  if (!(input.samples instanceof Float32Array)) {
    throw new OralisError('invalid_audio', '`samples` must be a Float32Array.');
  }
  return { channels: [input.samples], sampleRate: input.sampleRate };
}
