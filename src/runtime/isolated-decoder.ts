/**
 * Node: decoding in a child process with a heap limit, so a file that makes a
 * decoder library allocate without end (a corrupt MP4 edit list filled the
 * heap until Node aborted) or spin costs that one request an error envelope,
 * not the process. A worker thread with resourceLimits was not enough: some
 * failed allocations abort the whole process, threads and all (found by the
 * fuzzer). Headers are checked before decoding (probe.ts); this bounds what a
 * lying header or a decoder bug can still do.
 *
 * The process decodes one file at a time (decoding is milliseconds next to
 * scoring), so a crash fails only the request it was decoding; a new process
 * starts for the next one. In the browser the engine already runs in a Web
 * Worker, which plays the same part.
 */
import { fileURLToPath } from 'node:url';
import { fork, type ChildProcess } from 'node:child_process';
import { OralisError, type ErrorCode } from '../contract/errors.js';
import type { AudioLimits, Decoder, PcmAudio } from '../audio/types.js';
import { serialQueue } from '../util/serial.js';
import { compiledModule } from './compiled-module.js';

/** Heap for the decoder process: the largest accepted file decodes in well under this. */
export const DECODER_HEAP_MB = 256;
/** Longest a decode may take; the worst legitimate file (46 s of 8-channel FLAC) takes under 2 s. */
export const DECODE_TIMEOUT_MS = 20_000;


interface Reply {
  id: number;
  pcm?: PcmAudio;
  error?: { code: ErrorCode; message: string };
}

export function isolatedDecoder(): Decoder {
  let child: ChildProcess | undefined;
  const decodes = serialQueue();
  let nextId = 0;

  const start = () => {
    const started = fork(fileURLToPath(compiledModule('decode-process.js', import.meta.url, 'runtime')), [], {
      execArgv: [`--max-old-space-size=${DECODER_HEAP_MB}`],
      serialization: 'advanced',
      // Decoder libraries log to the console (mpg123 on every bad frame); errors come back as messages.
      stdio: ['ignore', 'ignore', 'ignore', 'ipc'],
    });
    // An idle decoder must not keep the caller's process alive.
    started.unref();
    started.channel?.unref();
    return started;
  };

  const decodeOne = (bytes: Uint8Array, limits: AudioLimits) =>
    new Promise<PcmAudio>((resolve, reject) => {
      const proc = (child ??= start());
      const id = nextId++;
      const fail = (why: string) => {
        finish();
        if (child === proc) child = undefined;
        proc.kill('SIGKILL');
        reject(new OralisError('audio_decode_failed', `The decoder gave up on these ${bytes.length} bytes (${why}); the file is corrupt or built to exhaust memory.`));
      };
      const timer = setTimeout(() => fail(`still decoding after ${DECODE_TIMEOUT_MS / 1000} s`), DECODE_TIMEOUT_MS);
      const onMessage = (reply: Reply) => {
        if (reply.id !== id) return;
        finish();
        if (reply.pcm) resolve(reply.pcm);
        else reject(new OralisError(reply.error!.code, reply.error!.message));
      };
      const onError = (error: Error) => fail(error.message);
      const onExit = (code: number | null, signal: string | null) => fail(`the decoder process ended (${signal ?? `exit code ${code}`}): out of memory or crashed`);
      const finish = () => {
        clearTimeout(timer);
        proc.off('message', onMessage).off('error', onError).off('exit', onExit);
      };
      proc.on('message', onMessage).on('error', onError).on('exit', onExit);
      proc.send({ id, bytes, limits });
    });

  return (bytes, limits) => decodes(() => decodeOne(bytes, limits));
}
