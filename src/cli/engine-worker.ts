/** A pool thread (engine-pool.ts): loads the engine once, then scores one request at a time as they arrive. */
import { parentPort, workerData } from 'node:worker_threads';
import { createNodeEngine } from '../node.js';
import type { PoolJob } from './engine-pool.js';
import { scoreBytes, scoreFile } from './score-request.js';

const { modelDir, warm } = workerData as { modelDir?: string; warm: boolean };
const engine = createNodeEngine({ modelDir });
// A server loads the English models before its first request rather than during it; a failure here is that request's envelope later.
if (warm) void engine.ready().catch(() => undefined);
const port = parentPort!;

port.on('message', async ({ id, job }: { id: number; job: PoolJob }) => {
  const response = 'path' in job.audio ? await scoreFile(engine, job.endpoint, job.audio.path, job.params) : await scoreBytes(engine, job.endpoint, job.audio.bytes, job.params);
  port.postMessage({ id, response });
});
