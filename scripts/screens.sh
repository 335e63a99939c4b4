#!/bin/sh
# The pictures of docs/screens/ (issue 21): every game mid-game at 1280x800 and 390x844,
# taken by the browser test that checks them, then reduced to 128-colour PNGs.
#   scripts/screens.sh            (needs .venv, Debian's chromium and ImageMagick's convert)
set -e
out="${1:-docs/screens}"
mkdir -p "$out"
LUDOTECA_SCREENS="$out" .venv/bin/pytest -q -p no:cacheprovider \
  tests/e2e/test_e2e_family.py -k mid_game
for png in "$out"/*.png; do
  convert "$png" -strip -colors 128 "PNG8:$png"
done
ls -l "$out"
