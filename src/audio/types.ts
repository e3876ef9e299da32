/** Decoded samples the caller already has, e.g. from WebAudio or a microphone. */
export interface SampleAudio {
  samples: Float32Array;
  sampleRate: number;
}

/** What the API accepts as audio: encoded file bytes (any typed array, DataView or Node Buffer over them, an ArrayBuffer, a Blob) or raw samples. */
export type AudioInput = ArrayBufferView | ArrayBuffer | Blob | SampleAudio;

/** Planar PCM as decoders return it. */
export interface PcmAudio {
  channels: Float32Array[];
  sampleRate: number;
}

/** The endpoint's audio limit, known before decoding. */
export interface AudioLimits {
  maxSeconds: number;
  endpoint: string;
}

/** Encoded bytes → PCM: decode.ts in-process, or runtime/isolated-decoder.ts in a child process (Node). */
export type Decoder = (bytes: Uint8Array, limits: AudioLimits) => Promise<PcmAudio>;
