#!/usr/bin/env bash
#
# Generate the project's synthetic, non-explicit demo media.
#
# Produces 36 short portrait clips (360x640, 24 fps, H.264 + AAC, 6-12 s)
# built only from ffmpeg's lavfi test-pattern / abstract-motion sources, three
# JPEG thumbnails per clip (at ~10%, ~50% and ~90% of the clip) and a
# manifest.json describing them. Output goes to db/seed/media/ and is
# committed to the repository: the app never needs ffmpeg at runtime.
#
# Usage:  npm run media:generate      (or: bash scripts/generate-demo-media.sh)
#
# The script is idempotent: it removes previously generated clips, thumbnails
# and the manifest before regenerating them (db/seed/media/README.md is kept).
# All random sources use fixed seeds, the encoder runs single-threaded (x264's
# VBV rate control is not reproducible with frame threads) and muxing uses
# bit-exact flags, so re-runs with the same ffmpeg build give identical files.

set -euo pipefail
export LC_ALL=C

ROOT_DIR="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
OUT_DIR="${ROOT_DIR}/db/seed/media"

CLIP_COUNT=36
WIDTH=360
HEIGHT=640
FPS=24
CRF="${DEMO_MEDIA_CRF:-32}"
# Cap the video bitrate so busy patterns (fractals, cellular automata) stay small.
MAXRATE="${DEMO_MEDIA_MAXRATE:-96k}"
BUFSIZE="${DEMO_MEDIA_BUFSIZE:-192k}"
THUMB_QUALITY=5
AUDIO_BITRATE=64k
MAX_TOTAL_BYTES=$((9 * 1024 * 1024))

die() {
  echo "generate-demo-media: error: $*" >&2
  exit 1
}

# --- Preconditions -----------------------------------------------------------

command -v ffmpeg >/dev/null 2>&1 \
  || die "ffmpeg was not found on PATH. Install ffmpeg (e.g. 'apt-get install ffmpeg' or 'brew install ffmpeg') to regenerate the demo media."
command -v ffprobe >/dev/null 2>&1 \
  || die "ffprobe (part of ffmpeg) was not found on PATH. Install ffmpeg to regenerate the demo media."
command -v awk >/dev/null 2>&1 || die "awk is required."

FFMPEG_FILTERS="$(ffmpeg -hide_banner -filters 2>/dev/null || true)"
FFMPEG_ENCODERS="$(ffmpeg -hide_banner -encoders 2>/dev/null || true)"

grep -qE '^ V[^ ]* libx264 ' <<<"${FFMPEG_ENCODERS}" \
  || die "this ffmpeg build has no libx264 encoder; install an ffmpeg built with --enable-libx264."
grep -qE '^ A[^ ]* aac ' <<<"${FFMPEG_ENCODERS}" \
  || die "this ffmpeg build has no native aac encoder."

has_filter() {
  grep -qE "^ [^ ]+ $1 " <<<"${FFMPEG_FILTERS}"
}

for required in testsrc2 smptehdbars mandelbrot life cellauto rgbtestsrc geq hue \
  drawbox overlay color sine; do
  has_filter "${required}" || die "this ffmpeg build lacks the '${required}' filter."
done

HAS_GRADIENTS=0
has_filter gradients && HAS_GRADIENTS=1
HAS_SIERPINSKI=0
has_filter sierpinski && HAS_SIERPINSKI=1
HAS_COLORSPECTRUM=0
has_filter colorspectrum && has_filter scroll && HAS_COLORSPECTRUM=1

# Optional "Demo NN" label: only when drawtext exists and a font can be found.
LABEL_FONT=""
if has_filter drawtext; then
  if command -v fc-match >/dev/null 2>&1; then
    LABEL_FONT="$(fc-match -f '%{file}' 'DejaVu Sans:bold' 2>/dev/null || true)"
  fi
  if [[ -z "${LABEL_FONT}" || ! -f "${LABEL_FONT}" ]]; then
    for candidate in \
      /usr/share/fonts/truetype/dejavu/DejaVuSans-Bold.ttf \
      /usr/share/fonts/TTF/DejaVuSans-Bold.ttf \
      /Library/Fonts/Arial.ttf \
      /System/Library/Fonts/Supplemental/Arial.ttf; do
      if [[ -f "${candidate}" ]]; then
        LABEL_FONT="${candidate}"
        break
      fi
    done
  fi
  [[ -f "${LABEL_FONT}" ]] || LABEL_FONT=""
