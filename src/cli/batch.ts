/**
 * `oralis batch`: scores a JSONL file of requests on N worker threads, each
 * holding one engine (models load once per thread). Responses are written in
 * input order; a bad line becomes an error envelope for its id and the batch
 * goes on.
 */
import { createReadStream, createWriteStream } from 'node:fs';
import { dirname } from 'node:path';
import { createInterface } from 'node:readline';
import { Worker } from 'node:worker_threads';
import { toErrorEnvelope } from '../contract/errors.js';
import type { ErrorEnvelope, TextEnvelope, WordEnvelope } from '../contract/schema.js';
import { BatchLineError, parseBatchLine, type BatchRequest } from './batch-request.js';

type Envelope = TextEnvelope | WordEnvelope | ErrorEnvelope;

export interface BatchOptions {
  input: string;
  output: string;
  jobs: number;
  modelDir?: string;
  /** Called after each response; the CLI prints it on stderr. */
  onProgress?: (progress: BatchProgress) => void;
}

export interface BatchProgress {
  done: number;
  total: number;
  errors: number;
  elapsedSeconds: number;
}

type Item = { id: string | number; request: BatchRequest } | { id: string | number; response: Envelope };

export async function runBatch(options: BatchOptions): Promise<BatchProgress> {
  const items = await readItems(options.input);
  const out = createWriteStream(options.output);
  const started = performance.now();
  const progress: BatchProgress = { done: 0, total: items.length, errors: 0, elapsedSeconds: 0 };
  const results = new Map<number, Envelope>();
  let nextToWrite = 0;

  const finish = (index: number, response: Envelope) => {
    results.set(index, response);
    progress.done++;
    if (response.status === 'error') progress.errors++;
    progress.elapsedSeconds = (performance.now() - started) / 1000;
    while (results.has(nextToWrite)) {
      const item = items[nextToWrite]!;
      out.write(`${JSON.stringify({ id: item.id, response: results.get(nextToWrite) })}\n`);
      results.delete(nextToWrite++);
    }
    options.onProgress?.(progress);
  };

  const pending: number[] = [];
  items.forEach((item, index) => {
    if ('response' in item) finish(index, item.response);
    else pending.push(index);
  });

  const workerCount = Math.max(1, Math.min(options.jobs, pending.length));
  await Promise.all(
    Array.from({ length: pending.length > 0 ? workerCount : 0 }, () => drain(pending, items, options.modelDir, finish)),
  );
  await new Promise<void>((resolveEnd, reject) => out.end((error?: Error | null) => (error ? reject(error) : resolveEnd())));
  return progress;
}

/** One worker thread takes indices off the shared queue until it is empty; a crashed thread is replaced. */
async function drain(
  queue: number[],
  items: readonly Item[],
  modelDir: string | undefined,
  finish: (index: number, response: Envelope) => void,
): Promise<void> {
  const spawn = () => new Worker(new URL('./batch-worker.js', import.meta.url), { workerData: { modelDir } });
  let worker = spawn();
  try {
    for (let index = queue.shift(); index !== undefined; index = queue.shift()) {
      const item = items[index]!;
      if (!('request' in item)) continue;
      const answer = await ask(worker, index, item.request);
      finish(index, answer.response);
      if (answer.crashed) {
        await worker.terminate();
        worker = spawn();
      }
    }
  } finally {
    await worker.terminate();
  }
}

function ask(worker: Worker, index: number, request: BatchRequest): Promise<{ response: Envelope; crashed: boolean }> {
  return new Promise((answer) => {
    const onMessage = (message: { index: number; response: Envelope }) => {
      if (message.index !== index) return;
      cleanup();
      answer({ response: message.response, crashed: false });
    };
    const onCrash = (reason: Error | number) => {
      cleanup();
      const error = reason instanceof Error ? reason : new Error(`batch worker exited with code ${reason}`);
      answer({ response: toErrorEnvelope(error), crashed: true });
    };
    const cleanup = () => {
      worker.off('message', onMessage);
      worker.off('error', onCrash);
      worker.off('exit', onCrash);
    };
    worker.on('message', onMessage);
    worker.on('error', onCrash);
    worker.on('exit', onCrash);
    worker.postMessage({ index, request });
  });
}

async function readItems(path: string): Promise<Item[]> {
  const baseDir = dirname(path);
  const items: Item[] = [];
  let lineNumber = 0;
  for await (const line of createInterface({ input: createReadStream(path), crlfDelay: Infinity })) {
    lineNumber++;
    if (line.trim() === '') continue;
    try {
      const request = parseBatchLine(line, lineNumber, baseDir);
      items.push({ id: request.id, request });
    } catch (error) {
      const id = error instanceof BatchLineError ? error.id : `line ${lineNumber}`;
      items.push({ id, response: toErrorEnvelope(error) });
    }
  }
  return items;
}
