#!/usr/bin/env bash
# Installs the Debian packages Cutlist needs to build and render; with --test,
# also those its tests need. Does nothing when they are all present; uses sudo
# when not root.
set -euo pipefail
packages=(
  pkg-config
  libavformat-dev libavcodec-dev libavutil-dev libswscale-dev libswresample-dev
  libfreetype-dev libharfbuzz-dev libfontconfig-dev fonts-dejavu-core
  libwebp-dev                             # animated WebP (libwebp's animation decoder)
  libass-dev                              # ASS/SSA captions
  libegl-dev libgles-dev libegl-mesa0 libgl1-mesa-dri # shaders (EGL, OpenGL ES 3; Mesa's llvmpipe without a GPU)
  fonts-noto-cjk                          # CJK text in examples/watermark.yaml and titles.yaml
  ffmpeg                                  # tests make media and check outputs with it
  python3 python3-jsonschema python3-yaml # the JSON Schema test
)
testing=false
if [ "${1:-}" = "--test" ]; then
  testing=true
  packages+=(chromium)                    # plays outputs as a browser does
  packages+=(slurm-wlm munge)             # a one-node Slurm cluster runs deploy/slurm
  packages+=(python3-pip)                 # installs the PyPI tools, below
  packages+=(neovim)                      # its built-in LSP client drives `render lsp`
  packages+=(man-db bash-completion)      # read the installed man page and completions
fi
# Python tools the tests run that are on PyPI only: OpenTimelineIO's library reads
# back what `render export` writes, and its adapters (otioconvert with the plugins)
# read edit decision lists; check-jsonschema checks the examples and fixtures against
# the schema independently of scripts/validate-schema.py; pygls's language client
# checks `render lsp`; mcp's client checks `render mcp`.
pypi() { # pypi MODULES PACKAGE...: installs the packages unless python3 imports the modules
  $testing || return 0
  local modules=$1
  shift
  python3 -c "import $modules" 2>/dev/null && return 0
  echo "installing: $* (PyPI)"
  python3 -m pip install --quiet "$@" 2>/dev/null \
    || python3 -m pip install --quiet --break-system-packages "$@"
}
python_tools() {
  pypi "opentimelineio, otio_cmx3600_adapter" opentimelineio opentimelineio-plugins
  pypi check_jsonschema check-jsonschema
  pypi pygls.lsp.client pygls
  pypi mcp.client.stdio mcp          # the reference Model Context Protocol client drives `render mcp`
}
missing=()
for p in "${packages[@]}"; do
  dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed" || missing+=("$p")
done
if [ ${#missing[@]} -eq 0 ]; then
  python_tools
  exit 0
fi
sudo=""
[ "$(id -u)" -eq 0 ] || sudo="sudo"
echo "installing: ${missing[*]}"
$sudo apt-get update -qq
DEBIAN_FRONTEND=noninteractive $sudo apt-get install -y -qq --no-install-recommends "${missing[@]}"
python_tools
