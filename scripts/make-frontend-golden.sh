#!/usr/bin/env bash
# Regenerates test/fixtures/sphinx-fe-golden.txt: the cepstra Debian's sphinx_fe
# (sphinxbase-utils) computes for examples/we-call-it-bear.wav with the acoustic
# model's feat.params. Noise and silence removal are off: they are adaptive
# enhancements outside the trained feature definition, and our front end omits them.
set -euo pipefail
cd "$(dirname "$0")/.."
sphinx_fe -i examples/we-call-it-bear.wav -mswav yes -o test/fixtures/sphinx-fe-golden.txt -ofmt text \
  -samprate 16000 -lowerf 130 -upperf 6800 -nfilt 25 -transform dct -lifter 22 \
  -remove_noise no -remove_silence no -dither no 2>/dev/null
wc -l test/fixtures/sphinx-fe-golden.txt
