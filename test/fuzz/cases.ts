/**
 * Seeded generator of malformed and hostile requests: mutated headers and
 * containers of every accepted format, random bytes behind real magic
 * numbers, hostile JavaScript objects, hostile text and parameters. The same
 * seed gives the same cases, so a failure is reproducible from its number.
 */
import { readdirSync, readFileSync } from 'node:fs';

export interface FuzzCase {
  name: string;
  endpoint: 'text' | 'word';
  params: unknown;
  audio: unknown;
}

/** mulberry32: small, fast and good enough to drive mutations. */
export function rng(seed: number) {
  let a = seed >>> 0;
  const next = () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  const int = (n: number) => Math.floor(next() * n);
  const pick = <T>(xs: readonly T[]): T => xs[int(xs.length)]!;
  return { next, int, pick };
}
type Rng = ReturnType<typeof rng>;

const AUDIO_DIR = new URL('../fixtures/audio/', import.meta.url);
const FIXTURES = readdirSync(AUDIO_DIR)
  .filter((f) => /\.(wav|mp3|m4a|ogg|flac|aiff|webm)$/.test(f))
  .sort()
  .map((f) => ({ name: f, bytes: new Uint8Array(readFileSync(new URL(f, AUDIO_DIR))) }));

/** Where formats keep the fields decoders trust: chunk and atom tags, and the bytes after them. */
const TAGS = ['RIFF', 'fmt ', 'data', 'fact', 'FORM', 'COMM', 'SSND', 'fLaC', 'OggS', 'OpusHead', 'vorbis', 'ftyp', 'moov', 'mvhd', 'trak', 'mdhd', 'stsd', 'stsz', 'stco', 'stts', 'elst', 'mdat', 'ID3', 'Xing', 'Info'];
const MAGIC = ['RIFF\x00\x00\x00\x00WAVEfmt ', 'OggS\x00\x02', 'fLaC\x00\x00\x00\x22', 'ID3\x04\x00', '\xff\xfb\x90\x00', '\x00\x00\x00\x20ftypM4A ', '\x1a\x45\xdf\xa3', 'FORM\x00\x00\x00\x00AIFFCOMM', ''];
const EXTREMES = [0, 1, 0x7f, 0x80, 0xff, 0xffff, 0x7fffffff, 0x80000000, 0xffffffff];

function tagOffsets(bytes: Uint8Array): number[] {
  const out: number[] = [];
  const limit = Math.min(bytes.length, 1 << 16);
  for (let i = 0; i < limit; i++) {
    for (const tag of TAGS) {
      if (bytes[i] === tag.charCodeAt(0) && [...tag].every((c, k) => bytes[i + k] === c.charCodeAt(0))) out.push(i + tag.length);
    }
  }
  return out;
}

function mutate(r: Rng, source: Uint8Array): Uint8Array {
  let b = source.slice();
  const tags = tagOffsets(b);
  for (let m = 1 + r.int(3); m > 0; m--) {
    const at = tags.length && r.next() < 0.6 ? r.pick(tags) + r.int(24) : r.int(Math.min(b.length, 512));
    const v = new DataView(b.buffer);
    switch (r.int(7)) {
      case 0: // one random byte
        if (at < b.length) b[at] = r.int(256);
        break;
      case 1: // a 16-bit field set to an extreme, either endianness
        if (at + 2 <= b.length) v.setUint16(at, r.pick(EXTREMES) & 0xffff, r.next() < 0.5);
        break;
      case 2: // a 32-bit field set to an extreme (sizes, counts, rates, durations)
        if (at + 4 <= b.length) v.setUint32(at, r.pick(EXTREMES), r.next() < 0.5);
        break;
      case 3: // truncated
        b = b.slice(0, r.int(b.length + 1));
        break;
      case 4: // a run of bytes overwritten with noise
        for (let i = at; i < Math.min(b.length, at + 1 + r.int(64)); i++) b[i] = r.int(256);
        break;
      case 5: { // a slice duplicated (repeated chunks, atoms, pages)
        const start = r.int(b.length);
        const piece = b.slice(start, start + r.int(2048));
        const joined = new Uint8Array(b.length + piece.length);
        joined.set(b.subarray(0, start));
        joined.set(piece, start);
        joined.set(b.subarray(start), start + piece.length);
        b = joined;
        break;
      }
      default: // the tail of another format's file spliced on
        b = Uint8Array.from([...b.subarray(0, at), ...r.pick(FIXTURES).bytes.subarray(r.int(200))]);
    }
  }
  return b;
}

function randomBytes(r: Rng): Uint8Array {
  const magic = r.pick(MAGIC);
  const b = new Uint8Array(magic.length + r.int(r.next() < 0.8 ? 512 : 8192));
  for (let i = 0; i < magic.length; i++) b[i] = magic.charCodeAt(i);
  for (let i = magic.length; i < b.length; i++) b[i] = r.int(256);
  return b;
}

