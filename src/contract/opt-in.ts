/**
 * Code the default install and web build leave out for its (copyleft)
 * licence. In the browser, createScorer decodes these formats with the
 * browser's own decoder instead (runtime/native-decode.ts). Node
 * uses a package when it is installed (`npm install <package>`: they are
 * optional peer dependencies); a Vite build puts it in only when
 * `oralis({ optIn: [...] })` names it. Without it, the request that needs it
 * gets an envelope saying how to opt in. `ready()` reports which are present.
 */
import { OralisError, type ErrorCode } from './errors.js';

export const OPT_IN_CODE = {
  '@audio/decode-mp3': {
    spdx: 'MIT package; its WASM is libmpg123, LGPL-2.1-or-later upstream',
    purpose: 'decoding MP3 audio in Node; browsers decode it with their own decoder',
  },
  '@audio/decode-mp4': {
    spdx: 'GPL-2.0 (AAC), GPL-2.0-or-later (AC-3, DTS), LGPL-2.1-or-later (E-AC-3)',
    purpose: 'decoding m4a/mp4 audio (AAC) in Node; browsers decode it with their own decoder',
  },
  '@audio/decode-webm': {
    spdx: 'MIT code loading the same GPL/LGPL decoders',
    purpose: 'WebM/Matroska audio other than Opus (MediaRecorder\'s Opus WebM needs no opt-in)',
  },
  '@audio/decode-flac': {
    spdx: 'MIT, with the LGPL-3.0-or-later Ogg/FLAC parser codec-parser',
    purpose: 'decoding FLAC audio (not a format of the spec) in Node; browsers decode it with their own decoder',
  },
  '@audio/decode-vorbis': {
    spdx: 'MIT, with the LGPL-3.0-or-later Ogg parser codec-parser',
    purpose: 'decoding Ogg Vorbis audio in Node (Ogg Opus, what recorders write, needs no opt-in); browsers decode it with their own decoder',
  },
  phonemizer: {
    spdx: 'GPL-3.0-or-later (espeak-ng, compiled to WASM)',
    purpose: 'include_unknown_words=1 in en-us and en-gb (letter-to-sound)',
  },
} as const;

export type OptInPackage = keyof typeof OPT_IN_CODE;

// Literal import() calls, so bundlers see each package (the oralis/vite plugin swaps in a stub for those left out).
const LOADERS = {
  '@audio/decode-mp3': () => import('@audio/decode-mp3'),
  '@audio/decode-mp4': () => import('@audio/decode-mp4'),
  '@audio/decode-webm': () => import('@audio/decode-webm'),
  '@audio/decode-flac': () => import('@audio/decode-flac'),
  '@audio/decode-vorbis': () => import('@audio/decode-vorbis'),
  phonemizer: () => import('phonemizer'),
};

export interface OptInStatus {
  package: OptInPackage;
  spdx: string;
  purpose: string;
  /** Installed (Node) or built in (web): requests that need it are served. */
  present: boolean;
}

/** Which opt-in packages this runtime has, found by loading each module (not the codecs or voices it loads on first use). */
export async function optInStatus(): Promise<OptInStatus[]> {
  return Promise.all(
    (Object.keys(OPT_IN_CODE) as OptInPackage[]).map(async (name) => ({
      package: name,
      ...OPT_IN_CODE[name],
      present: await LOADERS[name]().then(
        (module) => Object.keys(module).length > 0,
        () => false,
      ),
    })),
  );
}

/** An opt-in package's module, or `code` with a message saying what needs it and how to opt in. */
export async function loadOptIn<N extends OptInPackage>(name: N, code: ErrorCode): Promise<Awaited<ReturnType<(typeof LOADERS)[N]>>> {
  try {
    const module = await LOADERS[name]();
    // A bundler told to leave the package out (webpack's `resolve.alias: { [name]: false }`) gives an empty module.
    if (Object.keys(module).length === 0) throw new Error(`${name} was left out of this build`);
    return module as Awaited<ReturnType<(typeof LOADERS)[N]>>;
  } catch (error) {
    const { spdx, purpose } = OPT_IN_CODE[name];
    throw new OralisError(
      code,
      `This needs ${name}, for ${purpose}. It is opt-in for its licence (${spdx}) and not present here: in Node \`npm install ${name}\`, in a Vite app also \`oralis({ optIn: ['${name}'] })\` (README, "Licences"). (${error instanceof Error ? error.message : String(error)})`,
    );
  }
}
