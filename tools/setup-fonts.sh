#!/usr/bin/env bash
# Installs the fonts the render tests draw the pictures' text in (apt-get, when missing):
# DejaVu Sans, librsvg's sans-serif on Debian, and Liberation Sans, Arial's widths, a
# browser's (`cargo test -p gridsolve-pictures --features render-tests`).
set -euo pipefail

if ! [ -e /usr/share/fonts/truetype/dejavu/DejaVuSans-Bold.ttf ] \
    || ! [ -e /usr/share/fonts/truetype/liberation/LiberationSans-Bold.ttf ]; then
    export DEBIAN_FRONTEND=noninteractive
    apt-get update -qq
    apt-get install -y -qq fonts-dejavu-core fonts-liberation
fi
