/**
 * Request switches whose feature is not built yet. Such a request is refused
 * with `feature_unavailable` instead of being scored as if the switch were
 * off: a caller asking for fluency must not get a response that silently
 * lacks it. Each entry leaves this list when its issue lands.
 */
import { OralisError } from '../contract/errors.js';
import type { TextRequest } from '../contract/request.js';

const TEXT_SWITCHES: readonly [keyof TextRequest, string][] = [
  ['detect_dialect', 'dialect detection'],
];

/** Score Text only: every Score Word switch is built. */
export function refuseUnbuiltText(request: TextRequest): void {
  for (const [name, feature] of TEXT_SWITCHES) {
    if (request[name]) throw new OralisError('feature_unavailable', `${name}: this build does not implement ${feature} yet.`);
  }
}
