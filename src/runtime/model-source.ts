/**
 * Where model files come from: the file system in Node, HTTP + Cache Storage
 * in the browser. Paths are relative to the models root, e.g. "en-us/manifest.json".
 */
export interface ModelSource {
  /** The file's bytes, or undefined when it does not exist. */
  read(path: string): Promise<Uint8Array | undefined>;
  /** Where a path resolves to, for error messages. */
  locate(path: string): string;
}
