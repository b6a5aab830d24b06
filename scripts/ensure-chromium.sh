#!/usr/bin/env bash
# Makes sure Debian's Chromium is at /usr/bin/chromium for the browser tests (playwright.config.ts
# launches it directly; Playwright's own browser download does not work here and is never used).
# Fast and silent when Chromium is already installed; otherwise installs Debian's `chromium`
# package with apt-get, which needs root.
set -euo pipefail

CHROMIUM=/usr/bin/chromium

if [ -x "$CHROMIUM" ]; then
  exit 0
fi

echo "ensure-chromium: $CHROMIUM is missing; installing Debian's chromium package." >&2

if [ "$(id -u)" -ne 0 ]; then
  echo "ensure-chromium: error: installing chromium needs root (run as root, or install it" \
    "yourself: apt-get install chromium)." >&2
  exit 1
fi

if ! command -v apt-get >/dev/null 2>&1; then
  echo "ensure-chromium: error: apt-get not found; install Chromium at $CHROMIUM by hand." >&2
  exit 1
fi

export DEBIAN_FRONTEND=noninteractive
if ! apt-get update -q >&2; then
  echo "ensure-chromium: error: apt-get update failed." >&2
  exit 1
fi
if ! apt-get install -y -q --no-install-recommends chromium >&2; then
  echo "ensure-chromium: error: apt-get install chromium failed." >&2
  exit 1
fi

if [ ! -x "$CHROMIUM" ]; then
  echo "ensure-chromium: error: chromium installed but $CHROMIUM is still missing." >&2
  exit 1
fi

echo "ensure-chromium: installed $("$CHROMIUM" --version 2>/dev/null || echo chromium)." >&2
