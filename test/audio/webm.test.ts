import { readFileSync } from 'node:fs';
import decodeOgg from '@audio/decode-opus';
import decodeMatroska from '@audio/decode-webm';
import { describe, expect, it } from 'vitest';
import { decodeOggOpus, oggPackets } from '../../src/audio/ogg.js';
import { decodeWebmOpus, opusPackets } from '../../src/audio/webm.js';
import { fixture } from '../helpers/paths.js';

describe('WebM/Opus as MediaRecorder writes it is demuxed without the general Matroska decoder', () => {
  it.each(['tone440-opus.webm', 'tone440-opus-stream.webm'])('%s gives the general decoder\'s samples, to float rounding', async (name) => {
    const ours = await decodeWebmOpus(fixture(name));
    const general = await decodeMatroska(fixture(name));
    expect(ours).not.toBeNull();
    expect(ours!.sampleRate).toBe(general.sampleRate);
    expect(ours!.channels).toHaveLength(general.channelData.length);
    // 0.3 s at 48 kHz: libopus's pre-skip and the muxer's end padding are both removed.
    expect(ours!.channels[0]!.length).toBe(14_400);
    // Two builds of libopus (opus-decoder's and the Matroska package's): the same samples to within 1e-5.
    const theirs = general.channelData[0]!;
    expect(Math.max(...ours!.channels[0]!.map((v, i) => Math.abs(v - theirs[i]!)))).toBeLessThan(1e-5);
  });

  it('reads a Segment of unknown size, as a live recorder leaves it', () => {
    const file = fixture('tone440-opus-stream.webm');
    expect([...file.subarray(40, 48)]).toEqual([0x01, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff]);
    expect(opusPackets(file)!.packets).toHaveLength(16);
  });

  it('leaves other codecs and damaged files to the general decoder', async () => {
    expect(opusPackets(fixture('tone440-vorbis.webm'))).toBeNull();
    expect(await decodeWebmOpus(fixture('tone440-opus.webm').subarray(0, 600))).toBeNull();
  });
});

describe('Ogg Opus (what Firefox records and opusenc writes)', () => {
  it('is demuxed by Oralis and decoded to the Ogg package\'s samples, trimmed to the last page\'s granule position', async () => {
    const ours = await decodeOggOpus(fixture('tone440-opus.ogg'));
    const general = await decodeOgg(fixture('tone440-opus.ogg'));
    expect(ours!.channels[0]!.length).toBe(general.channelData[0]!.length);
    const theirs = general.channelData[0]!;
    expect(Math.max(...ours!.channels[0]!.map((v, i) => Math.abs(v - theirs[i]!)))).toBeLessThan(1e-5);
  });

  it('keeps what came before a cut-off tail, and leaves a file that is not Ogg alone', async () => {
    const passage = new Uint8Array(readFileSync(new URL('../../examples/north-wind.ogg', import.meta.url)));
    const whole = await decodeOggOpus(passage);
    const cut = await decodeOggOpus(passage.subarray(0, passage.length >> 1));
    expect(cut!.channels[0]!.length).toBeGreaterThan(0);
    expect(cut!.channels[0]!.length).toBeLessThan(whole!.channels[0]!.length);
    expect(oggPackets(fixture('speech-sheep.wav'))).toBeNull();
  });
});
