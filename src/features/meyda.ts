/**
 * Meyda, configured once for the engine's frames: 512-sample buffers at
 * 16 kHz and no window of its own, because callers hand it frames they have
 * already windowed (or, for RMS, want unweighted).
 */
import * as meyda from 'meyda';

// Meyda's CommonJS build is module.exports = Meyda; its ESM build exports it as default. Both land on `.default` here.
export const Meyda = meyda.default as unknown as typeof meyda.default.default;
export const MEYDA_BUFFER = 512;

Meyda.bufferSize = MEYDA_BUFFER;
Meyda.sampleRate = 16_000;
Meyda.windowingFunction = 'rect';
