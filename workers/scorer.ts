/**
 * Main-thread API of the browser engine:
 *
 *   import { createScorer } from 'oralis/browser';
 *   const scorer = await createScorer({ onProgress });  // models from ./oralis/ (`oralis/vite` or `oralis assets` put them there)
 *   scorer.backend;                                     // 'webgpu' | 'wasm'
 *   await scorer.scoreText({ text: 'we call it bear', dialect: 'en-us' }, file);
 *
 * Every call runs in a Web Worker (workers/scoring-worker.ts, shipped compiled in
 * the package and found by bundlers through `new URL(..., import.meta.url)`) and returns the
 * same envelopes as the Node engine and CLI. Audio may be a Blob/File, an
 * ArrayBuffer (transferred, so the caller's copy is emptied) or
 * { samples: Float32Array, sampleRate } (samples copied).
 *
 *   const drawn = await scorer.contour(file);         // waveform envelope + pitch, 10 ms frames
 *
 * createScorer rejects, with the engine's reason, when the models cannot be
 * loaded; after that every call resolves to an envelope, even if the worker dies.
 */
import * as Comlink from 'comlink';
import { decodeNatively, errorEnvelope, type AudioInput, type ChosenBackend, type ContourEnvelope, type EngineReport, type ErrorEnvelope, type ModelProgress, type OnnxRuntimeOptions, type TextEnvelope, type TextParams, type WordEnvelope, type WordParams } from 'oralis/browser-engine';
import type { ScoringWorkerApi } from './scoring-worker.js';

/** Where `oralis assets --out <public>/oralis` and the `oralis/vite` plugin put the models, relative to the page. */
export const DEFAULT_MODEL_BASE_URL = 'oralis/';

export interface ScorerOptions extends OnnxRuntimeOptions {
  /** URL of the models folder, relative to the page (default 'oralis/'). */
  modelBaseUrl?: string;
  /** Each model file's download (or cache read) as it goes, for a progress bar. */
  onProgress?: (progress: ModelProgress) => void;
}

export interface Scorer {
  backend: ChosenBackend;
  /** With backend 'auto' on WASM: why not WebGPU (no adapter, or the error WebGPU gave). */
  fallbackReason?: string;
  /** The en-us models' licences and which opt-in (copyleft) packages this build carries. */
  licences: EngineReport['licences'];
  scoreText(params: TextParams, audio: AudioInput): Promise<TextEnvelope>;
  scoreWord(params: WordParams, audio: AudioInput): Promise<WordEnvelope>;
  /** The audio's waveform envelope and pitch track on the response's 10 ms grid, to draw under a score. */
  contour(audio: AudioInput): Promise<ContourEnvelope>;
  /** Stops the worker; calls still pending, and any made later, answer with an internal_error envelope. */
  dispose(): void;
}

export async function createScorer(options: ScorerOptions = {}): Promise<Scorer> {
  const worker = new Worker(new URL('./scoring-worker.js', import.meta.url), { type: 'module' });
  const remote = Comlink.wrap<ScoringWorkerApi>(worker);
  // A worker that has died or been disposed never answers: its pending and later calls get this envelope instead of hanging.
  let stop: (detail: string) => void = () => {};
  const stopped = new Promise<ErrorEnvelope>((resolve) => (stop = (detail) => resolve(errorEnvelope('internal_error', detail))));
  worker.addEventListener('error', (event) => stop(`The scoring worker failed: ${event.message || 'no reason given'}. Create a new scorer.`));
  let choice: EngineReport;
  try {
    const { onProgress, modelBaseUrl = DEFAULT_MODEL_BASE_URL, ...runtime } = options;
    choice = await remote.init(
      { ...runtime, modelBaseUrl: new URL(modelBaseUrl, document.baseURI).href, backend: options.backend ?? 'auto' },
      onProgress ? Comlink.proxy(onProgress) : undefined,
    );
  } catch (error) {
    worker.terminate();
    throw error;
  }
  // MP3, m4a, FLAC and Ogg Vorbis are decoded by the browser here (their decoders in the build would be copyleft code).
  // Once per audio object: the demo scores a recording and draws its contour from the same file.
  const natively = new WeakMap<object, ReturnType<typeof decodeNatively>>();
  const send = async (audio: AudioInput) => {
    if (!natively.has(audio)) natively.set(audio, decodeNatively(audio));
    const decoded = (await natively.get(audio)) ?? audio;
    return decoded instanceof ArrayBuffer ? Comlink.transfer(decoded, [decoded]) : decoded;
  };
  const guarded = <T>(call: Promise<T>): Promise<T | ErrorEnvelope> => Promise.race([call, stopped]);
  return {
    ...choice,
    scoreText: (params, audio) => guarded(send(audio).then((sent): Promise<TextEnvelope> => remote.scoreText(params, sent))),
    scoreWord: (params, audio) => guarded(send(audio).then((sent): Promise<WordEnvelope> => remote.scoreWord(params, sent))),
    contour: (audio) => guarded(send(audio).then((sent): Promise<ContourEnvelope> => remote.contour(sent))),
    dispose: () => {
      stop('The scorer has been disposed. Create a new one.');
      worker.terminate();
    },
  };
}
