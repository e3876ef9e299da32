/** CMUdict for Node (and tests): the cmu-pronouncing-dictionary package, imported on first use. */
import { recordDictionary, type PronouncingDictionary } from '../../lexicon/dictionary.js';

export async function packageCmudict(): Promise<PronouncingDictionary> {
  const { dictionary } = await import('cmu-pronouncing-dictionary');
  return recordDictionary(dictionary);
}
