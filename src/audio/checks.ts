import { OralisError } from '../contract/errors.js';
import { LIMITS } from '../contract/limits.js';

export const MIN_SAMPLE_RATE = 4_000;
export const MAX_SAMPLE_RATE = 768_000;

/** More than a surround recording has: a header declaring thousands of channels is malformed or hostile. */
export const MAX_CHANNELS = 8;

export function checkSampleRate(sampleRate: number, source = ''): void {
  if (!Number.isFinite(sampleRate) || sampleRate < MIN_SAMPLE_RATE || sampleRate > MAX_SAMPLE_RATE) {
    throw new OralisError(
      'invalid_audio',
      `Sample rate ${sampleRate} Hz${source ? ` ${source}` : ''} is outside ${MIN_SAMPLE_RATE}..${MAX_SAMPLE_RATE} Hz.`,
    );
  }
}

export function checkChannels(channels: number, source = ''): void {
  if (!Number.isInteger(channels) || channels < 1 || channels > MAX_CHANNELS) {
    throw new OralisError('invalid_audio', `${channels} channels${source ? ` ${source}` : ''}; at most ${MAX_CHANNELS} are accepted.`);
  }
}

/** Before a byte is copied or read further: encoded audio over LIMITS.maxAudioBytes is audio_too_large. Returns `bytes`. */
export function checkEncodedSize(bytes: number, what = 'The audio'): number {
  if (bytes > LIMITS.maxAudioBytes) {
    throw new OralisError('audio_too_large', `${what} is ${bytes} bytes; at most ${LIMITS.maxAudioBytes / 2 ** 20} MiB is accepted.`);
  }
  return bytes;
}

export function checkFinite(samples: Float32Array): void {
  for (let i = 0; i < samples.length; i++) {
    if (!Number.isFinite(samples[i]!)) {
      throw new OralisError('invalid_audio', `Sample ${i} is ${samples[i]}; audio must hold finite numbers only.`);
    }
  }
}

/** `checkShort` false: a header's duration is only trusted to refuse what is too long (a streaming header may say 0). */
export function checkDuration(seconds: number, maxSeconds: number, endpoint: string, source = '', checkShort = true): void {
  if (checkShort && seconds < LIMITS.minAudioSeconds) {
    throw new OralisError(
      'audio_too_short',
      `The audio lasts ${seconds.toFixed(3)} s; at least ${LIMITS.minAudioSeconds} s is needed.`,
    );
  }
  if (seconds > maxSeconds) {
    throw new OralisError(
      'audio_too_long',
      `The audio lasts ${seconds.toFixed(1)} s${source ? ` ${source}` : ''}; ${endpoint} accepts at most ${maxSeconds} s.`,
    );
  }
}

/** Level of the loudest 25 ms frame in dBFS, DC removed, so an offset-only signal reads as silence. */
export function peakFrameDbfs(samples: Float32Array, sampleRate: number): number {
  const frame = Math.max(1, Math.round(sampleRate * 0.025));
  let loudest = 0;
  for (let start = 0; start < samples.length; start += frame) {
    const end = Math.min(samples.length, start + frame);
    let mean = 0;
    for (let i = start; i < end; i++) mean += samples[i]!;
    mean /= end - start;
    let energy = 0;
    for (let i = start; i < end; i++) energy += (samples[i]! - mean) ** 2;
    loudest = Math.max(loudest, energy / (end - start));
  }
  return loudest > 0 ? 10 * Math.log10(loudest) : -Infinity;
}

export function checkNotSilent(samples: Float32Array, sampleRate: number): void {
  const level = peakFrameDbfs(samples, sampleRate);
  if (level < LIMITS.silenceDbfs) {
    throw new OralisError(
      'no_speech',
      `The audio is silent: its loudest 25 ms frame is ${Number.isFinite(level) ? level.toFixed(1) : '-∞'} dBFS (threshold ${LIMITS.silenceDbfs} dBFS). Check the microphone.`,
    );
  }
}
