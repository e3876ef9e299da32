import { z } from 'zod';
import { TextEnvelope, WordEnvelope } from './schema.js';

/** The response envelopes as JSON Schema, for callers outside TypeScript. */
export function jsonSchemas(): Record<string, unknown> {
  return {
    'text-envelope': z.toJSONSchema(TextEnvelope),
    'word-envelope': z.toJSONSchema(WordEnvelope),
  };
}
