import { OralisError } from '../api/errors.js';
import type { Dialect } from '../api/request.js';
import type { ModelSource } from './model-source.js';

/**
 * The acoustic model of a dialect. It is described by `<dialect>/manifest.json`
 * under the models root; until that file exists, scoring in the dialect
 * answers `model_unavailable` instead of inventing numbers.
 */
export async function loadAcousticModel(source: ModelSource, dialect: Dialect): Promise<never> {
  const manifestPath = `${dialect}/manifest.json`;
  const manifest = await source.read(manifestPath);
  if (manifest === undefined) {
    throw new OralisError(
      'model_unavailable',
      `No acoustic model is installed for ${dialect}: ${source.locate(manifestPath)} does not exist.`,
    );
  }
  throw new OralisError('model_unavailable', `This build cannot run the model described by ${source.locate(manifestPath)}.`);
}
