/**
 * `oralis/browser`: what a web app imports. `createScorer` runs the engine in
 * a Web Worker that ships in this package; the rest (types, `contourOf`,
 * `createBrowserEngine` for apps that run their own worker) comes from the
 * in-thread browser engine.
 *
 * @module oralis/browser
 */
export * from 'oralis/browser-engine';
export { createScorer, DEFAULT_MODEL_BASE_URL, type Scorer, type ScorerOptions } from './scorer.js';
