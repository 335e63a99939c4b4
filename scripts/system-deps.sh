#!/usr/bin/env bash
# The Debian packages `make test` needs besides Python: chromium (the browser tests drive
# /usr/bin/chromium through Playwright, no browser download), PostgreSQL's server binaries
# (tests/web start a throwaway cluster with initdb and pg_ctl; pg_dump and pg_restore back it
# up), redis-server and tmux (tests/cli/test_tmux_games.py plays in an 80x24 tmux session),
# and the host's kit (tests/web/test_proxies.py and test_systemd_unit.py): caddy, nginx,
# openssl (a test certificate) and systemd (systemd-analyze verify).
# Installs whichever are missing when run as root; otherwise prints the one command to run
# and exits non-zero, before any test starts.
# `scripts/system-deps.sh build` checks only what installing the package needs: a C compiler
# and Python's headers, for the mypyc build of setup.py (skipped with LUDOTECA_PURE=1).
set -euo pipefail

missing=()
python="${PYTHON:-python3}"
if [ -z "${LUDOTECA_PURE:-}" ] || [ "${LUDOTECA_PURE}" = 0 ]; then
  command -v cc >/dev/null || missing+=(gcc)
  headers=$("$python" -c 'import sysconfig; print(sysconfig.get_paths()["include"])')
  [ -f "$headers/Python.h" ] || missing+=(python3-dev)
fi
if [ "${1:-}" != build ]; then
  [ -x /usr/bin/chromium ] || missing+=(chromium)
  postgres_found=no
  for bin in /usr/lib/postgresql/*/bin; do
    if [ -x "$bin/initdb" ] && [ -x "$bin/pg_ctl" ]; then
      postgres_found=yes
    fi
  done
  [ "$postgres_found" = yes ] || missing+=(postgresql)
  [ -x /usr/bin/redis-server ] || missing+=(redis-server)
  [ -x /usr/bin/tmux ] || missing+=(tmux)
  command -v pg_dump >/dev/null && command -v pg_restore >/dev/null || missing+=(postgresql-client)
  [ -x /usr/bin/caddy ] || missing+=(caddy)
  [ -x /usr/sbin/nginx ] || missing+=(nginx)
  command -v openssl >/dev/null || missing+=(openssl)
  command -v systemd-analyze >/dev/null || missing+=(systemd)
fi

if [ "${#missing[@]}" -eq 0 ]; then
  exit 0
fi
command="apt-get update && DEBIAN_FRONTEND=noninteractive apt-get install -y ${missing[*]}"
if [ "$(id -u)" -ne 0 ]; then
  echo "Ludoteca needs ${missing[*]}; run as root: $command" >&2
  exit 1
fi
echo "Installing ${missing[*]} for Ludoteca" >&2
apt-get update
DEBIAN_FRONTEND=noninteractive apt-get install -y "${missing[@]}"
