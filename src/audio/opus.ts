/**
 * Opus packets → PCM with libopus from opus-decoder (BSD libopus in WASM,
 * MIT wrapper), shared by the WebM (webm.ts) and Ogg (ogg.ts) readers. Both
 * containers are demuxed by Oralis rather than by a decoder package's own
 * reader: the usual Ogg parser (codec-parser) is LGPL, and neither the
 * install nor the build carries it.
 */
import type { PcmAudio } from './types.js';

/** OpusHead (RFC 7845 §5.1) → the libopus decoder's configuration. */
function opusConfig(head: Uint8Array) {
  const view = new DataView(head.buffer, head.byteOffset, head.byteLength);
  const channels = head[9]!;
  const config = { channels, preSkip: view.getUint16(10, true) };
  if (head[18] === 0) return config;
  return { ...config, streamCount: head[19]!, coupledStreamCount: head[20]!, channelMappingTable: [...head.subarray(21, 21 + channels)] };
}

/** OpusHead's output gain (Q7.8 dB, RFC 7845 §5.1) as a factor; 1 for the 0 dB that encoders write. */
function outputGain(head: Uint8Array): number {
  return 10 ** (new DataView(head.buffer, head.byteOffset, head.byteLength).getInt16(16, true) / (20 * 256));
}

/** Decodes the packets (after pre-skip) and keeps at most `keep(sampleRate)` samples per channel: the container's end trimming. */
export async function decodeOpus(head: Uint8Array, packets: readonly Uint8Array[], keep: (sampleRate: number, decoded: number) => number): Promise<PcmAudio> {
  const { OpusDecoder } = await import('opus-decoder');
  const decoder = new OpusDecoder(opusConfig(head));
  try {
    await decoder.ready;
    const { channelData, sampleRate, errors } = decoder.decodeFrames([...packets]);
    if (errors.length > 0) throw new Error(errors[0]!.message);
    const length = Math.max(0, Math.min(channelData[0]?.length ?? 0, keep(sampleRate, channelData[0]?.length ?? 0)));
    const gain = outputGain(head);
    return { channels: channelData.map((c) => (gain === 1 ? c.subarray(0, length) : c.subarray(0, length).map((v) => v * gain))), sampleRate };
  } finally {
    decoder.free();
  }
}
