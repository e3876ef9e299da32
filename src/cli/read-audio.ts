import { constants } from 'node:fs';
import { open } from 'node:fs/promises';
import { OralisError } from '../contract/errors.js';
import { checkEncodedSize } from '../audio/checks.js';

/**
 * Reads an audio file for the CLI and batch; `-` is standard input. Only
 * regular files are read (a FIFO would block for ever, /dev/zero never
 * ends), and never more than LIMITS.maxAudioBytes.
 */
export async function readAudioFile(path: string): Promise<Uint8Array> {
  try {
    return path === '-' ? await readStdin() : await readRegularFile(path);
  } catch (error) {
    if (error instanceof OralisError) throw error;
    const reason = error instanceof Error ? error.message : String(error);
    throw new OralisError('audio_read_failed', `Cannot read audio file ${JSON.stringify(path)}: ${reason}`);
  }
}

async function readRegularFile(path: string): Promise<Uint8Array> {
  // Non-blocking, so opening a FIFO with no writer returns at once and is refused below.
  const handle = await open(path, constants.O_RDONLY | constants.O_NONBLOCK);
  try {
    const info = await handle.stat();
    if (!info.isFile()) throw new Error(`not a regular file (${info.isFIFO() ? 'a FIFO' : info.isDirectory() ? 'a directory' : 'a device or socket'})`);
    checkEncodedSize(info.size, 'The file');
    const bytes = new Uint8Array(info.size);
    const { bytesRead } = await handle.read(bytes, 0, bytes.length, 0);
    return bytes.subarray(0, bytesRead);
  } finally {
    await handle.close();
  }
}

async function readStdin(): Promise<Uint8Array> {
  const chunks: Buffer[] = [];
  let total = 0;
  for await (const chunk of process.stdin) {
    total += (chunk as Buffer).length;
    checkEncodedSize(total, 'Standard input');
    chunks.push(chunk as Buffer);
  }
  return new Uint8Array(Buffer.concat(chunks));
}
