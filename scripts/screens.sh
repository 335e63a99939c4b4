#!/bin/sh
# The pictures of docs/screens/ (issue 21): every game mid-game at 1280x800 and 390x844,
# Mystery Date's in Spanish too, the end panel (desktop in English, phone in Spanish),
# party mode's table screen (1280x800) and a phone (390x844) in Gotcha and Mystery Date,
# a step of two lessons (both sizes, both languages),
# taken by the browser tests that check them (viewport-sized PNGs, as chromium writes them).
#   scripts/screens.sh            (needs .venv and Debian's chromium)
set -e
out="${1:-docs/screens}"
mkdir -p "$out"
LUDOTECA_SCREENS="$out" .venv/bin/pytest -q -p no:cacheprovider \
  tests/e2e/test_e2e_family.py -k mid_game
LUDOTECA_SCREENS="$out" .venv/bin/pytest -q -p no:cacheprovider \
  tests/e2e/test_e2e_pictures.py -k spanish
LUDOTECA_SCREENS="$out" .venv/bin/pytest -q -p no:cacheprovider \
  tests/e2e/test_e2e_games.py -k dweebies
LUDOTECA_SCREENS="$out" .venv/bin/pytest -q -p no:cacheprovider \
  tests/e2e/test_e2e_party.py -k play
LUDOTECA_SCREENS="$out" .venv/bin/pytest -q -p no:cacheprovider \
  tests/e2e/test_e2e_lessons.py -k axe
ls -l "$out"
