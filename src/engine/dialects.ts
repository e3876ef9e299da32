/**
 * The dialect registry: the dialects this build scores, each with the folder
 * of its models (models/<folder>/: the acoustic model's manifest and files,
 * head/ with the scoring head) and its language pack (src/languages/<pack>/).
 * Adding a dialect is a folder under src/languages/, one under models/, and
 * a line here.
 */
import type { Dialect } from '../contract/request.js';

export interface DialectEntry {
  /** Folder under models/. */
  models: string;
  /** Folder under src/languages/. */
  language: string;
}

export const DIALECT_REGISTRY: Readonly<Partial<Record<Dialect, DialectEntry>>> = {
  'en-us': { models: 'en-us', language: 'en-us' },
};

/** Dialects with an entry in the registry; the others the spec names are refused with unsupported_dialect. */
export const SUPPORTED_DIALECTS = Object.keys(DIALECT_REGISTRY) as Dialect[];
