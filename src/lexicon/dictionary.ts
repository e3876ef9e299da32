/**
 * A pronouncing dictionary as the lexicon reads it: lower-case word → phones
 * (lexicon/phones.ts), variants under "word(2)", "word(3)". Each language
 * pack names its dictionary file under the models root
 * (Language.dictionaryFile); the entries inject how it is loaded
 * (EngineOptions.dictionary).
 */
import { OralisError } from '../contract/errors.js';
import type { ModelSource } from '../runtime/model-source.js';
import { readJson } from '../runtime/verified-files.js';

export interface PronouncingDictionary {
  entry(key: string): string | undefined;
}

/** A dictionary over a record of entries. Only the record's own keys answer: a script's words are user text, and "__proto__" must not find Object's properties. */
export const recordDictionary = (entries: Readonly<Record<string, string>>): PronouncingDictionary => ({
  entry: (key) => (Object.hasOwn(entries, key) ? entries[key] : undefined),
});

/** Every pronunciation the dictionary lists for a key, most common first; empty when the key is unknown. */
export function pronunciations(dictionary: PronouncingDictionary, key: string): string[][] {
  const out: string[][] = [];
  for (let variant = 1; ; variant++) {
    const entry = dictionary.entry(variant === 1 ? key : `${key}(${variant})`);
    if (entry === undefined) return out;
    // A few entries carry a trailing comment ("D OY1 L # org, irish").
    out.push(entry.split('#')[0]!.trim().split(' '));
  }
}

/**
 * A dictionary file (a JSON record of entries) read through the model source:
 * in the browser a cached download like a model, instead of megabytes of the
 * scoring worker's JavaScript.
 */
export async function readDictionary(source: ModelSource, path: string): Promise<PronouncingDictionary> {
  const entries = await readJson(source, path);
  if (entries === undefined) throw new OralisError('model_unavailable', `The pronunciation dictionary ${source.locate(path)} does not exist.`);
  return recordDictionary(entries as Record<string, string>);
}
