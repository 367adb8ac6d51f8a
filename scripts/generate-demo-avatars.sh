#!/usr/bin/env bash
# Synthetic, non-figurative demo avatars (db/seed/media/avatars/<slug>.jpg): 256×256 abstract patterns made by
# ffmpeg's lavfi sources, one per demo creator that has one. Nothing here is a photograph or a person.
set -euo pipefail
out="$(dirname "$0")/../db/seed/media/avatars"
mkdir -p "$out"
frame() { ffmpeg -loglevel error -y -f lavfi -i "$2" -frames:v 1 -q:v 4 "$out/$1.jpg"; }
frame nova-reyes "gradients=s=256x256:c0=0x2b1055:c1=0xd53369:c2=0xf7b733:n=3:seed=7:type=radial"
frame luna-ferro "color=c=black:s=256x256,geq=r='40+30*sin(Y/11)':g='110+90*sin((X+Y)/21)':b='170+80*cos(X/13)'"
frame iris-montano "color=c=0x1d1b2f:s=256x256,geq=r='128+100*sin(hypot(X-128,Y-128)/9)':g='60+50*sin(X/17)':b='150+90*cos(Y/23)'"
frame kai-solano "mandelbrot=s=256x256:start_scale=1.5:maxiter=200"
frame sol-marin "gradients=s=256x256:c0=0xff512f:c1=0xf09819:c2=0x3a1c71:n=3:seed=5:type=radial"
frame vega-lux "color=c=black:s=256x256,geq=r='255*gt(mod(X+Y,64),32)':g='90+80*sin(X/20)':b='200*gt(mod(X-Y+256,48),24)'"
