import decode from 'audio-decode';
import { OralisError } from '../api/errors.js';
import type { PcmAudio } from './types.js';

/**
 * Encoded bytes → planar PCM. audio-decode sniffs the container and runs a
 * WASM/JS decoder (wav, aiff, flac, mp3, m4a/aac, ogg opus/vorbis, webm), so
 * Node needs no system ffmpeg.
 */
export async function decodeAudio(bytes: Uint8Array | ArrayBuffer | Blob): Promise<PcmAudio> {
  const size = bytes instanceof Blob ? bytes.size : bytes.byteLength;
  if (size === 0) throw new OralisError('audio_decode_failed', 'The audio is empty (0 bytes).');
  let decoded;
  try {
    decoded = await decode(bytes);
  } catch (error) {
    const reason = error instanceof Error ? error.message : String(error);
    throw new OralisError(
      'audio_decode_failed',
      `Could not decode ${size} bytes of audio (${reason}). Accepted: wav, aiff, flac, mp3, m4a/aac, ogg (opus, vorbis), webm/opus.`,
    );
  }
  const channels = decoded.channelData;
  if (channels.length === 0 || channels[0]!.length === 0) {
    throw new OralisError('audio_decode_failed', `The file has a header but no audio samples (${size} bytes; truncated?).`);
  }
  return { channels, sampleRate: decoded.sampleRate };
}
