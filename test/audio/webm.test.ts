import decodeMatroska from '@audio/decode-webm';
import { describe, expect, it } from 'vitest';
import { decodeWebmOpus, opusPackets } from '../../src/audio/webm.js';
import { fixture } from '../helpers/paths.js';

describe('WebM/Opus as MediaRecorder writes it is demuxed without the general Matroska decoder', () => {
  it.each(['tone440-opus.webm', 'tone440-opus-stream.webm'])('%s gives the general decoder\'s samples exactly', async (name) => {
    const ours = await decodeWebmOpus(fixture(name));
    const general = await decodeMatroska(fixture(name));
    expect(ours).not.toBeNull();
    expect(ours!.sampleRate).toBe(general.sampleRate);
    expect(ours!.channels).toHaveLength(general.channelData.length);
    // 0.3 s at 48 kHz: libopus's pre-skip and the muxer's end padding are both removed.
    expect(ours!.channels[0]!.length).toBe(14_400);
    expect(ours!.channels[0]).toEqual(general.channelData[0]);
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
