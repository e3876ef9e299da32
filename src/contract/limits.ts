/** Response `version`; the spec only fixes the major part. */
export const API_VERSION = '9.0';

/** `quota_remaining` on success: offline scoring has no quota, as in every response the spec shows. */
export const QUOTA_UNLIMITED = -1;

export const SAMPLE_RATE = 16_000;

export const LIMITS = {
  /** Spec: passages up to 45 s. One extra second absorbs the slack of a record button pressed late. */
  textAudioSeconds: 46,
  /** Spec: Score Word audio max 30 s. */
  wordAudioSeconds: 30,
  /** Shortest audio worth scoring: shorter than the shortest English word plus its onset. */
  minAudioSeconds: 0.25,
  /** Spec: Score Word `word` max 300 characters. */
  wordChars: 300,
  /** Not in the spec: 45 s of reading is ~150 words; 2000 characters leaves room for markup. */
  textChars: 2000,
  /**
   * Not in the spec: multiple-choice options per request. Each option is a
   * full alignment of the audio; 400 options on 45 s took over 5 minutes.
   * Quizzes offer a handful; 20 leaves room and bounds the work to 20 alignments.
   */
  maxOptions: 20,
  /**
   * Not in the spec: encoded bytes accepted at all. 46 s of 96 kHz 24-bit
   * stereo WAV is 26 MB; nothing a recorder makes for 46 s comes near 64 MiB.
   */
  maxAudioBytes: 64 * 2 ** 20,
  /** Loudest 25 ms frame below this (dBFS, DC removed) counts as no speech at all. */
  silenceDbfs: -50,
} as const;
