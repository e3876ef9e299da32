import { describe, expect, it } from 'vitest';
import { probeAudio } from '../../src/audio/probe.js';
import { createNodeEngine } from '../../src/node.js';
import { fixture } from '../helpers/paths.js';

const engine = createNodeEngine();

/** A copy of `bytes` with `write` applied to a DataView of it. */
const patched = (bytes: Uint8Array, write: (v: DataView, b: Uint8Array) => void) => {
  const out = bytes.slice();
  write(new DataView(out.buffer), out);
  return out;
};
const find = (b: Uint8Array, tag: string, from = 0) => {
  for (let i = from; i + tag.length <= b.length; i++) if ([...tag].every((c, k) => b[i + k] === c.charCodeAt(0))) return i;
  throw new Error(`no ${tag}`);
};
const findLast = (b: Uint8Array, tag: string) => {
  for (let i = b.length - tag.length; i >= 0; i--) if ([...tag].every((c, k) => b[i + k] === c.charCodeAt(0))) return i;
  throw new Error(`no ${tag}`);
};

const HOUR = 3600;

/** A mono 16 kHz IMA-ADPCM WAV of 256 blocks of 256 bytes (64 kB), declaring `samplesPerBlock` (505 is what the block holds). */
function imaAdpcm(samplesPerBlock: number): Uint8Array {
  const data = 256 * 256;
  const b = new Uint8Array(48 + data);
  const v = new DataView(b.buffer);
  const tag = (at: number, t: string) => [...t].forEach((c, k) => (b[at + k] = c.charCodeAt(0)));
  tag(0, 'RIFF');
  v.setUint32(4, 40 + data, true);
  tag(8, 'WAVE');
  tag(12, 'fmt ');
  v.setUint32(16, 20, true);
  v.setUint16(20, 0x11, true);
  v.setUint16(22, 1, true);
  v.setUint32(24, 16_000, true);
  v.setUint32(28, 8_110, true);
  v.setUint16(32, 256, true);
  v.setUint16(34, 4, true);
  v.setUint16(36, 2, true);
  v.setUint16(38, samplesPerBlock, true);
  tag(40, 'data');
  v.setUint32(44, data, true);
  for (let i = 48; i < b.length; i++) b[i] = (i * 7919) & 0xff;
  return b;
}
/** Headers that declare what no accepted recording has: refused from the header, before any decoder allocates. */
const hostile: [string, Uint8Array, string, RegExp][] = [
  ['WAV declaring 65,535 channels', patched(fixture('speech-sheep.wav'), (v, b) => v.setUint16(find(b, 'fmt ') + 10, 65_535, true)), 'invalid_audio', /65535 channels \(declared by the wav header\)/],
  ['64 kB IMA-ADPCM WAV declaring 65,535 samples per 256-byte block', imaAdpcm(65_535), 'audio_too_long', /declared by the wav header/],
  ['WAV declaring a 1 MHz sample rate', patched(fixture('speech-sheep.wav'), (v, b) => v.setUint32(find(b, 'fmt ') + 12, 1_000_000, true)), 'invalid_audio', /1000000 Hz/],
  ['Ogg Opus whose last page says one hour', patched(fixture('speech-sheep.ogg'), (v, b) => v.setUint32(findLast(b, 'OggS') + 6, HOUR * 48_000, true)), 'audio_too_long', /3600\.0 s \(declared by the opus header\)/],
  ['FLAC whose STREAMINFO says one hour', patched(fixture('speech-sheep.flac'), (v) => v.setUint32(22, HOUR * 16_000)), 'audio_too_long', /declared by the flac header/],
  [
    'M4A whose movie header says one hour',
    patched(fixture('speech-sheep.m4a'), (v, b) => {
      const mvhd = find(b, 'mvhd') - 4;
      v.setUint32(mvhd + 24, HOUR * v.getUint32(mvhd + 20));
    }),
    'audio_too_long',
    /declared by the m4a header/,
  ],
  ['AIFF whose COMM chunk says one hour', patched(fixture('tone440-s16-44k1.aiff'), (v, b) => v.setUint32(find(b, 'COMM') + 10, HOUR * 44_100)), 'audio_too_long', /declared by the aiff header/],
];

describe('headers are checked before decoding', () => {
  it.each(hostile.map(([what, bytes, code, detail]) => ({ what, bytes, code, detail })))('$what → $code, at once and without the memory it declares', async ({ bytes, code, detail }) => {
    const before = process.memoryUsage().rss;
    const started = performance.now();
    const envelope = await engine.scoreWord({ word: 'sheep' }, bytes);
    expect(envelope).toMatchObject({ status: 'error', short_message: code });
    expect(envelope.status === 'error' && envelope.detail_message).toMatch(detail);
    expect(performance.now() - started).toBeLessThan(2_000);
    expect(process.memoryUsage().rss - before).toBeLessThan(100 * 2 ** 20);
  });

  it('every fixture of every format declares what it holds', () => {
    for (const [name, format] of [['speech-sheep.wav', 'wav'], ['speech-sheep.ogg', 'opus'], ['speech-sheep.flac', 'flac'], ['speech-sheep.m4a', 'm4a'], ['speech-sheep.mp3', 'mp3'], ['tone440-s16-44k1.aiff', 'aiff'], ['tone440-vorbis.ogg', 'oga']] as const) {
      const declared = probeAudio(format, fixture(name));
      expect(declared.seconds, name).toBeGreaterThan(0.2);
      expect(declared.seconds, name).toBeLessThan(1.5);
    }
  });
});

describe('a decoder that runs away', () => {
  // A corrupt edit-list entry count: the MP4 demuxer allocates until the heap is gone (Node aborted, exit 134).
  const runaway = patched(fixture('speech-sheep.m4a'), (v, b) => v.setUint32(find(b, 'elst') + 8, 0x7fffffff));

  it('costs its own request an envelope; the engine keeps scoring', async () => {
    const envelope = await engine.scoreWord({ word: 'sheep' }, runaway);
    expect(envelope).toMatchObject({ status: 'error', short_message: 'audio_decode_failed' });
    expect(envelope.status === 'error' && envelope.detail_message).toMatch(/memory/);
    const after = await engine.scoreWord({ word: 'sheep' }, fixture('speech-sheep.m4a'));
    expect(after.status).toBe('success');
  }, 60_000);

  it('concurrent requests around it are answered as if it were not there', async () => {
    const good = await engine.scoreWord({ word: 'sheep' }, fixture('speech-sheep.mp3'));
    const answers = await Promise.all([fixture('speech-sheep.mp3'), runaway, fixture('speech-sheep.mp3')].map((audio) => engine.scoreWord({ word: 'sheep' }, audio)));
    expect(answers[0]).toEqual(good);
    expect(answers[1]).toMatchObject({ short_message: 'audio_decode_failed' });
    expect(answers[2]).toEqual(good);
  }, 60_000);
});
