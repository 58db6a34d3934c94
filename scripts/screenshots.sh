#!/usr/bin/env bash
# Renders screenshots of the debugger's terminal interface into screenshots/: the bundled
# example app under `oclgrind -i`, at its first stop, at the out-of-bounds read it plants, and
# in its second kernel with local memory shown.
# Needs tmux, colorized-logs (ansi2html) and chromium:
#   apt-get install tmux colorized-logs chromium
set -euo pipefail
cd "$(dirname "$0")/.."

for tool in tmux ansi2html chromium gcc; do
  command -v "$tool" > /dev/null || { echo "screenshots: $tool is needed" >&2; exit 1; }
done
cargo build --release -j2
mkdir -p target/example screenshots
gcc -O2 -Wall examples/app/smooth.c -o target/example/smooth -lOpenCL

work=$(mktemp -d)
server="oclgrind-shots-$$"
trap 'tmux -L "$server" kill-server 2> /dev/null || true; rm -rf "$work"' EXIT
tmux -L "$server" new-session -d -x 120 -y 36 -c examples/app \
  "../../target/release/oclgrind -i --num-threads 1 ../../target/example/smooth; sleep 60"

# Waits until the screen shows $1 (keys sent before that would race the interface).
wait_for() {
  for _ in $(seq 1 600); do
    tmux -L "$server" capture-pane -p | grep -qF "$1" && return 0
    sleep 0.1
  done
  echo "screenshots: '$1' never showed" >&2
  tmux -L "$server" capture-pane -p >&2
  exit 1
}

# shoot NAME: the screen as screenshots/NAME.png.
shoot() {
  tmux -L "$server" capture-pane -p -e > "$work/$1.ansi"
  {
    echo '<html><head><meta charset="utf-8"><style>'
    echo 'body { background: #1d1f21; margin: 8px; }'
    echo 'pre { font-family: "DejaVu Sans Mono", monospace; font-size: 14px; line-height: 1.2; color: #d0d0d0; }'
    echo '</style></head><body><pre>'
    ansi2html -n < "$work/$1.ansi"
    echo '</pre></body></html>'
  } > "$work/$1.html"
  chromium --headless --no-sandbox --disable-gpu --disable-quic --no-first-run \
    --disable-background-networking --disable-component-update --disable-sync \
    --user-data-dir="$work/profile" --hide-scrollbars --window-size=1040,640 \
    --screenshot="$PWD/screenshots/$1.png" "file://$work/$1.html" 2> /dev/null
  echo "screenshots/$1.png"
}

wait_for "int i = get_global_id(0);"
wait_for "│ step │ stopped"
shoot first-stop
tmux -L "$server" send-keys c
wait_for "│ error │ stopped"
wait_for "i = 1023"
shoot out-of-bounds

# A breakpoint in the second kernel, from the first line 18 lines up; on past the error to it,
# then the local scratch array as floats (nine element types on from hex).
tmux -L "$server" send-keys c
wait_for "Kernel 'block_sums' starts."
wait_for "▶17"
tmux -L "$server" send-keys -N 6 j
tmux -L "$server" send-keys b
wait_for "Breakpoint 1 at line 23"
tmux -L "$server" send-keys c
wait_for "Breakpoint 1 hit at line 23"
tmux -L "$server" send-keys a
wait_for "address or expression:"
tmux -L "$server" send-keys -l scratch
tmux -L "$server" send-keys Enter
wait_for "Memory: scratch (hex)"
tmux -L "$server" send-keys -N 9 t
wait_for "Memory: scratch (float)"
tmux -L "$server" send-keys Tab z
wait_for "all groups"
shoot local-memory
