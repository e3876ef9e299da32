import type { ScoringEngine } from '../engine/engine.js';
import { toErrorEnvelope } from '../contract/errors.js';
import type { RawParams, TextParams, WordParams } from '../contract/request.js';
import type { ErrorEnvelope, TextEnvelope, WordEnvelope } from '../contract/schema.js';
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
  return scoreBytes(engine, endpoint, audio, params);
}

/** One scoring request from untyped parameters (command-line flags, JSON lines, form fields). */
export function scoreBytes(engine: ScoringEngine, endpoint: Endpoint, audio: Uint8Array, params: RawParams): Promise<TextEnvelope | WordEnvelope | ErrorEnvelope> {
  // The engine checks the parameters and answers misuse with an envelope.
  return endpoint === 'text' ? engine.scoreText(params as unknown as TextParams, audio) : engine.scoreWord(params as unknown as WordParams, audio);
}
