import { readdirSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { OralisError } from '../../src/contract/errors.js';
import { decodeAudio } from '../../src/audio/decode.js';
import { prepareAudio } from '../../src/audio/prepare.js';
import { resample } from '../../src/audio/resample.js';
import { fixture } from '../helpers/paths.js';
import { dominantFrequency, powerAt, rms, sine } from '../helpers/signal.js';

const LIMITS = { maxSeconds: 46, endpoint: 'Score Text' };

async function errorCode(promise: Promise<unknown>): Promise<string> {
  try {
    await promise;
  } catch (error) {
    if (error instanceof OralisError) return error.code;
    throw error;
  }
  return 'no error';
}

describe('every accepted format decodes to the same 16 kHz tone', () => {
  const files = readdirSync(new URL('../fixtures/audio/', import.meta.url)).filter((f) => f.startsWith('tone440'));

  it('covers the spec formats plus flac', () => {
    const extensions = new Set(files.map((f) => f.split('.').pop()));
    expect([...extensions].sort()).toEqual(['aiff', 'flac', 'm4a', 'mp3', 'ogg', 'wav', 'webm']);
    expect(files.filter((f) => f.endsWith('.wav'))).toHaveLength(7);
  });

  it.each(files)('%s', async (name) => {
    const audio = await prepareAudio(fixture(name), LIMITS);
    expect(audio.sampleRate).toBe(16_000);
    // Lossy codecs pad a few ms; every fixture is 0.3 s of tone.
    expect(audio.seconds).toBeGreaterThan(0.29);
    expect(audio.seconds).toBeLessThan(0.36);
    expect(Math.abs(audio.samples.length - audio.seconds * 16_000)).toBeLessThanOrEqual(1);
    expect(dominantFrequency(audio.samples, 16_000, 300, 600)).toBeGreaterThanOrEqual(438);
    expect(dominantFrequency(audio.samples, 16_000, 300, 600)).toBeLessThanOrEqual(442);
    // Fixture level is 1/16 full scale; a stereo file with one silent side downmixes to half that.
    const expected = (name.includes('stereo') ? 0.5 : 1) * (0.0625 / Math.SQRT2);
    expect(rms(audio.samples.subarray(800, -800))).toBeCloseTo(expected, 2);
  });
});

describe('resampling to 16 kHz', () => {
  it.each([8000, 22050, 44100, 48000])('keeps a 1 kHz tone at 1 kHz from %i Hz', async (rate) => {
    const out = resample(sine(1000, rate, 1), rate, 16_000);
    expect(out.length).toBe(16_000);
    expect(dominantFrequency(out, 16_000, 900, 1100)).toBe(1000);
    expect(rms(out.subarray(400, -400))).toBeCloseTo(0.5 / Math.SQRT2, 2);
  });

  it('suppresses a 10 kHz tone instead of folding it to 6 kHz', async () => {
    const pcm = await decodeAudio(fixture('tone10k-f32-44k1.wav'), { maxSeconds: 30, endpoint: 'test' });
    const out = resample(pcm.channels[0]!, pcm.sampleRate, 16_000).subarray(800, -800);
    const input = rms(pcm.channels[0]!);
    // A naive decimator would leave the tone at full level as a 6 kHz alias.
    expect(20 * Math.log10(rms(out) / input)).toBeLessThan(-80);
    expect(powerAt(out, 16_000, 6000) / input ** 2).toBeLessThan(1e-9);
  });

  it('passes 16 kHz input through untouched', async () => {
    const x = sine(440, 16_000, 0.5);
    expect(resample(x, 16_000, 16_000)).toBe(x);
  });

  it('leaves no image of a 3 kHz tone at 5 kHz when upsampling from 8 kHz', () => {
    const out = resample(sine(3000, 8000, 1), 8000, 16_000).subarray(800, -800);
    expect(dominantFrequency(out, 16_000, 2500, 3500)).toBe(3000);
    expect(powerAt(out, 16_000, 5000) / powerAt(out, 16_000, 3000)).toBeLessThan(1e-9);
  });
});

describe('bad audio is refused with a code', () => {
  const wav = fixture('tone440-s16-16k.wav');

  it.each([
    ['empty bytes', 'audio_decode_failed', new Uint8Array(0)],
    ['random bytes', 'audio_decode_failed', Uint8Array.from({ length: 4096 }, (_, i) => (i * 7919) % 251)],
    ['a wav header without samples', 'audio_decode_failed', wav.subarray(0, 44)],
    ['a wav cut after 0.1 s', 'audio_too_short', wav.subarray(0, 44 + 3200)],
    ['an mp3 cut after 500 bytes', 'audio_too_short', fixture('tone440.mp3').subarray(0, 500)],
    ['NaN samples', 'invalid_audio', { samples: Float32Array.of(...sine(200, 16_000, 0.5).slice(0, 7999), NaN), sampleRate: 16_000 }],
    ['infinite samples', 'invalid_audio', { samples: new Float32Array(8000).fill(Infinity), sampleRate: 16_000 }],
    ['a zero sample rate', 'invalid_audio', { samples: sine(200, 16_000, 0.5), sampleRate: 0 }],
    ['samples that are not a Float32Array', 'invalid_audio', { samples: [0.1, 0.2], sampleRate: 16_000 }],
    ['a string', 'invalid_audio', 'hello'],
    ['an empty sample array', 'audio_too_short', { samples: new Float32Array(0), sampleRate: 16_000 }],
    ['digital silence', 'no_speech', { samples: new Float32Array(16_000), sampleRate: 16_000 }],
    ['a DC offset', 'no_speech', { samples: new Float32Array(16_000).fill(0.3), sampleRate: 16_000 }],
    ['47 s of audio', 'audio_too_long', { samples: sine(200, 8000, 47), sampleRate: 8000 }],
  ] as const)('%s → %s', async (_what, code, input) => {
    expect(await errorCode(prepareAudio(input as never, LIMITS))).toBe(code);
  });

  it('names a recognised container that is not an accepted format', async () => {
    const midi = Uint8Array.of(0x4d, 0x54, 0x68, 0x64, 0, 0, 0, 6, 0, 0, 0, 1, 0, 96);
    await expect(prepareAudio(midi, LIMITS)).rejects.toThrow(/mid audio, which is not an accepted format\. Accepted: wav/);
  });

  it('Score Word allows 30 s, not 31', async () => {
    const word = { maxSeconds: 30, endpoint: 'Score Word' };
    expect(await errorCode(prepareAudio({ samples: sine(200, 8000, 31), sampleRate: 8000 }, word))).toBe('audio_too_long');
    const ok = await prepareAudio({ samples: sine(200, 8000, 29.9), sampleRate: 8000 }, word);
    expect(ok.seconds).toBeCloseTo(29.9, 3);
  });

  it('quiet but audible speech-level input is accepted', async () => {
    const audio = await prepareAudio({ samples: sine(200, 16_000, 0.5, 0.01), sampleRate: 16_000 }, LIMITS);
    expect(audio.samples.length).toBe(8000);
  });
});
