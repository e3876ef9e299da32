/**
 * Worker threads, each holding one engine (models load once per thread), fed
 * from one queue in arrival order. `oralis batch` queues every line;
 * `oralis serve` bounds the queue and answers 503 past it. A thread that
 * crashes fails only the request it was scoring (an internal_error envelope)
 * and is replaced.
 */
import { Worker } from 'node:worker_threads';
import { toErrorEnvelope } from '../contract/errors.js';
import type { RawParams } from '../contract/request.js';
import type { ErrorEnvelope, TextEnvelope, WordEnvelope } from '../contract/schema.js';
import { compiledModule } from '../runtime/compiled-module.js';
import type { Endpoint } from './score-request.js';

export type Envelope = TextEnvelope | WordEnvelope | ErrorEnvelope;

export interface PoolJob {
  endpoint: Endpoint;
  params: RawParams;
  /** A file the thread reads, or the encoded bytes (moved to the thread when they own their buffer, else copied). */
  audio: { path: string } | { bytes: Uint8Array };
}

/** The queue is full (or the pool is closing): the caller should try again later. */
export class PoolBusyError extends Error {}

export interface PoolOptions {
  threads: number;
  /** Jobs that may wait for a thread; one more is refused with PoolBusyError. Default: no bound. */
  maxQueue?: number;
  modelDir?: string;
  /** Load the English models when each thread starts instead of on its first request. */
  warm?: boolean;
}

export interface EnginePool {
  score(job: PoolJob): Promise<Envelope>;
  /** Jobs waiting and jobs being scored. */
  readonly load: { queued: number; running: number };
  /** Refuses new jobs, lets queued and running ones finish, then stops the threads. */
  close(): Promise<void>;
}

interface Slot {
  worker: Worker;
  busy: boolean;
}

export function createEnginePool(options: PoolOptions): EnginePool {
  const maxQueue = options.maxQueue ?? Infinity;
  const spawn = () => new Worker(compiledModule('engine-worker.js', import.meta.url, 'cli'), { workerData: { modelDir: options.modelDir, warm: options.warm ?? false } });
  const slots: Slot[] = Array.from({ length: options.threads }, () => ({ worker: spawn(), busy: false }));
  const queue: { job: PoolJob; answer: (envelope: Envelope) => void }[] = [];
  let nextId = 0;
  let closing = false;
  let drained: (() => void) | undefined;

  const running = () => slots.filter((s) => s.busy).length;
  const pump = () => {
    for (const slot of slots) {
      if (slot.busy) continue;
      const next = queue.shift();
      if (!next) break;
      slot.busy = true;
      void run(slot, next.job).then((envelope) => {
        slot.busy = false;
        next.answer(envelope);
        pump();
      });
    }
    if (queue.length === 0 && running() === 0) drained?.();
  };

  const run = (slot: Slot, job: PoolJob) =>
    new Promise<Envelope>((answer) => {
      const id = nextId++;
      const onMessage = (message: { id: number; response: Envelope }) => {
        if (message.id !== id) return;
        cleanup();
        answer(message.response);
      };
      const onCrash = (reason: Error | number) => {
        cleanup();
        void slot.worker.terminate();
        slot.worker = spawn();
        answer(toErrorEnvelope(reason instanceof Error ? reason : new Error(`scoring thread exited with code ${reason}`)));
      };
      const cleanup = () => {
        slot.worker.off('message', onMessage);
        slot.worker.off('error', onCrash);
        slot.worker.off('exit', onCrash);
      };
      slot.worker.on('message', onMessage);
      slot.worker.on('error', onCrash);
      slot.worker.on('exit', onCrash);
      // Bytes that own their whole buffer move to the thread; a view into a shared one (a pooled Buffer) is copied.
      const bytes = 'bytes' in job.audio ? job.audio.bytes : undefined;
      const transfer = bytes && bytes.byteOffset === 0 && bytes.byteLength === bytes.buffer.byteLength ? [bytes.buffer as ArrayBuffer] : [];
      slot.worker.postMessage({ id, job }, transfer);
    });

  return {
    score(job) {
      if (closing) return Promise.reject(new PoolBusyError('The server is shutting down.'));
      if (running() + queue.length >= slots.length + maxQueue) return Promise.reject(new PoolBusyError(`All ${slots.length} scoring threads are busy and ${queue.length} requests are waiting.`));
      return new Promise((answer) => {
        queue.push({ job, answer });
        pump();
      });
    },
    get load() {
      return { queued: queue.length, running: running() };
    },
    async close() {
      closing = true;
      if (queue.length > 0 || running() > 0) await new Promise<void>((resolve) => (drained = resolve));
      await Promise.all(slots.map((s) => s.worker.terminate()));
    },
  };
}
