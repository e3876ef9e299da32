/** Oralis: offline pronunciation scoring with the v9 Score Text / Score Word contract. */
export { createEngine, type EngineOptions, type ScoringEngine } from './api/engine.js';
export { ERROR_CODES, type ErrorCode } from './api/errors.js';
export { API_VERSION, LIMITS } from './api/limits.js';
export { DIALECTS, SUPPORTED_DIALECTS, type Dialect, type TextRequest, type WordRequest } from './api/request.js';
export type { ModelSource } from './acoustic/model-source.js';
export type { AudioInput, SampleAudio } from './audio/types.js';
export { contourOf, type AudioContour, type ContourEnvelope } from './features/contour.js';
export * from './api/schema.js';
