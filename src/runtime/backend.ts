/**
 * onnxruntime-web execution providers, chosen explicitly: 'webgpu' where the
 * device offers a GPU adapter, 'wasm' (SIMD; multi-threaded when the page is
 * cross-origin isolated) everywhere, 'auto' tries WebGPU and falls back to
 * WASM. Node has no WebGPU, so 'auto' means WASM there.
 */
import * as ort from 'onnxruntime-web';
import { OralisError } from '../contract/errors.js';
import { serialQueue } from '../util/serial.js';

export type Backend = 'auto' | 'webgpu' | 'wasm';
export type ChosenBackend = 'webgpu' | 'wasm';

/** How onnxruntime-web runs, as its own `ort.env.wasm` settings name it. */
export interface OnnxRuntimeOptions {
  /** 'auto' (default in the browser: WebGPU, else WASM), 'webgpu' or 'wasm' (Node: always WASM). */
  backend?: Backend;
  /**
   * WASM threads. onnxruntime-web's default is half the cores (at most 4) where the page is
   * cross-origin isolated, else 1; 1 avoids spawning its own workers.
   */
  numThreads?: number;
  /**
   * Where onnxruntime-web's .wasm/.mjs files are served: a URL prefix ending in '/', or
   * `{ wasm, mjs }` file URLs. Bundlers that follow `new URL(..., import.meta.url)` (Vite,
   * webpack 5) need none; a page without a bundler points this at a copy of
   * node_modules/onnxruntime-web/dist/.
   */
  wasmPaths?: string | { wasm?: string; mjs?: string };
}

/**
 * Applies the WASM settings before the first session is created (onnxruntime-web reads them once,
 * when it initialises); settings left out keep onnxruntime-web's defaults.
 */
export function configureOnnxRuntime(options: OnnxRuntimeOptions): void {
  if (options.numThreads !== undefined) {
    if (!Number.isInteger(options.numThreads) || options.numThreads < 1) throw new RangeError(`numThreads must be a whole number ≥ 1, not ${String(options.numThreads)}`);
    ort.env.wasm.numThreads = options.numThreads;
  }
  if (options.wasmPaths !== undefined) ort.env.wasm.wasmPaths = options.wasmPaths;
}

const hasWebGpu = () => typeof navigator !== 'undefined' && 'gpu' in navigator && (navigator as { gpu?: unknown }).gpu != null;

/** Which backend runs, and with 'auto', why it is not WebGPU (absent when it is, or when WASM was asked for). */
export interface BackendChoice {
  backend: ChosenBackend;
  fallbackReason?: string;
}

/** An inference session on the requested backend, and the backend it actually runs on. */
export async function createSession(model: Uint8Array, backend: Backend): Promise<{ session: ort.InferenceSession } & BackendChoice> {
  let fallbackReason: string | undefined;
  if (backend === 'webgpu' || (backend === 'auto' && hasWebGpu())) {
    try {
      return { session: await ort.InferenceSession.create(model, { executionProviders: ['webgpu'] }), backend: 'webgpu' };
    } catch (error) {
      if (backend === 'webgpu') throw new OralisError('model_unavailable', `The WebGPU backend is not available here: ${String(error)}`);
      fallbackReason = `WebGPU failed to start: ${String(error)}`;
    }
  } else if (backend === 'auto') {
    fallbackReason = 'this runtime offers no WebGPU adapter (navigator.gpu is absent)';
  }
  const session = await ort.InferenceSession.create(model, { executionProviders: ['wasm'] });
  return { session, backend: 'wasm', ...(fallbackReason ? { fallbackReason } : {}) };
}

/**
 * Every inference of this process (or worker) runs through one queue.
 * onnxruntime-web's WASM instance is shared by all its sessions and keeps one
 * run's state at a time: overlapping run() calls, as concurrent requests make,
 * read each other's tensors ("output name cannot be empty", null functions).
 * Runs are short (one chunk of frames, or the scoring head), so queueing costs
 * little next to a wrong answer.
 */
const inferences = serialQueue();
export const runSession = (session: ort.InferenceSession, feeds: ort.InferenceSession.FeedsType): Promise<ort.InferenceSession.ReturnType> =>
  inferences(() => session.run(feeds));
