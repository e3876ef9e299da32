/**
 * Where model files come from: the file system in Node, HTTP + Cache Storage
 * in the browser. Paths are relative to the models root, e.g. "en-us/manifest.json".
 */
export interface ModelSource {
  /**
   * The file's bytes, or undefined when it does not exist. `check` throws when the bytes are not
   * what the file must hold (JSON that parses, the manifest's sha256): a source that keeps copies
   * keeps only bytes that passed it, and drops a kept copy that fails it.
   */
  read(path: string, check?: (bytes: Uint8Array) => void | Promise<void>): Promise<Uint8Array | undefined>;
  /** Where a path resolves to, for error messages. */
  locate(path: string): string;
}
