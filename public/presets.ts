/** Example texts the demo offers; every word is in CMUdict, so none needs include_unknown_words. */
export const PRESETS = {
  text: [
    'we call it bear',
    // examples/north-wind.ogg reads this one.
    'The north wind and the sun were disputing which was the stronger, when a traveler came along wrapped in a warm cloak.',
    'Are you coming home?',
    'I would like a cup of coffee, please.',
    'She sells sea shells by the sea shore.',
  ],
  word: ['bear', 'sheep', 'ship', 'record', 'photograph', 'thirteen', 'comfortable'],
} as const;

export type Mode = keyof typeof PRESETS;
