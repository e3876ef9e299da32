import { OralisError } from '../contract/errors.js';
import { SAMPLE_RATE } from '../contract/limits.js';
import { checkDuration, checkEncodedSize, checkFinite, checkNotSilent, checkSampleRate } from './checks.js';
import { decodeAudio } from './decode.js';
import { downmix } from './downmix.js';
import { resample } from './resample.js';
import type { AudioInput, AudioLimits, Decoder, PcmAudio, SampleAudio } from './types.js';

export type { AudioLimits } from './types.js';

export interface PreparedAudio {
  /** Mono samples at 16 kHz. */
  samples: Float32Array;
  sampleRate: typeof SAMPLE_RATE;
  /** Duration of the input, in seconds. */
  seconds: number;
}


/** Any accepted input → checked 16 kHz mono, or an OralisError naming what is wrong with it. */
export async function prepareAudio(input: AudioInput, limits: AudioLimits, decode: Decoder = decodeAudio): Promise<PreparedAudio> {
  const pcm = await toPcm(input, limits, decode);
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

/**
 * The caller's object → bytes to decode, or samples. Whatever it is, it is
 * read once and copied: the same bytes then decode the same way however they
 * were passed (a view into a larger buffer, a Node Buffer from the shared
 * pool, whose odd offset broke float WAV decoding), and a proxy, a throwing
 * getter or a detached buffer is invalid_audio, not an internal error.
 */
async function toPcm(input: AudioInput, limits: AudioLimits, decode: Decoder): Promise<PcmAudio> {
  let read: Uint8Array | SampleAudio;
  try {
    read = await readInput(input);
  } catch (error) {
    if (error instanceof OralisError) throw error;
    throw new OralisError('invalid_audio', `The audio object could not be read (${error instanceof Error ? error.message : String(error)}).`);
  }
  if (read instanceof Uint8Array) return decode(read, limits);
  return { channels: [read.samples], sampleRate: read.sampleRate };
}

async function readInput(input: unknown): Promise<Uint8Array | SampleAudio> {
  if (ArrayBuffer.isView(input)) return new Uint8Array(input.buffer, input.byteOffset, checkEncodedSize(input.byteLength)).slice();
  if (input instanceof ArrayBuffer) return new Uint8Array(input.slice(0, checkEncodedSize(input.byteLength)));
  if (typeof Blob !== 'undefined' && input instanceof Blob) return new Uint8Array(await input.slice(0, checkEncodedSize(input.size)).arrayBuffer());
  if (typeof input === 'object' && input !== null && 'samples' in input && 'sampleRate' in input) {
    const { samples, sampleRate } = input as SampleAudio;
    if (!(samples instanceof Float32Array)) throw new OralisError('invalid_audio', '`samples` must be a Float32Array.');
    if (typeof sampleRate !== 'number') throw new OralisError('invalid_audio', '`sampleRate` must be a number.');
    return { samples: samples.slice(), sampleRate };
  }
  throw new OralisError(
    'invalid_audio',
    'Audio must be encoded bytes (a typed array, DataView, Buffer, ArrayBuffer or Blob) or { samples: Float32Array, sampleRate }.',
  );
}
