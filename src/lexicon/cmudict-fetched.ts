/**
 * The browser build's stand-in for the `cmu-pronouncing-dictionary` package
 * (vite.config.ts aliases the package here): the same `dictionary` object,
 * but filled at run time from `en-us/cmudict.json` next to the models, so the
 * 3.6 MB of pronunciations are a cached download instead of part of the
 * scoring worker's JavaScript. The build writes that file from the package.
 */
import type { ModelSource } from '../runtime/model-source.js';
import { OralisError } from '../contract/errors.js';

export const dictionary: Record<string, string> = {};

let loading: Promise<void> | undefined;

export function loadDictionary(source: ModelSource): Promise<void> {
  loading ??= (async () => {
    const path = 'en-us/cmudict.json';
    const bytes = await source.read(path);
    if (bytes === undefined) throw new OralisError('model_unavailable', `The pronunciation dictionary ${source.locate(path)} does not exist.`);
    Object.assign(dictionary, JSON.parse(new TextDecoder().decode(bytes)) as Record<string, string>);
  })();
  loading.catch(() => (loading = undefined));
  return loading;
}
