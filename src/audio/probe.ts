/**
 * What a file's header or container tables say about it (channels, sample
 * rate, duration), read before anything is decoded. Decoders allocate what
 * headers declare: a 60 kB WAV declaring 65,535 channels took 5 GB, and an
 * 18 MB Opus file of six hours past 8 GB. Checking the declaration first
 * bounds the decoder's work by the endpoint's limits; a file that lies in
 * its header is still bounded by where the decoder runs (see node.ts).
 *
 * Every reader is defensive: a field it cannot find is left undefined, never
 * guessed, and nothing here throws on truncated or random bytes.
 */
export interface Declared {
  channels?: number;
  sampleRate?: number;
  seconds?: number;
}

const ascii = (b: Uint8Array, at: number, n: number) => (at + n <= b.length ? String.fromCharCode(...b.subarray(at, at + n)) : '');
const view = (b: Uint8Array) => new DataView(b.buffer, b.byteOffset, b.byteLength);
const fits = (b: Uint8Array, at: number, n: number) => at >= 0 && at + n <= b.length;

/** RIFF/WAVE: the fmt chunk and the data chunk's size (streaming placeholders 0 and 0xFFFFFFFF mean "to the end"). */
function wav(b: Uint8Array): Declared {
  const v = view(b);
  const out: Declared = {};
  let fmt: { format: number; byteRate: number; blockAlign: number; samplesPerBlock: number } | undefined;
  for (let at = 12; fits(b, at, 8); ) {
    const id = ascii(b, at, 4);
    const size = v.getUint32(at + 4, true);
    if (id === 'fmt ' && fits(b, at + 8, 16)) {
      out.channels = v.getUint16(at + 10, true);
      out.sampleRate = v.getUint32(at + 12, true);
      const format = v.getUint16(at + 8, true);
      fmt = { format, byteRate: v.getUint32(at + 16, true), blockAlign: v.getUint16(at + 20, true), samplesPerBlock: fits(b, at + 26, 2) && size >= 20 ? v.getUint16(at + 26, true) : 0 };
    } else if (id === 'data' && fmt) {
      const available = b.length - (at + 8);
      const bytes = size === 0 || size === 0xffffffff ? available : Math.min(size, available);
      const rate = out.sampleRate ?? 0;
      const seconds = [fmt.byteRate > 0 ? bytes / fmt.byteRate : 0];
      // ADPCM: the decoder makes samplesPerBlock samples of every block, whatever byteRate says.
      if ((fmt.format === 2 || fmt.format === 0x11) && fmt.blockAlign > 0 && rate > 0) seconds.push((Math.ceil(bytes / fmt.blockAlign) * fmt.samplesPerBlock) / rate);
      out.seconds = Math.max(...seconds);
      break;
    }
    at += 8 + size + (size & 1);
  }
  return out;
}

/** AIFF/AIFC: the COMM chunk (sample frames, and the rate as an 80-bit extended float). */
function aiff(b: Uint8Array): Declared {
  const v = view(b);
  for (let at = 12; fits(b, at, 8); ) {
    const size = v.getUint32(at + 4);
    if (ascii(b, at, 4) === 'COMM' && fits(b, at + 8, 18)) {
      const exponent = (v.getUint16(at + 16) & 0x7fff) - 16383 - 63;
      const sampleRate = (v.getUint32(at + 18) * 2 ** 32 + v.getUint32(at + 22)) * 2 ** exponent;
      return { channels: v.getUint16(at + 8), sampleRate, seconds: sampleRate > 0 ? v.getUint32(at + 10) / sampleRate : undefined };
    }
    at += 8 + size + (size & 1);
  }
  return {};
}

/** FLAC: STREAMINFO, the first metadata block (total samples 0 means unknown). */
function flac(b: Uint8Array): Declared {
  if (!fits(b, 8, 18) || (b[4]! & 0x7f) !== 0) return {};
  const v = view(b);
  const packed = v.getUint32(18);
  const sampleRate = packed >>> 12;
  const total = (b[21]! & 0x0f) * 2 ** 32 + v.getUint32(22);
  return { sampleRate, channels: ((packed >>> 9) & 7) + 1, seconds: total > 0 && sampleRate > 0 ? total / sampleRate : undefined };
}

