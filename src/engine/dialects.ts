/**
 * The dialect registry: the dialects this build scores, each with the folder
 * of its models (models/<folder>/: the acoustic model's manifest and files,
 * head/ with the scoring head) and its language pack (src/languages/<pack>/);
 * and the acoustic model families, by the `kind` their manifests name. This
 * file and the entries are the only code that names a concrete language pack
 * or model family (docs/ARCHITECTURE.md). Adding a dialect is a folder under
 * src/languages/, one under models/, and a line here.
 */
import type { AcousticModelLoader } from '../acoustic/model.js';
import { HTK_KIND, loadHtkModel } from '../acoustic/htk/model.js';
import { loadSphinxModel, SPHINX_KIND } from '../acoustic/sphinx/model.js';
import type { Dialect } from '../contract/request.js';
import { EN_GB } from '../languages/en-gb/index.js';
import { EN_US } from '../languages/en-us/index.js';
import { ES_ES, ES_MX } from '../languages/es/index.js';
import { FR_FR } from '../languages/fr/index.js';
import type { Language } from '../lexicon/language.js';

export interface DialectEntry {
  /** Folder under models/ with the acoustic model. */
  models: string;
  /** Folder under models/ whose head/ scores the dialect, where not `models`' own: 'portable', for languages without rated speech. */
  head?: string;
  language: Language;
}

export const DIALECT_REGISTRY: Readonly<Partial<Record<Dialect, DialectEntry>>> = {
  'en-us': { models: 'en-us', language: EN_US },
  // British English scores against the same acoustic model and head; its lexicon is its own.
  'en-gb': { models: 'en-us', language: EN_GB },
  // Both Spanish dialects on the Sphinx Spanish model (GPL: opt-in in web builds) and the portable head.
  'es-es': { models: 'es', head: 'portable', language: ES_ES },
  'es-mx': { models: 'es', head: 'portable', language: ES_MX },
  // Experimental: the SPPAS HTK model (CC BY-NC-SA: opt-in in web builds) and the portable head.
  'fr-fr': { models: 'fr', head: 'portable', language: FR_FR },
  // Quebec French on SPPAS's Quebec monophone model, with the French lexicon (models/fr/lexicon.json): README, "French".
  'fr-ca': { models: 'fr-ca', head: 'portable', language: FR_FR },
};

/** Dialects with an entry in the registry; the others the spec names are refused with unsupported_dialect. */
export const SUPPORTED_DIALECTS = Object.keys(DIALECT_REGISTRY) as Dialect[];

export const MODEL_FAMILIES: Readonly<Record<string, AcousticModelLoader>> = {
  [SPHINX_KIND]: loadSphinxModel,
  [HTK_KIND]: loadHtkModel,
};
