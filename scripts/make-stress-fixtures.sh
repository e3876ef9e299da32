#!/usr/bin/env bash
# Regenerates test/fixtures/audio/stress: noun/verb stress minimal pairs spoken by espeak-ng from
# phoneme input, so the stress is exactly where the name says ("permit-1" stresses syllable 1 of 2,
# "permit-2" syllable 2). Ogg Opus at 24 kbit/s keeps the 44 files small. Needs espeak-ng and ffmpeg.
set -euo pipefail
cd "$(dirname "$0")/.."
out=test/fixtures/audio/stress
mkdir -p "$out"
# word, first-syllable-stressed phonemes, second-syllable-stressed phonemes (espeak-ng notation)
while read -r word first second; do
  for n in 1 2; do
    phonemes=$([ "$n" = 1 ] && echo "$first" || echo "$second")
    espeak-ng -v en-us -s 140 -w /tmp/oralis-stress.wav "[[$phonemes]]"
    ffmpeg -nostdin -hide_banner -loglevel error -y -i /tmp/oralis-stress.wav -fflags +bitexact -ar 48000 -c:a libopus -b:a 24k "$out/$word-$n.ogg"
  done
done <<'PAIRS'
permit p'3:mIt p3m'It
record r'Ek3d rIk'o@d
object '0bdZEkt @bdZ'Ekt
present pr'Ez@nt prIz'Ent
contract k'0ntrakt k@ntr'akt
conduct k'0ndVkt k@nd'Vkt
conflict k'0nflIkt k@nfl'Ikt
contest k'0ntEst k@nt'Est
convert k'0nv3:t k@nv'3:t
convict k'0nvIkt k@nv'Ikt
desert d'Ez3t dIz'3:t
export 'Ekspo@t Eksp'o@t
import 'Impo@t Imp'o@t
increase 'Inkri:s Inkr'i:s
insult 'InsVlt Ins'Vlt
produce pr'0dju:s pr@d'u:s
progress pr'0grEs pr@gr'Es
project pr'0dZEkt pr@dZ'Ekt
rebel r'Eb@l rIb'El
subject s'VbdZIkt s@bdZ'Ekt
suspect s'VspEkt s@sp'Ekt
survey s'3:veI s3v'eI
PAIRS
rm -f /tmp/oralis-stress.wav
ls "$out" | wc -l