const WORDS = ['sheep', 'ship', 'we', 'call', 'it', 'bear', 'north', 'wind', 'the', 'a'];
const HOSTILE_WORDS = ['__proto__', 'constructor', 'prototype', 'toString', 'hasOwnProperty', 'valueOf', '__defineGetter__', '1000000000th', '9'.repeat(120), '-1', '1e400', 'NaN', '\u0000', '\u202e', '\u200b', '🐑', 'ʃiːp', 'x'.repeat(301), '[sheep]{S IY1 P}', '[sheep]{', '{S IY1 P}', '[]{}', '((((', '\\n', '\n\n\n', '<script>', "O'Brien", '—', 'ship-shape-', '-', '...'];

function hostileText(r: Rng): string {
  const parts: string[] = [];
  for (let n = 1 + r.int(r.next() < 0.9 ? 6 : 400); n > 0; n--) {
    const u = r.next();
    parts.push(u < 0.5 ? r.pick(WORDS) : u < 0.8 ? r.pick(HOSTILE_WORDS) : String.fromCodePoint(...Array.from({ length: 1 + r.int(8) }, () => r.int(0x2ffff))));
  }
  return parts.join(r.pick([' ', ' ', '\n', '  ', '-', '\t']));
}

function hostileParams(r: Rng, endpoint: 'text' | 'word'): unknown {
  const key = endpoint === 'text' ? 'text' : 'word';
  const u = r.next();
  if (u < 0.5) return endpoint === 'text' ? { text: hostileText(r), dialect: 'en-us' } : { word: hostileText(r) };
  if (u < 0.6) {
    const flags = ['include_fluency', 'include_intonation', 'include_unknown_words', 'no_mc', 'include_interference_metrics', 'markup_language', 'detect_dialect', 'enforce_dialect'];
    const p: Record<string, unknown> = { [key]: r.pick(WORDS), dialect: r.pick(['en-us', 'en-gb', 'fr-fr', 'EN-US', '', 'xx']) };
    for (let n = r.int(4); n > 0; n--) p[r.pick(flags)] = r.pick(['1', '0', 'arpa_mark', 1, true, null, '']);
    return p;
  }
  if (u < 0.7) return { [key]: r.pick([null, 42, ['sheep'], { toString: () => 'sheep' }, '', ' ', Symbol('x')]), dialect: 'en-us' };
  if (u < 0.8) return JSON.parse(`{"${key}":"sheep","dialect":"en-us","__proto__":{"polluted":1},"constructor":{"prototype":{"x":1}}}`);
  return r.pick([
    null,
    undefined,
    42,
    'sheep',
    [],
    new Proxy({}, { ownKeys: () => { throw new Error('trap'); } }),
    new Proxy({ [key]: 'sheep' }, { get: () => { throw new Error('trap'); } }),
    Object.defineProperty({ dialect: 'en-us' }, key, { enumerable: true, get: () => { throw new Error('getter'); } }),
    (() => { const p = Proxy.revocable({}, {}); p.revoke(); return p.proxy; })(),
    Object.create({ [key]: 'sheep', dialect: 'en-us' }),
  ]);
}

function hostileAudio(r: Rng): unknown {
  const speech = FIXTURES.find((f) => f.name === 'speech-sheep.wav')!.bytes;
  const detached = new ArrayBuffer(64);
  structuredClone(detached, { transfer: [detached] });
  return r.pick<unknown>([
    null,
    undefined,
    0,
    'speech-sheep.wav',
    [1, 2, 3],
    {},
    detached,
    new Proxy({}, { get: () => { throw new Error('trap'); }, has: () => { throw new Error('trap'); } }),
    (() => { const p = Proxy.revocable({}, {}); p.revoke(); return p.proxy; })(),
    new Float64Array(speech.buffer.slice(0, speech.length - (speech.length % 8))),
    new DataView(speech.slice().buffer, 1),
    { samples: new Float32Array(16_000).fill(Number.NaN), sampleRate: 16_000 },
    { samples: new Float32Array(16_000).fill(Infinity), sampleRate: 16_000 },
    { samples: new Float32Array(16_000).map((_, i) => Math.sin(i)), sampleRate: r.pick([0, -1, 1e12, Number.NaN, 16_000.5, 3999]) },
    { samples: new Float32Array(0), sampleRate: 16_000 },
    { samples: [0.1], sampleRate: 16_000 },
    { samples: new Float32Array(4000), sampleRate: '16000' },
    new Blob([speech.subarray(0, r.int(speech.length))]),
  ]);
}

/** Case `index` of the stream for `seed`. */
export function fuzzCase(seed: number, index: number): FuzzCase {
  const r = rng(seed * 1_000_003 + index);
  const endpoint = r.next() < 0.5 ? 'text' : 'word';
  const plain = endpoint === 'text' ? { text: r.pick(['sheep', 'ship', 'we call it bear']), dialect: 'en-us' } : { word: r.pick(['sheep', 'ship', 'bear']) };
  const u = r.next();
  if (u < 0.55) {
    const source = r.pick(FIXTURES);
    return { name: `mutated ${source.name}`, endpoint, params: plain, audio: mutate(r, source.bytes) };
  }
  if (u < 0.7) return { name: 'random bytes', endpoint, params: plain, audio: randomBytes(r) };
  if (u < 0.85) return { name: 'hostile text or parameters', endpoint, params: hostileParams(r, endpoint), audio: r.pick(FIXTURES.filter((f) => f.name.startsWith('speech'))).bytes };
  return { name: 'hostile audio object', endpoint, params: plain, audio: hostileAudio(r) };
}
