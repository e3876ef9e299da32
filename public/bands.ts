/** The spec's feedback colours: 80–100 green, 70–80 orange, below 70 red. */
export const band = (quality: number) => (quality >= 80 ? 'green' : quality >= 70 ? 'darkorange' : 'crimson');
