/** A batch worker thread: loads the engine once, then scores requests as they arrive. */
import { parentPort, workerData } from 'node:worker_threads';
import { createNodeEngine } from '../node.js';
import type { BatchRequest } from './batch-request.js';
import { scoreFile } from './score-request.js';

const engine = createNodeEngine({ modelDir: (workerData as { modelDir?: string }).modelDir });
const port = parentPort!;

port.on('message', async (message: { index: number; request: BatchRequest }) => {
  const { request } = message;
  const response = await scoreFile(engine, request.endpoint, request.audio, request.params);
  port.postMessage({ index: message.index, response });
});