fi

# --- Helpers -------------------------------------------------------------------

# Floating point helper: calc '<awk expression>'
calc() {
  awk "BEGIN { printf \"%.3f\", $1 }"
}

# Duration of clip i (1-based): 6.0 .. 12.0 s in 0.5 s steps, spread out.
clip_duration() {
  local i=$1
  calc "6 + (($i * 5) % 13) * 0.5"
}

# Low, pleasant sine tones (pentatonic-ish), one per clip.
clip_tone() {
  local i=$1
  local -a steps=(0 2 4 7 9 12 14 16 19 21)
  local step=${steps[$(((i * 3) % ${#steps[@]}))]}
  calc "220 * 2 ^ ($step / 12)"
}

# Sets PATTERN and GRAPH (a filtergraph whose final output pad is [base],
# sized WIDTHxHEIGHT at FPS) for clip i with duration d.
build_pattern() {
  local i=$1 d=$2
  local slot=$(((i - 1) % 12))
  local k=$(((i - 1) / 12)) # variant 0..2
  local s="${WIDTH}x${HEIGHT}"
  local half="$((WIDTH / 2))x$((HEIGHT / 2))"
  local eighth="$((WIDTH / 8))x$((HEIGHT / 8))"

  # Fall back to always-available patterns if an optional source is missing.
  if [[ ${slot} -eq 5 && ${HAS_GRADIENTS} -eq 0 ]]; then slot=7; fi
  if [[ ${slot} -eq 9 && ${HAS_SIERPINSKI} -eq 0 ]]; then slot=10; fi
  if [[ ${slot} -eq 11 && ${HAS_COLORSPECTRUM} -eq 0 ]]; then slot=0; fi

  case ${slot} in
    0)
      PATTERN="testsrc2"
      GRAPH="testsrc2=s=${s}:r=${FPS}:d=${d},hue=h=$((k * 120)):s=1.2[base]"
      ;;
    1)
      PATTERN="smptehdbars"
      local dir=$((k % 2 == 0 ? 1 : 2))
      local sweep_colors=(0xffffff@0.55 0x00ffff@0.5 0xff00ff@0.5)
      GRAPH="smptehdbars=s=${HEIGHT}x${WIDTH}:r=${FPS}:d=${d},transpose=${dir}[bars];"
      GRAPH+="color=c=${sweep_colors[$k]}:s=${WIDTH}x56:r=${FPS}:d=${d},format=yuva420p,"
      GRAPH+="drawbox=x=0:y=0:w=iw:h=ih:c=white@0.9:t=3[sweep];"
      GRAPH+="[bars][sweep]overlay=x=0:y='mod(t*$((140 + k * 40)),H+h)-h':eval=frame:shortest=1[base]"
      ;;
    2)
      PATTERN="mandelbrot"
      local -a sx=(-0.743643887037151 -0.7453 -0.16070135)
      local -a sy=(-0.131825904205330 0.1127 1.0375665)
      local -a outer=(normalized_iteration_count iteration_count normalized_iteration_count)
      GRAPH="mandelbrot=s=${half}:r=${FPS}:maxiter=256:start_x=${sx[$k]}:start_y=${sy[$k]}"
      GRAPH+=":start_scale=3:end_scale=0.1:end_pts=$(calc "${d} * ${FPS} * 1.5"):outer=${outer[$k]},"
      GRAPH+="trim=duration=${d},hue=h=$((k * 110)),scale=${WIDTH}:${HEIGHT}:flags=bicubic[base]"
      ;;
    3)
      PATTERN="life"
      local -a lc=(0xffd23f 0x3bceac 0xee4266)
      local -a dc=(0x540d6e 0x0e1b4d 0x1b3a2f)
      local -a mc=(0x0ead69 0xff6f59 0x4d9de0)
      GRAPH="life=s=${eighth}:r=$((FPS / 3)):ratio=0.$((2 + k)):seed=$((1000 + i)):mold=$((8 + k * 6))"
      GRAPH+=":life_color=${lc[$k]}:death_color=${dc[$k]}:mold_color=${mc[$k]},"
      GRAPH+="fps=${FPS},trim=duration=${d},scale=${WIDTH}:${HEIGHT}:flags=neighbor[base]"
      ;;
    4)
      PATTERN="cellauto"
      local -a rules=(30 90 110)
      local -a lut=(
        "r='if(val,255,24)':g='if(val,140,16)':b='if(val,40,64)'"
        "r='if(val,90,10)':g='if(val,220,30)':b='if(val,255,40)'"
        "r='if(val,250,40)':g='if(val,90,10)':b='if(val,200,30)'"
      )
      GRAPH="cellauto=s=${eighth}:r=${FPS}:rule=${rules[$k]}:ratio=0.5:seed=$((2000 + i)):full=1,"
      GRAPH+="trim=duration=${d},format=rgb24,lutrgb=${lut[$k]},scale=${WIDTH}:${HEIGHT}:flags=neighbor[base]"
      ;;
    5)
      PATTERN="gradients"
      local -a types=(radial circular spiral)
      local -a c0=(0x12c2e9 0xf953c6 0x00b09b)
      local -a c1=(0xc471ed 0xb91d73 0x96c93d)
      local -a c2=(0xf64f59 0x4a00e0 0xfdbb2d)
      GRAPH="gradients=s=${s}:r=${FPS}:d=${d}:type=${types[$k]}:n=3:c0=${c0[$k]}:c1=${c1[$k]}:c2=${c2[$k]}"
      GRAPH+=":speed=0.0$((2 + k)):seed=$((3000 + i))[base]"
      ;;
    6)
      PATTERN="rgbtestsrc"
      GRAPH="rgbtestsrc=s=${s}:r=${FPS}:d=${d},hue=h='t*$((30 + k * 15))':s=1[bg];"
      GRAPH+="color=c=white@0.8:s=96x96:r=${FPS}:d=${d},format=yuva420p,"
      GRAPH+="drawbox=x=12:y=12:w=72:h=72:c=black@0.6:t=fill[dot];"
      GRAPH+="[bg][dot]overlay=x='(W-w)*(0.5+0.45*sin(t*$((11 + k * 3))/10))'"
      GRAPH+=":y='(H-h)*(0.5+0.45*cos(t*$((7 + k * 2))/10))':eval=frame:shortest=1[base]"
      ;;
    7)
      PATTERN="geq-plasma"
      local f1=$((9 + k * 4)) f2=$((13 + k * 3)) f3=$((7 + k * 2))
      GRAPH="color=c=black:s=${half}:r=${FPS}:d=${d},format=rgb24,"
      GRAPH+="geq=r='128+127*sin(X/${f1}+T*1.7)*cos(Y/$((f1 + 6))-T*0.7)'"
      GRAPH+=":g='128+127*sin((X+Y)/${f2}+T*1.3)'"
      GRAPH+=":b='128+127*sin(hypot(X-W/2,Y-H/2)/${f3}-T*2.1)',"
      GRAPH+="scale=${WIDTH}:${HEIGHT}:flags=bicubic[base]"
      ;;
    8)
      PATTERN="drawbox-shapes"
      local -a bgc=(0x1b1f3a 0x0b3d2e 0x3a1b2f)
      GRAPH="color=c=${bgc[$k]}:s=${s}:r=${FPS}:d=${d},"
      GRAPH+="drawbox=x=20:y=20:w=iw-40:h=ih-40:c=white@0.25:t=2,"
      GRAPH+="drawbox=x=iw/2-1:y=20:w=2:h=ih-40:c=white@0.15:t=fill,"
      GRAPH+="drawbox=x=20:y=ih/2-1:w=iw-40:h=2:c=white@0.15:t=fill[bg];"
      GRAPH+="color=c=0xff7f50:s=110x110:r=${FPS}:d=${d},drawbox=x=15:y=15:w=80:h=80:c=0xffd166:t=8[sq];"
      GRAPH+="color=c=0x06d6a0:s=70x180:r=${FPS}:d=${d},drawbox=x=0:y=0:w=iw:h=ih:c=0x118ab2:t=6[bar];"
      GRAPH+="color=c=0xef476f:s=60x60:r=${FPS}:d=${d}[dot];"
      GRAPH+="[bg][sq]overlay=x='(W-w)*(0.5+0.45*sin(t*$((9 + k)).0/10))':y='(H-h)*(0.5+0.45*sin(t*0.$((7 + k))+1))':eval=frame:shortest=1[s1];"
      GRAPH+="[s1][bar]overlay=x='(W-w)*(0.5+0.45*cos(t*0.$((5 + k))))':y='mod(t*$((90 + 20 * k)),H+h)-h':eval=frame:shortest=1[s2];"
      GRAPH+="[s2][dot]overlay=x='(W-w)*abs(sin(t*1.$((1 + k))))':y='(H-h)*abs(cos(t*0.$((8 + k))))':eval=frame:shortest=1[base]"
      ;;
    9)
      PATTERN="sierpinski"
      local -a types=(carpet triangle carpet)
      local -a lut=(
        "r='if(gt(val,127),255,40)':g='if(gt(val,127),200,20)':b='if(gt(val,127),90,70)'"
        "r='if(gt(val,127),120,10)':g='if(gt(val,127),255,40)':b='if(gt(val,127),200,50)'"
        "r='if(gt(val,127),150,60)':g='if(gt(val,127),190,10)':b='if(gt(val,127),255,40)'"
      )
      GRAPH="sierpinski=s=${eighth}:r=$((FPS / 2)):type=${types[$k]}:seed=$((4000 + i)):jump=$((10 + k * 6)),"
      GRAPH+="fps=${FPS},trim=duration=${d},format=rgb24,lutrgb=${lut[$k]},"
      GRAPH+="scale=${WIDTH}:${HEIGHT}:flags=neighbor[base]"
      ;;
    10)
      PATTERN="geq-rings"
      local ring=$((6 + k * 3))
      GRAPH="color=c=black:s=${half}:r=${FPS}:d=${d},format=rgb24,"
      GRAPH+="geq=r='128+127*sin(hypot(X-W/2,Y-H/3)/${ring}-T*4)'"
      GRAPH+=":g='128+127*sin(hypot(X-W/3,Y-2*H/3)/$((ring + 2))-T*3)'"
      GRAPH+=":b='128+127*sin(hypot(X-2*W/3,Y-H/2)/$((ring + 4))-T*2)',"
      GRAPH+="scale=${WIDTH}:${HEIGHT}:flags=bicubic[base]"
      ;;
    11)
      PATTERN="colorspectrum"
      local -a ctype=(black white all)
      GRAPH="colorspectrum=s=${s}:r=${FPS}:d=${d}:type=${ctype[$k]},"
      GRAPH+="scroll=h=0.00$((3 + k * 2)):v=0.00$((2 + k))[base]"
      ;;
  esac
}

