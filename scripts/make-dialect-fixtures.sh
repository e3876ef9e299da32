#!/usr/bin/env bash
# Regenerates test/fixtures/audio/dialect: espeak-ng's RP voice (en-gb-x-rp) and its US voice
# (en-us) reading words whose British and American forms differ, and sentences made of such
# words, for the en-gb/en-us tests and `npm run eval:dialect`. The sentences' texts are in
# sentences.txt (one per line, sentence-<line>-<voice>.ogg). Ogg Opus at 24 kbit/s keeps the
# files small. Needs espeak-ng and ffmpeg.
set -euo pipefail
cd "$(dirname "$0")/.."
out=test/fixtures/audio/dialect
mkdir -p "$out"
say() { # voice, text, file
  espeak-ng -v "$1" -s 140 -w /tmp/oralis-dialect.wav "$2"
  ffmpeg -nostdin -hide_banner -loglevel error -y -i /tmp/oralis-dialect.wav -fflags +bitexact -ar 48000 -c:a libopus -b:a 24k "$out/$3"
}
for voice in en-gb-x-rp en-us; do
  for word in car water bath dance tomato schedule better hot new either; do
    say "$voice" "$word" "$word-${voice%%-x-rp}.ogg"
  done
  line=0
  while IFS= read -r sentence; do
    line=$((line + 1))
    say "$voice" "$sentence" "sentence-$line-${voice%%-x-rp}.ogg"
  done < "$out/sentences.txt"
done
rm -f /tmp/oralis-dialect.wav
ls "$out" | wc -l
