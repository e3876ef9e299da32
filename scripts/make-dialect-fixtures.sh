#!/usr/bin/env bash
# Regenerates test/fixtures/audio/dialect: espeak-ng's RP voice (en-gb-x-rp) and its US voice
# (en-us) reading words whose British and American forms differ, for the en-gb/en-us tests.
# Ogg Opus at 24 kbit/s keeps the 20 files small. Needs espeak-ng and ffmpeg.
set -euo pipefail
cd "$(dirname "$0")/.."
out=test/fixtures/audio/dialect
mkdir -p "$out"
for voice in en-gb-x-rp en-us; do
  for word in car water bath dance tomato schedule better hot new either; do
    espeak-ng -v "$voice" -s 140 -w /tmp/oralis-dialect.wav "$word"
    ffmpeg -nostdin -hide_banner -loglevel error -y -bitexact -i /tmp/oralis-dialect.wav -ar 48000 -c:a libopus -b:a 24k "$out/$word-${voice%%-x-rp}.ogg"
  done
done
rm -f /tmp/oralis-dialect.wav
ls "$out" | wc -l
