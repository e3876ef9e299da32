/**
 * The decoder thread of isolated-decoder.ts: decodes one file at a time with
 * the same code as in-process decoding, and sends the samples back.
 */
import { parentPort } from 'node:worker_threads';
import { OralisError } from '../api/errors.js';
import { decodeAudio } from './decode.js';
import type { AudioLimits } from './types.js';

const port = parentPort!;
port.on('message', async ({ id, bytes, limits }: { id: number; bytes: Uint8Array; limits: AudioLimits }) => {
  try {
    const pcm = await decodeAudio(bytes, limits);
    // Copies: a decoder's channels may share one buffer or live in its WASM memory, neither of which can be transferred.
    const channels = pcm.channels.map((c) => c.slice());
    port.postMessage({ id, pcm: { channels, sampleRate: pcm.sampleRate } }, channels.map((c) => c.buffer));
  } catch (error) {
    const known = error instanceof OralisError;
    port.postMessage({ id, error: { code: known ? error.code : 'audio_decode_failed', message: error instanceof Error ? error.message : String(error) } });
  }
});
