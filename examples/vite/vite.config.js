import oralis from 'oralis/vite';

// The plugin serves the models under oralis/ (and writes them into the build), where createScorer looks.
export default { plugins: [oralis()] };
