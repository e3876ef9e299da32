import { readFile } from 'node:fs/promises';
import { OralisError } from '../api/errors.js';

/** Reads an audio file for the CLI and batch; `-` is standard input. */
export async function readAudioFile(path: string): Promise<Uint8Array> {
  try {
    return new Uint8Array(path === '-' ? await readStdin() : await readFile(path));
  } catch (error) {
    const reason = error instanceof Error ? error.message : String(error);
    throw new OralisError('audio_read_failed', `Cannot read audio file ${JSON.stringify(path)}: ${reason}`);
  }
}

async function readStdin(): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of process.stdin) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}
