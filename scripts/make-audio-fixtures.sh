#!/usr/bin/env bash
# Regenerates test/fixtures/audio: one short 440 Hz tone in every container and
# sample format the engine accepts, plus a 10 kHz tone for the anti-aliasing test.
# Needs Debian's ffmpeg, espeak-ng and sox. The outputs are committed so tests and CI need none of them.
set -euo pipefail
cd "$(dirname "$0")/.."
out=test/fixtures/audio
mkdir -p "$out"
ff() { ffmpeg -hide_banner -loglevel error -y -bitexact "$@"; }
tone() { echo "sine=frequency=$1:sample_rate=$2:duration=0.3"; }
# Half-scale so lossy codecs have headroom.
vol="volume=0.5"

ff -f lavfi -i "$(tone 440 8000)" -af "$vol" -c:a pcm_u8 "$out/tone440-u8-8k.wav"
ff -f lavfi -i "$(tone 440 16000)" -af "$vol" -c:a pcm_s16le "$out/tone440-s16-16k.wav"
ff -f lavfi -i "$(tone 440 44100)" -af "$vol" -c:a pcm_s24le "$out/tone440-s24-44k1.wav"
ff -f lavfi -i "$(tone 440 48000)" -af "$vol" -c:a pcm_s32le "$out/tone440-s32-48k.wav"
ff -f lavfi -i "$(tone 440 22050)" -af "$vol" -c:a pcm_f32le "$out/tone440-f32-22k05.wav"
ff -f lavfi -i "$(tone 440 11025)" -af "$vol" -c:a pcm_f64le "$out/tone440-f64-11k025.wav"
# Stereo: the tone on the left, silence on the right, so a downmix halves it.
ff -f lavfi -i "$(tone 440 44100)" -af "$vol,pan=stereo|c0=c0|c1=0*c0" -c:a pcm_s16le "$out/tone440-s16-44k1-stereo.wav"
ff -f lavfi -i "$(tone 440 44100)" -af "$vol" -c:a libmp3lame -b:a 64k "$out/tone440.mp3"
ff -f lavfi -i "$(tone 440 44100)" -af "$vol" -c:a aac -b:a 64k "$out/tone440.m4a"
ff -f lavfi -i "$(tone 440 48000)" -af "$vol" -c:a libopus -b:a 32k "$out/tone440-opus.webm"
# Written to a pipe, as a live recorder would: the Segment's size is "unknown".
ff -f lavfi -i "$(tone 440 48000)" -af "$vol" -c:a libopus -b:a 32k -f webm pipe:1 >"$out/tone440-opus-stream.webm"
ff -f lavfi -i "$(tone 440 48000)" -af "$vol" -c:a libopus -b:a 32k "$out/tone440-opus.ogg"
ff -f lavfi -i "$(tone 440 44100)" -af "$vol" -c:a libvorbis -q:a 2 "$out/tone440-vorbis.ogg"
ff -f lavfi -i "$(tone 440 44100)" -af "$vol" -c:a libvorbis -q:a 2 "$out/tone440-vorbis.webm"
ff -f lavfi -i "$(tone 440 44100)" -af "$vol" -c:a pcm_s16be "$out/tone440-s16-44k1.aiff"
ff -f lavfi -i "$(tone 440 44100)" -af "$vol" -c:a flac "$out/tone440.flac"
# Above the 8 kHz Nyquist limit of the 16 kHz output: must be filtered away, not aliased to 6 kHz.
ff -f lavfi -i "$(tone 10000 44100)" -af "$vol" -c:a pcm_f32le "$out/tone10k-f32-44k1.wav"
ls -l "$out"

# The bundled example `npm start` scores: synthesized speech, 16 kHz 16-bit mono (needs espeak-ng and sox).
espeak-ng -v en-us -s 150 -w /tmp/oralis-example.wav "we call it bear"
sox /tmp/oralis-example.wav -D -r 16000 -b 16 examples/we-call-it-bear.wav
rm /tmp/oralis-example.wav

# Minimal pair for the right-text vs wrong-text test, and a ~10 s passage for `npm run bench`.
for w in sheep ship; do
  espeak-ng -v en-us -s 140 -w "/tmp/oralis-$w.wav" "$w"
  sox "/tmp/oralis-$w.wav" -D -r 16000 -b 16 "test/fixtures/audio/speech-$w.wav"
  rm "/tmp/oralis-$w.wav"
done
# The same spoken word in the compressed formats, for the concurrency test (mixed decoders at once).
ff -i test/fixtures/audio/speech-sheep.wav -ar 44100 -c:a libmp3lame -b:a 48k test/fixtures/audio/speech-sheep.mp3
ff -i test/fixtures/audio/speech-sheep.wav -ar 44100 -c:a aac -b:a 48k test/fixtures/audio/speech-sheep.m4a
ff -i test/fixtures/audio/speech-sheep.wav -ar 48000 -c:a libopus -b:a 24k test/fixtures/audio/speech-sheep.ogg
ff -i test/fixtures/audio/speech-sheep.wav -c:a flac test/fixtures/audio/speech-sheep.flac
espeak-ng -v en-us -s 150 -w /tmp/oralis-passage.wav \
  "The north wind and the sun were disputing which was the stronger, when a traveler came along wrapped in a warm cloak."
ffmpeg -hide_banner -loglevel error -y -bitexact -i /tmp/oralis-passage.wav -ar 48000 -c:a libopus -b:a 24k examples/north-wind.ogg
rm /tmp/oralis-passage.wav

# Intonation: the same words as a yes/no question (espeak-ng rises at the end) and as a statement (falls).
espeak-ng -v en-us -s 140 -w /tmp/oralis-question.wav "are you coming home?"
espeak-ng -v en-us -s 140 -w /tmp/oralis-statement.wav "you are coming home."
sox /tmp/oralis-question.wav -D -r 16000 -b 16 test/fixtures/audio/speech-question.wav
sox /tmp/oralis-statement.wav -D -r 16000 -b 16 test/fixtures/audio/speech-statement.wav
rm /tmp/oralis-question.wav /tmp/oralis-statement.wav
