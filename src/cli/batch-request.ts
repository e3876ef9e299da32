import { isAbsolute, resolve } from 'node:path';
import { OralisError } from '../contract/errors.js';
import type { RawParams } from '../contract/request.js';
import type { Endpoint } from './score-request.js';

export interface BatchRequest {
  id: string | number;
  endpoint: Endpoint;
  audio: string;
  params: RawParams;
}

/**
 * One line of a request file → a request, or an OralisError carrying the best
 * id we could recover so the response can still be matched to its line.
 * Relative audio paths are taken from the request file's folder, so a batch
 * travels with its audio.
 */
export function parseBatchLine(line: string, lineNumber: number, baseDir: string): BatchRequest {
  const fallbackId = `line ${lineNumber}`;
  let value: unknown;
  try {
    value = JSON.parse(line);
  } catch (error) {
    throw new BatchLineError(fallbackId, `Line ${lineNumber} is not JSON: ${(error as Error).message}`);
  }
  if (typeof value !== 'object' || value === null || Array.isArray(value)) {
    throw new BatchLineError(fallbackId, `Line ${lineNumber} is not a JSON object.`);
  }
  const record = value as Record<string, unknown>;
  const id = typeof record.id === 'string' || typeof record.id === 'number' ? record.id : undefined;
  const fail = (why: string) => new BatchLineError(id ?? fallbackId, `Line ${lineNumber}: ${why}`);
  if (id === undefined) throw fail('"id" must be a string or a number.');
  if (record.endpoint !== 'text' && record.endpoint !== 'word') throw fail('"endpoint" must be "text" or "word".');
  if (typeof record.audio !== 'string' || record.audio === '') throw fail('"audio" must be a file path.');
  const params = record.params ?? {};
  if (typeof params !== 'object' || params === null || Array.isArray(params)) throw fail('"params" must be an object.');
  return {
    id,
    endpoint: record.endpoint,
    audio: isAbsolute(record.audio) ? record.audio : resolve(baseDir, record.audio),
    params: params as RawParams,
  };
}

export class BatchLineError extends OralisError {
  constructor(
    readonly id: string | number,
    detail: string,
  ) {
    super('invalid_request', detail);
  }
}
