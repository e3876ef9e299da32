/**
 * `oralis serve`: the v9 REST paths on a local HTTP server, so an app written
 * against the cloud API changes only its base URL. Requests are the spec's:
 * `POST /api/scoring/text/v9/json` and `/api/scoring/word/v9/json`, query
 * `key`, `dialect`, `user_id`, a multipart body with `user_audio_file` and the
 * other parameters; answers are the envelopes the CLI prints. Scoring runs on
 * a pool of worker threads behind a bounded queue (engine-pool.ts). The
 * server keeps no state between requests, so instances behind a load
 * balancer need nothing shared. Logs carry no audio, text or key.
 */
import cors from '@fastify/cors';
import multipart from '@fastify/multipart';
import Fastify, { type FastifyInstance, type FastifyReply } from 'fastify';
import { errorEnvelope, type ErrorCode } from '../contract/errors.js';
import { createEnginePool, PoolBusyError, type EnginePool } from './engine-pool.js';
import type { Endpoint } from './score-request.js';

export interface ServeOptions {
  /** The keys a request's `key` must be one of; null: no key is asked for (a server only this machine can reach). */
  keys: ReadonlySet<string> | null;
  /** Scoring threads (each holds its own copy of the models). */
  threads: number;
  /** Requests that may wait for a thread; past that, 503 with Retry-After. */
  maxQueue: number;
  /** Largest upload accepted, in bytes (413 past it). */
  maxUploadBytes: number;
  /** Origins allowed to call from a browser (`['*']` for any); empty: no CORS headers. */
  corsOrigins: readonly string[];
  modelDir?: string;
  /** One line per request: method, path, status, time, endpoint, dialect, audio size and error code; never audio, text or key. */
  log?: (entry: RequestLog) => void;
}

export interface RequestLog {
  time: string;
  method: string;
  path: string;
  status: number;
  ms: number;
  endpoint?: Endpoint;
  dialect?: string;
  audio_bytes?: number;
  short_message?: string;
}

/** Paths of the spec's endpoints that this engine does not score (yet): answered, not 404. */
const NOT_BUILT: Readonly<Record<string, string>> = {
  speech: 'Score Speech (unscripted speech) is not built in Oralis.',
  writing: 'Score Writing is not built in Oralis yet.',
};

export interface OralisServer {
  app: FastifyInstance;
  pool: EnginePool;
  /** Stops taking requests, answers the ones in progress and queued, then stops the threads. */
  close(): Promise<void>;
}

