#!/usr/bin/env bash
# Regenerates test/fixtures/audio/es: espeak-ng's Castilian voice (es) and its Latin American
# voice (es-419) reading the words whose es-es and es-mx forms differ (distinción/seseo,
# /ʎ/ and yeísmo), the minimal pairs of issue #16 and two letter names, for the Spanish tests and
# `npm run eval:spanish`. Each word gets 0.3 s of silence before and after it, as a recording
# made with a button has. Ogg Opus at 24 kbit/s keeps the files small. Needs espeak-ng and ffmpeg.
set -euo pipefail
cd "$(dirname "$0")/.."
out=test/fixtures/audio/es
mkdir -p "$out"
for voice in es es-419; do
  for word in zapato cielo cerveza lluvia calle pero perro caro carro casa caza pollo poyo jota eñe; do
    espeak-ng -v "$voice" -s 140 -w /tmp/oralis-es.wav "$word"
    ffmpeg -nostdin -hide_banner -loglevel error -y -i /tmp/oralis-es.wav -fflags +bitexact \
      -af "adelay=300,apad=pad_dur=0.3" -ar 48000 -c:a libopus -b:a 24k "$out/$word-$voice.ogg"
  done
done
rm -f /tmp/oralis-es.wav
ls "$out" | wc -l

# The Spanish example passage (the IPA's "El viento norte y el sol", Castilian voice) for the README and
# `npm run bench`'s Spanish timing, as examples/north-wind.ogg is for English.
espeak-ng -v es -s 150 -w /tmp/oralis-es.wav \
  "El viento norte y el sol porfiaban sobre cuál de ellos era el más fuerte, cuando acertó a pasar un viajero envuelto en ancha capa."
ffmpeg -nostdin -hide_banner -loglevel error -y -i /tmp/oralis-es.wav -fflags +bitexact -ar 48000 -c:a libopus -b:a 24k examples/viento-norte.ogg
rm -f /tmp/oralis-es.wav