# --- Generation ----------------------------------------------------------------

mkdir -p "${OUT_DIR}"
rm -f "${OUT_DIR}"/clip-*.mp4 "${OUT_DIR}"/clip-*_thumb*.jpg "${OUT_DIR}/manifest.json"

FFMPEG=(ffmpeg -hide_banner -nostdin -loglevel error -y)
BITEXACT=(-fflags +bitexact -flags:v +bitexact -flags:a +bitexact -map_metadata -1 -map_chapters -1)

echo "Generating ${CLIP_COUNT} synthetic demo clips into ${OUT_DIR#"${ROOT_DIR}"/}"
if [[ -n "${LABEL_FONT}" ]]; then
  echo "  label: drawtext with ${LABEL_FONT}"
else
  echo "  label: skipped (drawtext or a usable font is not available)"
fi

MANIFEST_ENTRIES=()
SUMMARY_LINES=()
total_bytes=0

for ((i = 1; i <= CLIP_COUNT; i++)); do
  n="$(printf '%02d' "${i}")"
  name="clip-${n}"
  mp4="${OUT_DIR}/${name}.mp4"
  d="$(clip_duration "${i}")"
  tone="$(clip_tone "${i}")"
  fade_out_start="$(calc "${d} - 0.8")"

  build_pattern "${i}" "${d}"

  video_tail="[base]"
  if [[ -n "${LABEL_FONT}" ]]; then
    video_tail+="drawtext=fontfile='${LABEL_FONT}':text='Demo ${n}':fontsize=20"
    video_tail+=":fontcolor=white@0.9:box=1:boxcolor=black@0.45:boxborderw=6:x=16:y=h-th-22,"
  else
    video_tail+="null,"
  fi
  video_tail+="setsar=1,format=yuv420p[v]"

  audio="sine=f=${tone}:sample_rate=44100:d=${d},volume=0.2,"
  audio+="afade=t=in:st=0:d=0.5,afade=t=out:st=${fade_out_start}:d=0.8[a]"

  "${FFMPEG[@]}" \
    -filter_complex "${GRAPH};${video_tail};${audio}" \
    -map '[v]' -map '[a]' -t "${d}" \
    -c:v libx264 -profile:v main -pix_fmt yuv420p -preset slow -crf "${CRF}" \
    -maxrate "${MAXRATE}" -bufsize "${BUFSIZE}" \
    -g 48 -threads 1 \
    -c:a aac -b:a "${AUDIO_BITRATE}" -ac 1 -ar 44100 \
    "${BITEXACT[@]}" -movflags +faststart \
    "${mp4}" \
    || die "ffmpeg failed while encoding ${name}.mp4 (pattern ${PATTERN})"

  duration="$(ffprobe -v error -show_entries format=duration -of default=nw=1:nk=1 "${mp4}")"
  [[ -n "${duration}" ]] || die "ffprobe could not read the duration of ${name}.mp4"

  thumbs=("${name}_thumb.jpg" "${name}_thumb2.jpg" "${name}_thumb3.jpg")
  fractions=(0.1 0.5 0.9)
  for t in 0 1 2; do
    at="$(calc "${duration} * ${fractions[$t]}")"
    "${FFMPEG[@]}" -ss "${at}" -i "${mp4}" -frames:v 1 -an \
      -vf "scale=${WIDTH}:${HEIGHT}" -q:v "${THUMB_QUALITY}" \
      -fflags +bitexact -flags:v +bitexact -map_metadata -1 -update 1 \
      "${OUT_DIR}/${thumbs[$t]}" \
      || die "ffmpeg failed while extracting ${thumbs[$t]}"
  done

  bytes="$(wc -c <"${mp4}" | tr -d ' ')"
  duration1="$(awk -v x="${duration}" 'BEGIN { printf "%.1f", x }')"
  total_bytes=$((total_bytes + bytes))

  MANIFEST_ENTRIES+=("$(printf '  {\n    "file": "%s",\n    "durationSeconds": %s,\n    "bytes": %s,\n    "thumbnails": ["%s", "%s", "%s"],\n    "pattern": "%s"\n  }' \
    "${name}.mp4" "${duration1}" "${bytes}" "${thumbs[0]}" "${thumbs[1]}" "${thumbs[2]}" "${PATTERN}")")
  SUMMARY_LINES+=("$(printf '%-12s %-16s %6ss %8s B' "${name}.mp4" "${PATTERN}" "${duration1}" "${bytes}")")
  printf '  [%2d/%d] %s\n' "${i}" "${CLIP_COUNT}" "${SUMMARY_LINES[-1]}"