export async function createServer(options: ServeOptions): Promise<OralisServer> {
  const pool = createEnginePool({ threads: options.threads, maxQueue: options.maxQueue, warm: true, ...(options.modelDir ? { modelDir: options.modelDir } : {}) });
  // Fastify's own 503 while closing has its own body; ours is an envelope.
  const app = Fastify({ logger: false, return503OnClosing: false, bodyLimit: options.maxUploadBytes });
  let closing = false;
  let meanMs = 2000;

  if (options.corsOrigins.length > 0) {
    await app.register(cors, { origin: options.corsOrigins.includes('*') ? true : [...options.corsOrigins], methods: ['POST'] });
  }
  await app.register(multipart, { limits: { fileSize: options.maxUploadBytes, files: 1, fields: 32, fieldSize: 64 * 1024, parts: 40 } });

  // Each answer's error code, for its log line.
  const codes = new WeakMap<object, string>();
  const send = (reply: FastifyReply, status: number, code: ErrorCode, detail: string) => {
    codes.set(reply.raw, code);
    return reply.code(status).send(errorEnvelope(code, detail));
  };
  // Whether the multipart reader or fastify's body limit catches it first.
  const tooLarge = (reply: FastifyReply) => send(reply, 413, 'audio_too_large', `The upload is over this server's limit of ${(options.maxUploadBytes / 2 ** 20).toFixed(0)} MiB.`);

  app.addHook('onRequest', async (request, reply) => {
    if (closing) return send(reply, 503, 'server_busy', 'The server is shutting down; try again on another instance.');
    const started = performance.now();
    reply.raw.on('finish', () => {
      const info = (request as { oralis?: Partial<RequestLog> }).oralis ?? {};
      options.log?.({
        time: new Date().toISOString(),
        method: request.method,
        path: request.url.split('?')[0]!,
        status: reply.statusCode,
        ms: Math.round(performance.now() - started),
        ...info,
        ...(codes.has(reply.raw) ? { short_message: codes.get(reply.raw) } : {}),
      });
    });
  });

  // An answer given while closing ends its keep-alive connection, or the close would wait for the client to hang up.
  app.addHook('onSend', async (_request, reply) => {
    if (closing) reply.header('connection', 'close');
  });

  app.post<{ Params: { endpoint: string }; Querystring: Record<string, string | string[]> }>('/api/scoring/:endpoint/v9/json', async (request, reply) => {
    const { endpoint } = request.params;
    if (Object.hasOwn(NOT_BUILT, endpoint)) return send(reply, 200, 'feature_unavailable', NOT_BUILT[endpoint]!);
    if (endpoint !== 'text' && endpoint !== 'word') return send(reply, 404, 'invalid_request', notFound(request.url));
    const { key, ...query } = request.query;
    if (options.keys && (typeof key !== 'string' || !options.keys.has(key))) {
      return send(reply, 401, 'invalid_key', key === undefined ? 'Add your key as the query parameter key=...' : 'This key is not one the server was given.');
    }
    if (!request.isMultipart()) return send(reply, 415, 'invalid_request', 'Send the body as multipart/form-data with the audio in a part named user_audio_file, as the spec shows.');

    const params: Record<string, string> = Object.create(null) as Record<string, string>;
    const set = (name: string, value: unknown): string | undefined => {
      if (typeof value !== 'string') return `${name} must be a single text value.`;
      if (name in params && params[name] !== value) return `${name} is given twice with different values (query and body).`;
      params[name] = value;
      return undefined;
    };
    for (const [name, value] of Object.entries(query)) {
      const problem = set(name, value);
      if (problem) return send(reply, 200, 'invalid_parameter', problem);
    }
    let audio: Uint8Array | undefined;
    try {
      for await (const part of request.parts()) {
        if (part.type === 'file') {
          if (part.fieldname !== 'user_audio_file' || audio) {
            await part.toBuffer();
            return send(reply, 200, 'invalid_parameter', `The only file part is user_audio_file, once; got ${JSON.stringify(part.fieldname)}.`);
          }
          // A copy the pool moves to its thread: toBuffer's Buffer may share a pooled slab.
          audio = new Uint8Array(await part.toBuffer());
        } else {
          const problem = set(part.fieldname, part.value);
          if (problem) return send(reply, 200, 'invalid_parameter', problem);
        }
      }
    } catch (error) {
      if (error instanceof app.multipartErrors.RequestFileTooLargeError) return tooLarge(reply);
      return send(reply, 400, 'invalid_request', `The multipart body could not be read: ${error instanceof Error ? error.message : String(error)}`);
    }
    (request as { oralis?: Partial<RequestLog> }).oralis = { endpoint, ...(params.dialect ? { dialect: params.dialect } : {}), audio_bytes: audio?.length ?? 0 };
    if (!audio) return send(reply, 200, 'missing_parameter', 'user_audio_file is required: the recording, as a file part of the multipart body.');

    const started = performance.now();
    try {
      const envelope = await pool.score({ endpoint, params, audio: { bytes: audio } });
      meanMs = 0.8 * meanMs + 0.2 * (performance.now() - started);
      if (envelope.status === 'error') codes.set(reply.raw, envelope.short_message);
      return reply.send(envelope);
    } catch (error) {
      if (!(error instanceof PoolBusyError)) throw error;
      // How long the queue ahead should take to clear at the recent pace, at least a second.
      const { queued } = pool.load;
      reply.header('retry-after', String(Math.max(1, Math.ceil((meanMs * (queued + 1)) / options.threads / 1000))));
      return send(reply, 503, 'server_busy', `${error.message} Retry after the time in Retry-After.`);
    }
  });

  app.setNotFoundHandler((request, reply) => send(reply, 404, 'invalid_request', notFound(request.url)));
  app.setErrorHandler((error, _request, reply) => {
    const status = (error as { statusCode?: number }).statusCode ?? 500;
    return status === 413
      ? tooLarge(reply)
      : send(reply, status, status >= 500 ? 'internal_error' : 'invalid_request', error instanceof Error ? error.message : String(error));
  });

  return {
    app,
    pool,
    async close() {
      closing = true;
      await app.close();
      await pool.close();
    },
  };
}

const notFound = (url: string) =>
  `${url.split('?')[0]} is not a scoring path; Oralis answers POST /api/scoring/text/v9/json and /api/scoring/word/v9/json.`;
