#!/usr/bin/env bash
# Renders the PWA's PNG icons from public/icon.svg (Chromium wants a raster icon of at least
# 144 px to offer installation). Needs Debian's librsvg2-bin; the outputs are committed.
set -euo pipefail
cd "$(dirname "$0")/.."
for size in 192 512; do
  rsvg-convert -w "$size" -h "$size" public/icon.svg -o "public/icon-$size.png"
done
