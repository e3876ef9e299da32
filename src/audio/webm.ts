/**
 * WebM with one Opus track and unlaced blocks: what MediaRecorder writes in
 * Chromium and Firefox. Demuxing it here and handing the packets to libopus
 * (opus.ts, shared with .ogg) keeps the general Matroska decoder, 148 kB gzip
 * with its own libopus copy and copyleft codecs, off the recording path; any
 * other WebM (Vorbis, laced blocks, several audio tracks) returns null and
 * goes to that general decoder (opt-in: contract/opt-in.ts).
 */
import { decodeOpus } from './opus.js';
import type { PcmAudio } from './types.js';

const ID = {
  segment: 0x18538067,
  tracks: 0x1654ae6b,
  trackEntry: 0xae,
  trackNumber: 0xd7,
  trackType: 0x83,
  codecId: 0x86,
  codecPrivate: 0x63a2,
  cluster: 0x1f43b675,
  blockGroup: 0xa0,
  block: 0xa1,
  simpleBlock: 0xa3,
  discardPadding: 0x75a2,
} as const;

/** Masters whose children are read in place; their own (often unknown) sizes never matter. */
const ENTERED = new Set<number>([ID.segment, ID.tracks, ID.trackEntry, ID.cluster, ID.blockGroup]);
const AUDIO_TRACK = 2;

interface Track {
  number?: number;
  type?: number;
  codec?: string;
  opusHead?: Uint8Array;
}

/** An EBML variable-length integer at `at`: its value (length marker kept for IDs) and byte length. */
function vint(bytes: Uint8Array, at: number, keepMarker: boolean): { value: number; length: number } | null {
  const first = bytes[at];
  if (first === undefined || first === 0) return null;
  const length = Math.clz32(first) - 23;
  if (at + length > bytes.length) return null;
  let value = keepMarker ? first : first & (0xff >> length);
  let allOnes = value === 0xff >> length;
  for (let i = 1; i < length; i++) {
    value = value * 256 + bytes[at + i]!;
    allOnes &&= bytes[at + i] === 0xff;
  }
  // All value bits set means "unknown size" (live recordings); NaN marks it for the caller.
  return { value: !keepMarker && allOnes ? Number.NaN : value, length };
}

const uint = (bytes: Uint8Array) => bytes.reduce((v, b) => v * 256 + b, 0);
const signed = (bytes: Uint8Array) => (bytes.length > 0 && bytes[0]! & 0x80 ? uint(bytes) - 256 ** bytes.length : uint(bytes));

/** The Opus packets of the file's single audio track, or null when the file is not the simple case this reader covers. */
export function opusPackets(bytes: Uint8Array): { head: Uint8Array; packets: Uint8Array[]; discardNs: number } | null {
  const tracks: Track[] = [];
  const blocks: Uint8Array[] = [];
  // Encoder padding after the last sample, which muxers record on the final block.
  let discardNs = 0;
  let at = 0;
  while (at < bytes.length) {
    const id = vint(bytes, at, true);
    const size = id && vint(bytes, at + id.length, false);
    if (!id || !size) return null;
    const start = at + id.length + size.length;
    if (ENTERED.has(id.value)) {
      if (id.value === ID.trackEntry) tracks.push({});
      at = start;
      continue;
    }
    if (Number.isNaN(size.value) || start + size.value > bytes.length) return null;
    const body = bytes.subarray(start, start + size.value);
    const track = tracks.at(-1);
    if (track && id.value === ID.trackNumber) track.number = uint(body);
    else if (track && id.value === ID.trackType) track.type = uint(body);
    else if (track && id.value === ID.codecId) track.codec = new TextDecoder().decode(body);
    else if (track && id.value === ID.codecPrivate) track.opusHead = body;
    else if (id.value === ID.simpleBlock || id.value === ID.block) blocks.push(body);
    else if (id.value === ID.discardPadding) discardNs += signed(body);
    at = start + size.value;
  }
  const audio = tracks.filter((t) => t.type === AUDIO_TRACK);
  const opus = audio[0];
  if (audio.length !== 1 || opus?.codec !== 'A_OPUS' || !opus.opusHead || opus.opusHead.length < 19) return null;
  const packets: Uint8Array[] = [];
  for (const block of blocks) {
    const track = vint(block, 0, false);
    if (!track) return null;
    const flags = block[track.length + 2]!;
    if (flags & 0x06) return null; // laced
    if (track.value === opus.number) packets.push(block.subarray(track.length + 3));
  }
  return { head: opus.opusHead, packets, discardNs };
}

/** Decodes WebM/Opus as described above, or returns null for the general decoder. */
export async function decodeWebmOpus(bytes: Uint8Array): Promise<PcmAudio | null> {
  const found = opusPackets(bytes);
  if (!found) return null;
  return decodeOpus(found.head, found.packets, (sampleRate, decoded) => decoded - Math.max(0, Math.round((found.discardNs * sampleRate) / 1e9)));
}