/** Ogg Opus or Vorbis: the identification header, and the last page's granule position (the stream's length in samples). */
function ogg(b: Uint8Array): Declared {
  const out: Declared = {};
  let granuleRate = 0;
  let preSkip = 0;
  const first = 28; // after the first page's 27-byte header and its 1-entry segment table
  if (ascii(b, first, 8) === 'OpusHead' && fits(b, first, 19)) {
    out.channels = b[first + 9]!;
    out.sampleRate = granuleRate = 48_000;
    preSkip = view(b).getUint16(first + 10, true);
  } else if (ascii(b, first + 1, 6) === 'vorbis' && fits(b, first, 16)) {
    out.channels = b[first + 11]!;
    out.sampleRate = granuleRate = view(b).getUint32(first + 12, true);
  }
  for (let at = b.length - 27; at >= Math.max(0, b.length - 65_536) && granuleRate > 0; at--) {
    if (b[at] === 0x4f && ascii(b, at, 4) === 'OggS') {
      const v = view(b);
      const granule = v.getUint32(at + 6, true) + v.getUint32(at + 10, true) * 2 ** 32;
      // -1 marks a page on which no packet ends.
      if (v.getInt32(at + 10, true) !== -1) {
        out.seconds = Math.max(0, granule - preSkip) / granuleRate;
        break;
      }
    }
  }
  return out;
}

/** MP4/M4A: the movie header's duration and timescale (moov/mvhd), found by walking the atoms. */
function mp4(b: Uint8Array): Declared {
  const v = view(b);
  const walk = (from: number, to: number): Declared => {
    for (let at = from; at + 8 <= to; ) {
      let size = v.getUint32(at);
      const type = ascii(b, at + 4, 4);
      if (size === 1 && fits(b, at + 8, 8)) size = v.getUint32(at + 8) * 2 ** 32 + v.getUint32(at + 12);
      else if (size === 0) size = to - at;
      if (size < 8) return {};
      if (type === 'moov') return walk(at + 8, Math.min(to, at + size));
      if (type === 'mvhd' && fits(b, at + 8, 32)) {
        const version = b[at + 8]!;
        const [scaleAt, durationAt] = version === 1 ? [at + 28, at + 32] : [at + 20, at + 24];
        const timescale = v.getUint32(scaleAt);
        const duration = version === 1 ? v.getUint32(durationAt) * 2 ** 32 + v.getUint32(durationAt + 4) : v.getUint32(durationAt);
        return timescale > 0 ? { seconds: duration / timescale } : {};
      }
      at += size;
    }
    return {};
  };
  return walk(0, b.length);
}

const MP3_BITRATES = [0, 32, 40, 48, 56, 64, 80, 96, 112, 128, 160, 192, 224, 256, 320];
const MP3_BITRATES_V2 = [0, 8, 16, 24, 32, 40, 48, 56, 64, 80, 96, 112, 128, 144, 160];
const MP3_RATES = [44_100, 48_000, 32_000];

/** MP3 (layer III): the first frame's header, and the Xing/Info frame count if present, else length ÷ bitrate. */
function mp3(b: Uint8Array): Declared {
  let at = 0;
  if (ascii(b, 0, 3) === 'ID3' && fits(b, 6, 4)) at = 10 + ((b[6]! & 0x7f) << 21) + ((b[7]! & 0x7f) << 14) + ((b[8]! & 0x7f) << 7) + (b[9]! & 0x7f);
  for (const end = Math.min(b.length - 4, at + 65_536); at < end; at++) {
    if (b[at] !== 0xff || (b[at + 1]! & 0xe6) !== 0xe2) continue;
    const mpeg1 = (b[at + 1]! & 0x18) === 0x18;
    const bitrate = (mpeg1 ? MP3_BITRATES : MP3_BITRATES_V2)[b[at + 2]! >> 4];
    const base = MP3_RATES[(b[at + 2]! >> 2) & 3];
    if (!bitrate || !base) continue;
    const sampleRate = mpeg1 ? base : (b[at + 1]! & 0x18) === 0x10 ? base / 2 : base / 4;
    const channels = b[at + 3]! >> 6 === 3 ? 1 : 2;
    const samplesPerFrame = mpeg1 ? 1152 : 576;
    const side = mpeg1 ? (channels === 1 ? 17 : 32) : channels === 1 ? 9 : 17;
    const tag = ascii(b, at + 4 + side, 4);
    if ((tag === 'Xing' || tag === 'Info') && fits(b, at + 8 + side, 8) && b[at + 11 + side]! & 1) {
      return { sampleRate, channels, seconds: (view(b).getUint32(at + 12 + side) * samplesPerFrame) / sampleRate };
    }
    return { sampleRate, channels, seconds: ((b.length - at) * 8) / (bitrate * 1000) };
  }
  return {};
}

const PROBES: Record<string, (b: Uint8Array) => Declared> = { wav, aiff, flac, opus: ogg, oga: ogg, m4a: mp4, mp3 };

/** The declaration of a sniffed format (audio-type's names); {} where the format has no reader here (webm). */
export function probeAudio(format: string, bytes: Uint8Array): Declared {
  return Object.hasOwn(PROBES, format) ? PROBES[format]!(bytes) : {};
}
