/**
 * Opus packets → PCM with libopus from @audio/decode-opus/core (BSD libopus,
 * MIT wrapper), shared by the WebM (webm.ts) and Ogg (ogg.ts) readers. Both
 * containers are demuxed here rather than by the packages' own readers, whose
 * Ogg parser (codec-parser) is LGPL: the default build carries none of it.
 */
import type { PcmAudio } from './types.js';

/** OpusHead (RFC 7845 §5.1) → the libopus decoder's configuration. */
function opusConfig(head: Uint8Array) {
  const view = new DataView(head.buffer, head.byteOffset, head.byteLength);
  const channels = head[9]!;
  const config = { channels, preSkip: view.getUint16(10, true), outputGain: view.getInt16(16, true) };
  if (head[18] === 0) return config;
  return { ...config, streamCount: head[19]!, coupledStreamCount: head[20]!, channelMappingTable: [...head.subarray(21, 21 + channels)] };
}

/** Decodes the packets (after pre-skip) and keeps at most `keep(sampleRate)` samples per channel: the container's end trimming. */
export async function decodeOpus(head: Uint8Array, packets: readonly Uint8Array[], keep: (sampleRate: number, decoded: number) => number): Promise<PcmAudio> {
  const { createOpusDecoder } = await import('@audio/decode-opus/core');
  const decoder = await createOpusDecoder();
  try {
    decoder.configure(opusConfig(head));
    const { channelData, sampleRate, errors } = decoder.decodeFrames([...packets]);
    if (errors.length > 0) throw new Error(errors[0]!.message);
    const length = Math.max(0, Math.min(channelData[0]?.length ?? 0, keep(sampleRate, channelData[0]?.length ?? 0)));
    return { channels: channelData.map((c) => c.subarray(0, length)), sampleRate };
  } finally {
    decoder.free();
  }
}
