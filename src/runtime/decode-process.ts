/**
 * The decoder process of isolated-decoder.ts: decodes one file at a time with
 * the same code as in-process decoding, and sends the samples back.
 */
import { OralisError } from '../contract/errors.js';
import { decodeAudio } from '../audio/decode.js';
import type { AudioLimits } from '../audio/types.js';

const send = (message: unknown) => process.send!(message);
process.on('message', async ({ id, bytes, limits }: { id: number; bytes: Uint8Array; limits: AudioLimits }) => {
  try {
    // IPC hands the bytes over as a view into a larger buffer; sniffing and some decoders assume offset 0.
    const pcm = await decodeAudio(Uint8Array.prototype.slice.call(bytes), limits);
    send({ id, pcm: { channels: pcm.channels, sampleRate: pcm.sampleRate } });
  } catch (error) {
    const known = error instanceof OralisError;
    send({ id, error: { code: known ? error.code : 'audio_decode_failed', message: error instanceof Error ? error.message : String(error) } });
  }
});
