import type { ErrorEnvelope } from './schema.js';
import { API_VERSION } from './limits.js';

/**
 * Every `short_message` the engine can return. They are part of the public
 * contract: callers branch on them, so a code is never renamed or reused.
 */
export const ERROR_CODES = {
  missing_parameter: 'A required request parameter is absent.',
  invalid_parameter: 'A parameter has a value outside what the spec allows, or is not a parameter of this endpoint.',
  unsupported_dialect: 'The dialect is valid in the spec but this engine has no model for it.',
  word_too_long: 'Score Word: `word` is longer than 300 characters.',
  text_too_long: 'Score Text: `text` is longer than 2000 characters.',
  feature_unavailable: 'The request asks for a feature this build does not implement yet (the detail names it); it is refused, not silently ignored.',
  invalid_markup: 'markup_language=arpa_mark: the [spelling]{phonemes} markup is malformed; the detail gives the character position and why.',
  unknown_word: 'A word of the text is not in the lexicon; the detail names it.',
  invalid_request: 'Batch: a request line is not JSON or lacks `id`, `endpoint`, `audio` or `params`. Server: not a v9 scoring path, or a body that is not multipart/form-data.',
  invalid_key: 'Server: the request has no `key`, or one the server was not given (HTTP 401).',
  server_busy: 'Server: every scoring thread is busy and the queue is full (HTTP 503 with Retry-After), or the server is shutting down.',
  audio_read_failed: 'CLI and batch: the audio file cannot be read.',
  audio_decode_failed: 'The audio bytes are empty, truncated or not in a supported format.',
  invalid_audio: 'Sample input is malformed: NaN or infinite samples, or an unusable sample rate.',
  audio_too_short: 'Less than 0.25 s of audio.',
  no_speech: 'No speech: the audio is silent (its loudest 25 ms frame is below -50 dBFS), or holds no voice-like sound (a tone, hum, click or noise).',
  audio_too_large: 'The audio is over 64 MiB of encoded bytes (checked before anything is read or decoded), or over the server\'s upload limit (HTTP 413).',
  audio_too_long: 'Score Text audio over 46 s (45 s + 1 s margin) or Score Word audio over 30 s.',
  model_unavailable: 'The acoustic model for the dialect is not installed or failed to load.',
  internal_error: 'An unexpected failure inside the engine; the detail names it. Please report it.',
} as const;

export type ErrorCode = keyof typeof ERROR_CODES;

/** Thrown inside the engine; turned into an error envelope at the API boundary. */
export class OralisError extends Error {
  constructor(
    readonly code: ErrorCode,
    detail: string,
  ) {
    super(detail);
    this.name = 'OralisError';
  }
}

export function errorEnvelope(code: ErrorCode, detail: string): ErrorEnvelope {
  return { status: 'error', short_message: code, detail_message: detail, version: API_VERSION };
}

/** The boundary's last line of defence: anything thrown becomes an envelope. */
export function toErrorEnvelope(error: unknown): ErrorEnvelope {
  if (error instanceof OralisError) return errorEnvelope(error.code, error.message);
  const detail = error instanceof Error ? `${error.name}: ${error.message}` : String(error);
  return errorEnvelope('internal_error', detail);
}
