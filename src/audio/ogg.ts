/**
 * Ogg Opus (RFC 7845), what Firefox's MediaRecorder and opusenc write:
 * pages → packets here, packets → PCM by libopus (opus.ts). Any other Ogg
 * (Vorbis, several streams) returns null and goes to the general decoder.
 */
import { decodeOpus } from './opus.js';
import type { PcmAudio } from './types.js';

const CAPTURE = [0x4f, 0x67, 0x67, 0x53]; // "OggS"
const OPUS_HEAD = 'OpusHead';

/**
 * The logical stream's packets, and the last complete page's granule position (48 kHz samples,
 * pre-skip included), or null when the bytes do not start with an Ogg page. A damaged or cut-off
 * tail ends the reading there, as players do: what came before is kept.
 */
export function oggPackets(bytes: Uint8Array): { packets: Uint8Array[]; granule: number } | null {
  const packets: Uint8Array[] = [];
  let partial: Uint8Array[] = [];
  let serial: number | undefined;
  let granule = 0;
  let at = 0;
  while (at + 27 <= bytes.length && CAPTURE.every((b, i) => bytes[at + i] === b)) {
    const view = new DataView(bytes.buffer, bytes.byteOffset + at, 27);
    const pageSerial = view.getUint32(14, true);
    if (serial === undefined) serial = pageSerial;
    else if (pageSerial !== serial) return null; // several logical streams: not the simple case
    const segments = bytes[at + 26]!;
    const table = bytes.subarray(at + 27, at + 27 + segments);
    const end = at + 27 + segments + table.reduce((n, size) => n + size, 0);
    if (table.length < segments || end > bytes.length) break;
    let data = at + 27 + segments;
    for (const size of table) {
      partial.push(bytes.subarray(data, data + size));
      data += size;
      // A segment shorter than 255 bytes ends its packet; 255 continues it (on this page or the next).
      if (size < 255) {
        packets.push(concat(partial));
        partial = [];
      }
    }
    const low = view.getUint32(6, true);
    const high = view.getUint32(10, true);
    // -1 (all ones) means no packet ends on this page.
    if (low !== 0xffffffff || high !== 0xffffffff) granule = low + high * 2 ** 32;
    at = end;
  }
  return serial === undefined ? null : { packets, granule };
}

function concat(parts: Uint8Array[]): Uint8Array {
  if (parts.length === 1) return parts[0]!;
  const out = new Uint8Array(parts.reduce((n, p) => n + p.length, 0));
  let at = 0;
  for (const part of parts) {
    out.set(part, at);
    at += part.length;
  }
  return out;
}

/** Decodes Ogg Opus, or returns null for the general decoder. */
export async function decodeOggOpus(bytes: Uint8Array): Promise<PcmAudio | null> {
  const found = oggPackets(bytes);
  const head = found?.packets[0];
  if (!found || !head || new TextDecoder().decode(head.subarray(0, 8)) !== OPUS_HEAD) return null;
  const preSkip = new DataView(head.buffer, head.byteOffset, head.byteLength).getUint16(10, true);
  // Packet 2 is OpusTags; the final granule position says where the audio ends (48 kHz, pre-skip included).
  return decodeOpus(head, found.packets.slice(2), (sampleRate) => Math.round(((found.granule - preSkip) * sampleRate) / 48_000));
}
