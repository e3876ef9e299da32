import sniff from 'audio-type';
import { OralisError } from '../contract/errors.js';
import { loadOptIn } from '../contract/opt-in.js';
import { checkChannels, checkDuration, checkSampleRate } from './checks.js';
import { probeAudio, type Declared } from './probe.js';
import type { AudioLimits, PcmAudio } from './types.js';
import { decodeOggOpus } from './ogg.js';
import { decodeWebmOpus } from './webm.js';

type Decode = (bytes: Uint8Array) => Promise<PcmAudio | null>;
const pcm = (decoded: { channelData: Float32Array[]; sampleRate: number }): PcmAudio => ({ channels: decoded.channelData, sampleRate: decoded.sampleRate });

/**
 * The spec's formats (wav, mp3, m4a, webm, ogg, aiff) plus flac, each decoder
 * a WASM/JS module imported on first use, so Node needs no ffmpeg and a page
 * downloads only the decoders its recordings need. Keys are audio-type's names.
 */
const DECODERS: Record<string, Decode> = {
  wav: async (b) => pcm((await import('@audio/decode-wav')).default(b)),
  aiff: async (b) => pcm((await import('@audio/decode-aiff')).default(b)),
  mp3: async (b) => pcm(await (await loadOptIn('@audio/decode-mp3', 'audio_decode_failed')).default(b)),
  flac: async (b) => pcm(await (await loadOptIn('@audio/decode-flac', 'audio_decode_failed')).default(b)),
  m4a: async (b) => pcm(await (await loadOptIn('@audio/decode-mp4', 'audio_decode_failed')).default(b)),
  opus: async (b) => {
    const decoded = await decodeOggOpus(b);
    if (!decoded) throw new OralisError('audio_decode_failed', 'This Ogg file is not a single Opus stream (it holds several or chained streams, or its first pages are damaged); send one Opus stream, as recorders write.');
    return decoded;
  },
  oga: async (b) => pcm(await (await loadOptIn('@audio/decode-vorbis', 'audio_decode_failed')).default(b)),
  webm: async (b) => (await decodeWebmOpus(b)) ?? pcm(await (await loadOptIn('@audio/decode-webm', 'audio_decode_failed')).default(b)),
};
DECODERS.mkv = DECODERS.webm!;

const ACCEPTED = 'wav, aiff, flac, mp3, m4a/aac, ogg (opus, vorbis), webm';

/** Encoded bytes → planar PCM, or audio_decode_failed saying what was wrong. */
export async function decodeAudio(bytes: Uint8Array, limits: AudioLimits): Promise<PcmAudio> {
  if (bytes.length === 0) throw new OralisError('audio_decode_failed', 'The audio is empty (0 bytes).');
  const format = sniff(bytes);
  const decode = format === undefined ? undefined : DECODERS[format];
  if (!decode) {
    const what = format ? `${format} audio, which is not an accepted format` : 'not audio in any format this engine recognises';
    throw new OralisError('audio_decode_failed', `The ${bytes.length} bytes are ${what}. Accepted: ${ACCEPTED}.`);
  }
  checkDeclared(probeAudio(format!, bytes), format!, limits);
  let decoded;
  try {
    decoded = await decode(bytes);
  } catch (error) {
    // An opt-in decoder that is not installed has already said so.
    if (error instanceof OralisError) throw error;
    const reason = error instanceof Error ? error.message : String(error);
    throw new OralisError('audio_decode_failed', `Could not decode ${bytes.length} bytes of ${format} audio (${reason}). Accepted: ${ACCEPTED}.`);
  }
  if (!decoded || decoded.channels.length === 0 || decoded.channels[0]!.length === 0) {
    throw new OralisError('audio_decode_failed', `The ${format} file has a header but no audio samples (${bytes.length} bytes; truncated?).`);
  }
  // Where the header said nothing (a streamed WebM), the decoded length is checked here, before the samples travel anywhere.
  checkDuration(decoded.channels[0]!.length / decoded.sampleRate, limits.maxSeconds, limits.endpoint, '', false);
  return decoded;
}

/** What the header declares, against the limits, before a decoder allocates for it. */
function checkDeclared(declared: Declared, format: string, limits: AudioLimits): void {
  const header = `(declared by the ${format} header)`;
  if (declared.channels !== undefined) checkChannels(declared.channels, header);
  if (declared.sampleRate !== undefined) checkSampleRate(declared.sampleRate, header);
  if (declared.seconds !== undefined) checkDuration(declared.seconds, limits.maxSeconds, limits.endpoint, header, false);
}
