/**
 * CMUdict for the browser: `en-us/cmudict.json` next to the models (the
 * build writes it from the npm package), so the 3.6 MB of pronunciations are
 * a cached download like a model instead of part of the scoring worker's
 * JavaScript.
 */
import { OralisError } from '../../contract/errors.js';
import { recordDictionary, type PronouncingDictionary } from '../../lexicon/dictionary.js';
import type { ModelSource } from '../../runtime/model-source.js';

export const CMUDICT_PATH = 'en-us/cmudict.json';

export async function fetchedCmudict(source: ModelSource): Promise<PronouncingDictionary> {
  const bytes = await source.read(CMUDICT_PATH);
  if (bytes === undefined) throw new OralisError('model_unavailable', `The pronunciation dictionary ${source.locate(CMUDICT_PATH)} does not exist.`);
  return recordDictionary(JSON.parse(new TextDecoder().decode(bytes)) as Record<string, string>);
}
