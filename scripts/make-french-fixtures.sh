#!/usr/bin/env bash
# Regenerates test/fixtures/audio/fr: espeak-ng's French voice (fr-fr) reading one sentence and eleven words, for the
# HTK family's tests (the SPPAS French model, #17). 0.3 s of silence before and after; Ogg Opus at
# 24 kbit/s keeps it small. Needs espeak-ng and ffmpeg.
set -euo pipefail
cd "$(dirname "$0")/.."
out=test/fixtures/audio/fr
mkdir -p "$out"
espeak-ng -v fr-fr -s 140 -w /tmp/oralis-fr.wav "une classe entière qui a bien vu comment ça s'est passé"
ffmpeg -nostdin -hide_banner -loglevel error -y -i /tmp/oralis-fr.wav -fflags +bitexact \
  -af "adelay=300,apad=pad_dur=0.3" -ar 48000 -c:a libopus -b:a 24k "$out/classe-fr-fr.ogg"

# The minimal pairs of issue #17 (poisson/poison, dessus/dessous, vin/vent/vont, rue/roue,
# pécheur/pêcheur), each word alone with 0.3 s of silence either side, for `npm run eval:french`.
for word in poisson poison dessus dessous vin vent vont rue roue pécheur pêcheur; do
  espeak-ng -v fr-fr -s 140 -w /tmp/oralis-fr.wav "$word"
  ffmpeg -nostdin -hide_banner -loglevel error -y -i /tmp/oralis-fr.wav -fflags +bitexact \
    -af "adelay=300,apad=pad_dur=0.3" -ar 48000 -c:a libopus -b:a 24k "$out/$word-fr-fr.ogg"
done
rm -f /tmp/oralis-fr.wav
ls "$out" | wc -l
