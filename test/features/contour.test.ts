import { describe, expect, it } from 'vitest';
import { audioContour, contourOf } from '../../src/features/contour.js';
import { fixture } from '../helpers/paths.js';
import { sine } from '../helpers/signal.js';

describe('the waveform and pitch contour a page draws', () => {
  it('has four envelope columns per 10 ms frame and the pitch of a tone where it sounds', () => {
    // 0.5 s of silence, then 0.5 s of a 200 Hz tone at half scale.
    const samples = new Float32Array(16_000);
    samples.set(sine(200, 16_000, 0.5, 0.5), 8000);
    const contour = audioContour(samples);
    expect(contour.seconds).toBe(1);
    expect(contour.peaksPerFrame).toBe(4);
    expect(contour.min).toHaveLength(400);
    expect(contour.max[80]).toBe(0);
    // A 2.5 ms column holds half a period of 200 Hz: one of its extremes reaches full amplitude.
    expect(Math.max(contour.max[280]!, -contour.min[280]!)).toBeCloseTo(0.5, 2);
    expect(contour.max.slice(200).every((m) => m <= 0.5)).toBe(true);
    expect(contour.pitchHz[20]).toBe(0);
    expect(contour.pitchHz[70]).toBeCloseTo(200, -1);
  });

  it('follows synthesized speech rising at the end of a question', async () => {
    const result = await contourOf(fixture('speech-question.wav'));
    if (result.status !== 'success') throw new Error(result.detail_message);
    const voiced = [...result.contour.pitchHz].filter((hz) => hz > 0);
    expect(voiced.length).toBeGreaterThan(50);
    expect(voiced.at(-1)!).toBeGreaterThan(voiced[Math.floor(voiced.length / 2)]!);
  });

  it('answers bad audio with the Score Text error envelope', async () => {
    const result = await contourOf(new Uint8Array([1, 2, 3]));
    expect(result).toMatchObject({ status: 'error', short_message: 'audio_decode_failed' });
  });
});
