/**
 * The v9 wire format, as zod schemas. These are the single source of truth:
 * the TypeScript types below are inferred from them, the engine validates its
 * own responses against them before they leave the API, and
 * `npm run schema` writes them out as JSON Schema under docs/schema/.
 */
import { z } from 'zod';

const int = z.number().int();
/** Begin and end of a stretch of audio, in 10 ms frames. */
export const Extent = z.tuple([int, int]);

/** One score on every scale the spec names; `fluency` only with include_fluency=1. */
function scaleScores<T extends z.ZodType>(value: T) {
  return z.strictObject({ pronunciation: value, fluency: value.optional() });
}
export const CefrLevel = z.enum(['A0', 'A1', 'A2', 'B1', 'B2', 'C1', 'C2']);
export const ScaleScoreFields = {
  ielts_score: scaleScores(z.number().min(0).max(9).multipleOf(0.5)),
  pte_score: scaleScores(z.number().min(10).max(90)),
  service_score: scaleScores(z.number().min(0).max(100)),
  toeic_score: scaleScores(z.number().min(0).max(200)),
  cefr_score: scaleScores(CefrLevel),
};

export const PitchMovement = z.enum(['RISE', 'FALL', 'FLAT', 'REDUCED']).nullable();
/** `[pitch_change_from_previous, pitch_change_in_current]`. */
export const SyllableIntonation = z.tuple([PitchMovement, PitchMovement]);

const quality = z.number().min(0).max(100);
const stressLevel = z.union([z.literal(0), z.literal(1), z.literal(2)]);

export const ChildPhone = z.strictObject({
  extent: Extent,
  quality_score: quality,
  sound_most_like: z.string(),
});

export const PhoneEntry = z.strictObject({
  phone: z.string().regex(/^[a-z]+$/),
  stress_level: stressLevel.nullable(),
  extent: Extent,
  quality_score: quality,
  stress_score: quality.optional(),
  predicted_stress_level: stressLevel.optional(),
  word_extent: Extent.optional(),
  sound_most_like: z.string(),
  child_phones: z.array(ChildPhone).optional(),
});

export const SyllableEntry = z.strictObject({
  phone_count: int.min(1),
  stress_level: stressLevel,
  letters: z.string(),
  quality_score: quality,
  stress_score: quality,
  predicted_stress_level: stressLevel,
  extent: Extent,
  intonation: SyllableIntonation.optional(),
  pitch_range: z.tuple([z.number(), z.number()]).optional(),
});

export const QualityClass = z.enum(['pass', 'fail']);

export const WordEntry = z.strictObject({
  word: z.string(),
  quality_score: quality,
  quality_class: QualityClass,
  phone_score_list: z.array(PhoneEntry),
  syllable_score_list: z.array(SyllableEntry),
  ending_punctuation: z.string().optional(),
});

export const WordIntonation = z.strictObject({
  word: z.string(),
  syllable_intonation_list: z.array(SyllableIntonation),
});

const seconds = z.number().min(0);
const count = int.min(0);
export const FluencyMetrics = z.strictObject({
  segment: Extent,
  duration: seconds,
  articulation_length: seconds,
  syllable_count: count,
  word_count: count,
  correct_syllable_count: count,
  correct_word_count: count,
  speech_rate: z.number().min(0),
  articulation_rate: z.number().min(0),
  syllable_correct_per_minute: z.number().min(0),
  word_correct_per_minute: z.number().min(0),
  all_pause_count: count,
  all_pause_duration: seconds,
  all_pause_list: z.array(Extent),
  mean_length_run: z.number().min(0),
  max_length_run: z.number().min(0),
});

export const SegmentMetrics = FluencyMetrics.extend(ScaleScoreFields);

export const FluencyNode = z.strictObject({
  segment_metrics_list: z.array(SegmentMetrics),
  overall_metrics: FluencyMetrics,
  fluency_version: z.string(),
});

export const ScoreIssue = z.strictObject({
  status: z.literal('warning'),
  short_message: z.string(),
  detail_message: z.string(),
  source: z.string(),
});

export const DetectedDialect = z.strictObject({ lang_id: z.string() });

/** Share of scored phones that sounded most like another phone; 0..1. */
export const InterferenceRatio = z.number().min(0).max(1);

export const TextScore = z.strictObject({
  text: z.string(),
  word_score_list: z.array(WordEntry),
  word_intonation_list: z.array(WordIntonation).optional(),
  ...ScaleScoreFields,
  fluency: FluencyNode.optional(),
  score_issue_list: z.array(ScoreIssue).optional(),
  detected_dialect: DetectedDialect.optional(),
  interference_ratio: InterferenceRatio.optional(),
});

export const WordScore = z.strictObject({
  word: z.string(),
  quality_score: quality,
  quality_class: QualityClass,
  phone_score_list: z.array(PhoneEntry),
  syllable_score_list: z.array(SyllableEntry),
  interference_ratio: InterferenceRatio.optional(),
});

const version = z.string().regex(/^9\.\d+$/);

export const TextSuccessEnvelope = z.strictObject({
  status: z.literal('success'),
  quota_remaining: int,
  version,
  text_score: TextScore,
});

export const WordSuccessEnvelope = z.strictObject({
  status: z.literal('success'),
  version,
  word_score: WordScore,
});

export const ErrorEnvelope = z.strictObject({
  status: z.literal('error'),
  short_message: z.string().regex(/^[a-z_]+$/),
  detail_message: z.string().min(1),
  version,
});

export const TextEnvelope = z.union([TextSuccessEnvelope, ErrorEnvelope]);
export const WordEnvelope = z.union([WordSuccessEnvelope, ErrorEnvelope]);

export type Extent = z.infer<typeof Extent>;
export type CefrLevel = z.infer<typeof CefrLevel>;
export type PitchMovement = z.infer<typeof PitchMovement>;
export type PhoneEntry = z.infer<typeof PhoneEntry>;
export type SyllableEntry = z.infer<typeof SyllableEntry>;
export type WordEntry = z.infer<typeof WordEntry>;
export type WordIntonation = z.infer<typeof WordIntonation>;
export type FluencyMetrics = z.infer<typeof FluencyMetrics>;
export type SegmentMetrics = z.infer<typeof SegmentMetrics>;
export type FluencyNode = z.infer<typeof FluencyNode>;
export type ScoreIssue = z.infer<typeof ScoreIssue>;
export type TextScore = z.infer<typeof TextScore>;
export type WordScore = z.infer<typeof WordScore>;
export type TextSuccessEnvelope = z.infer<typeof TextSuccessEnvelope>;
export type WordSuccessEnvelope = z.infer<typeof WordSuccessEnvelope>;
export type ErrorEnvelope = z.infer<typeof ErrorEnvelope>;
export type TextEnvelope = z.infer<typeof TextEnvelope>;
export type WordEnvelope = z.infer<typeof WordEnvelope>;
