/**
 * Request switches whose feature is not built yet. Such a request is refused
 * with `feature_unavailable` instead of being scored as if the switch were
 * off: a caller asking for fluency must not get a response that silently
 * lacks it. Each entry leaves this list when its issue lands.
 */
import { OralisError } from './errors.js';
import type { TextRequest, WordRequest } from './request.js';

const TEXT_SWITCHES: readonly [keyof TextRequest, string][] = [
  ['include_fluency', 'fluency scoring (issue #6)'],
  ['include_unknown_words', 'pronunciations for unknown words (issue #6)'],
  ['detect_dialect', 'dialect detection'],
  ['markup_language', 'arpa_mark markup (issue #6)'],
];
const WORD_SWITCHES: readonly [keyof WordRequest, string][] = [['markup_language', 'arpa_mark markup (issue #6)']];

export function refuseUnbuiltText(request: TextRequest): void {
  refuse(request, TEXT_SWITCHES);
}

export function refuseUnbuiltWord(request: WordRequest): void {
  refuse(request, WORD_SWITCHES);
}

function refuse<R extends object>(request: R, switches: readonly [keyof R, string][]): void {
  for (const [name, feature] of switches) if (request[name]) unavailable(String(name), feature);
}

function unavailable(name: string, feature: string): never {
  throw new OralisError('feature_unavailable', `${name}: this build does not implement ${feature} yet.`);
}
