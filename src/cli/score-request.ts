import type { ScoringEngine } from '../api/engine.js';
import { toErrorEnvelope } from '../api/errors.js';
import type { RawParams } from '../api/request.js';
import type { ErrorEnvelope, TextEnvelope, WordEnvelope } from '../api/schema.js';
import { readAudioFile } from './read-audio.js';

export type Endpoint = 'text' | 'word';

/** One scoring request from a file path, as the CLI and each batch line make it. */
export async function scoreFile(
  engine: ScoringEngine,
  endpoint: Endpoint,
  audioPath: string,
  params: RawParams,
): Promise<TextEnvelope | WordEnvelope | ErrorEnvelope> {
  let audio: Uint8Array;
  try {
    audio = await readAudioFile(audioPath);
  } catch (error) {
    return toErrorEnvelope(error);
  }
  return endpoint === 'text' ? engine.scoreText(params, audio) : engine.scoreWord(params, audio);
}