done

# --- Manifest ------------------------------------------------------------------

{
  echo "["
  for ((j = 0; j < ${#MANIFEST_ENTRIES[@]}; j++)); do
    if ((j < ${#MANIFEST_ENTRIES[@]} - 1)); then
      printf '%s,\n' "${MANIFEST_ENTRIES[$j]}"
    else
      printf '%s\n' "${MANIFEST_ENTRIES[$j]}"
    fi
  done
  echo "]"
} >"${OUT_DIR}/manifest.json"

# --- Summary -------------------------------------------------------------------

dir_bytes=0
for f in "${OUT_DIR}"/*; do
  [[ -f "${f}" ]] || continue
  dir_bytes=$((dir_bytes + $(wc -c <"${f}" | tr -d ' ')))
done

echo
echo "Done: ${CLIP_COUNT} clips, $((CLIP_COUNT * 3)) thumbnails, manifest.json"
echo "  clips total:      $((total_bytes / 1024)) KiB"
echo "  directory total:  $((dir_bytes / 1024)) KiB ($(du -sh "${OUT_DIR}" | cut -f1) on disk)"

if ((dir_bytes > MAX_TOTAL_BYTES)); then
  die "db/seed/media is $((dir_bytes / 1024)) KiB, above the $((MAX_TOTAL_BYTES / 1024)) KiB budget; raise DEMO_MEDIA_CRF (currently ${CRF}) or lower DEMO_MEDIA_MAXRATE (currently ${MAXRATE})."
fi
