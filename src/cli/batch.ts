/**
 * `oralis batch`: scores a JSONL file of requests on N worker threads
 * (engine-pool.ts: one engine each, models loaded once per thread). Responses are written in
 * input order; a bad line becomes an error envelope for its id and the batch
 * goes on.
 */
import { createReadStream, createWriteStream } from 'node:fs';
import { dirname } from 'node:path';
import { createInterface } from 'node:readline';
import { toErrorEnvelope } from '../contract/errors.js';
import { BatchLineError, parseBatchLine, type BatchRequest } from './batch-request.js';
import { createEnginePool, type Envelope } from './engine-pool.js';

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

  if (pending.length > 0) {
    const pool = createEnginePool({ threads: Math.min(options.jobs, pending.length), ...(options.modelDir ? { modelDir: options.modelDir } : {}) });
    await Promise.all(
      pending.map((index) => {
        const { request } = items[index] as { request: BatchRequest };
        return pool.score({ endpoint: request.endpoint, params: request.params, audio: { path: request.audio } }).then((response) => finish(index, response));
      }),
    );
    await pool.close();
  }
  await new Promise<void>((resolveEnd, reject) => out.end((error?: Error | null) => (error ? reject(error) : resolveEnd())));
  return progress;
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
