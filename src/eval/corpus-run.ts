/** Runs corpus jobs over a pool of evaluation worker threads, results in job order. */
import { cpus } from 'node:os';
import { resolve } from 'node:path';
import { Worker } from 'node:worker_threads';
import { parseArgs } from '../cli/args.js';
import { audioPath, loadLabels, otherPrompts, speakerFolds } from './corpus.js';
import type { CorpusJob, WorkerMode } from './corpus-worker.js';

export const DEFAULT_DATA = '../shared/data/so762-train';

/** The shared front of the corpus commands: `--data DIR [--limit N] [--jobs N]` → every utterance through the workers. */
export async function runCorpusCommand<T>(mode: WorkerMode, argv: readonly string[]) {
  const { options } = parseArgs(['eval', ...argv]);
  const dataArg = options.data ?? DEFAULT_DATA;
  const data = resolve(dataArg);
  const labels = loadLabels(data, options.limit ? Number(options.limit) : Infinity);
  const folds = speakerFolds(labels);
  const started = performance.now();
  const others = mode === 'cv' ? otherPrompts(labels) : [];
  const results = await runCorpus<T>(
    mode,
    labels.map((l, i) => ({ audio: audioPath(data, l), text: l.text, otherText: others[i], fold: folds.get(l.speaker)! })),
    Number(options.jobs ?? cpus().length),
  );
  return { dataArg, labels, folds, results, seconds: Math.round((performance.now() - started) / 1000) };
}

export type CorpusResult<T> = { result: T; error?: undefined } | { result?: undefined; error: string };

export async function runCorpus<T>(mode: WorkerMode, jobs: readonly Omit<CorpusJob, 'index'>[], threads: number): Promise<CorpusResult<T>[]> {
  const results: CorpusResult<T>[] = new Array(jobs.length);
  let next = 0;
  let done = 0;
  let lastReport = performance.now();
  const workers = Array.from({ length: Math.max(1, Math.min(threads, jobs.length)) }, () => new Worker(new URL('./corpus-worker.js', import.meta.url), { workerData: { mode } }));
  try {
    await Promise.all(
      workers.map(
        (worker) =>
          new Promise<void>((resolve, reject) => {
            const feed = () => {
              if (next >= jobs.length) return resolve();
              const index = next++;
              worker.postMessage({ ...jobs[index]!, index });
            };
            worker.on('message', (message: { index: number } & CorpusResult<T>) => {
              results[message.index] = message.error !== undefined ? { error: message.error } : { result: message.result! };
              done++;
              if (performance.now() - lastReport > 10_000) {
                lastReport = performance.now();
                process.stderr.write(`${mode}: ${done}/${jobs.length}\n`);
              }
              feed();
            });
            worker.on('error', reject);
            feed();
          }),
      ),
    );
  } finally {
    await Promise.all(workers.map((w) => w.terminate()));
  }
  return results;
}
