/**
 * The scoring Web Worker: the whole pipeline (decode, resample, features,
 * ONNX, alignment, scoring) off the main thread, exposed with comlink.
 * workers/scorer.ts is its main-thread face.
 */
import * as Comlink from 'comlink';
// The package's own in-thread engine by name, so the compiled worker finds it wherever the package is installed.
import { contourOf, createBrowserEngine, type AudioInput, type OnnxRuntimeOptions, type ModelProgress, type ScoringEngine, type TextParams, type WordParams } from 'oralis/browser-engine';

let engine: ScoringEngine | undefined;

const api = {
  /** Creates the engine, loads the en-us models (with progress) and says which backend they run on. */
  async init(options: { modelBaseUrl: string } & OnnxRuntimeOptions, onProgress?: (p: ModelProgress) => void) {
    engine = createBrowserEngine({ ...options, ...(onProgress ? { onProgress } : {}) });
    return engine.ready();
  },
  scoreText: (params: TextParams, audio: AudioInput) => ready().scoreText(params, audio),
  scoreWord: (params: WordParams, audio: AudioInput) => ready().scoreWord(params, audio),
  /** Waveform envelope and pitch track for drawing; needs no models. */
  contour: async (audio: AudioInput) => {
    const result = await contourOf(audio);
    if (result.status !== 'success') return result;
    const { min, max, pitchHz } = result.contour;
    return Comlink.transfer(result, [min.buffer, max.buffer, pitchHz.buffer]);
  },
};

function ready(): ScoringEngine {
  if (!engine) throw new Error('init() has not been called');
  return engine;
}

export type ScoringWorkerApi = typeof api;
Comlink.expose(api);
