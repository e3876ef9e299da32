/** Oralis: offline pronunciation scoring with the v9 Score Text / Score Word contract. */
export { createEngine, type EngineOptions, type EngineReport, type ScoringEngine } from './engine/engine.js';
export { OPT_IN_CODE, type OptInPackage, type OptInStatus } from './contract/opt-in.js';
export { ERROR_CODES, errorEnvelope, type ErrorCode } from './contract/errors.js';
export { API_VERSION, LIMITS } from './contract/limits.js';
export { DIALECTS, type Dialect, type Flag, type RawParams, type TextParams, type WordParams, type TextRequest, type WordRequest } from './contract/request.js';
export { SUPPORTED_DIALECTS } from './engine/dialects.js';
export type { ModelSource } from './runtime/model-source.js';
export type { AudioInput, SampleAudio } from './audio/types.js';
export { contourOf, type AudioContour, type ContourEnvelope } from './features/contour.js';
export * from './contract/schema.js';
