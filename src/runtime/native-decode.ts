/**
 * The browser's own audio decoder (Web Audio's decodeAudioData, on the page's
 * thread: workers have no AudioContext) for the formats whose decoders are
 * opt-in for their licence (contract/opt-in.ts): MP3, m4a/AAC, FLAC, Ogg
 * Vorbis. Browsers ship these decoders, so a web app scores such uploads
 * (and Safari's MP4 recordings) without copyleft code in its build. The
 * browser resamples to its decoding context's 48 kHz; the samples are mixed
 * to mono and the engine resamples them to 16 kHz as it does any input.
 */
import sniff from 'audio-type';
import { LIMITS } from '../contract/limits.js';
import type { AudioInput, SampleAudio } from '../audio/types.js';

const NATIVE = new Set(['mp3', 'm4a', 'flac', 'oga']);
/** What audio-type reads to name a format (it takes an ID3 tag running past it for MP3). */
const SNIFF_BYTES = 64 * 1024;

/** The decoded samples, or undefined: not one of those formats, no Web Audio here, or the browser could not decode it (the engine then answers). */
export async function decodeNatively(audio: AudioInput): Promise<SampleAudio | undefined> {
  if (typeof OfflineAudioContext === 'undefined' || 'samples' in audio) return undefined;
  const size = audio instanceof Blob ? audio.size : audio.byteLength;
  // Oversized input goes to the engine, which refuses it before decoding.
  if (size === 0 || size > LIMITS.maxAudioBytes) return undefined;
  // A file is read whole only when it is one of those formats; the rest goes to the worker unread (its head names the format).
  const head = audio instanceof Blob ? new Uint8Array(await audio.slice(0, SNIFF_BYTES).arrayBuffer()) : undefined;
  const bytes = audio instanceof Blob ? undefined : audio instanceof ArrayBuffer ? new Uint8Array(audio) : new Uint8Array(audio.buffer, audio.byteOffset, audio.byteLength);
  if (!NATIVE.has(sniff(head ?? bytes!.subarray(0, SNIFF_BYTES)) ?? '')) return undefined;
  try {
    const context = new OfflineAudioContext(1, 1, 48_000);
    const decoded = await context.decodeAudioData(audio instanceof Blob ? await audio.arrayBuffer() : bytes!.slice().buffer);
    const samples = new Float32Array(decoded.length);
    for (let c = 0; c < decoded.numberOfChannels; c++) {
      const channel = decoded.getChannelData(c);
      for (let i = 0; i < samples.length; i++) samples[i]! += channel[i]! / decoded.numberOfChannels;
    }
    return { samples, sampleRate: decoded.sampleRate };
  } catch {
    return undefined;
  }
}
