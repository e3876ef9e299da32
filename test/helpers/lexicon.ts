/** The en-us lexicon as the Node engine loads it: the language pack and CMUdict from its npm package. */
import { EN_US } from '../../src/languages/en-us/index.js';
import { packageCmudict } from '../../src/languages/en-us/cmudict-package.js';
import type { Lexicon } from '../../src/lexicon/lexicon.js';

export const enUsLexicon = async (): Promise<Lexicon> => ({ language: EN_US, dictionary: await packageCmudict() });
