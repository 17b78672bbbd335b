#!/usr/bin/env bash
# Installs exactly the Debian packages CollisionChip needs. Idempotent: when every
# package is already installed it only checks and returns (well under a second).
set -euo pipefail
PACKAGES=(
  build-essential cmake pkg-config util-linux
  verilator yosys                       # RTL simulation, lint, synthesis
  z3                                    # make formal's SMT solver (yosys-smtbmc; docs/formal.md)
  libsystemc-dev                        # SystemC + TLM-2.0
  libgtest-dev libgmock-dev libbenchmark-dev
  python3                               # the robustness suite (tests/robust), scripts/layers.py
  libboost-program-options-dev          # every command line
  libassimp-dev                         # OFF/OBJ/PLY/STL input
  libeigen3-dev                         # linear algebra in the driver
  libcgal-dev libgmp-dev libmpfr-dev    # exact oracle in tests
  libcgal-demo                          # the real test meshes (data.tar.gz)
  nlohmann-json3-dev                    # JSON output
  libfcl-dev                            # software peer in benchmarks
  gnuplot-nox                           # plots
  ccache                                # shared object cache across build trees
  gcovr                                 # make coverage's C++ report (docs/coverage.md)
  linux-perf valgrind                   # scripts/rtl_profile.sh, scripts/rtl_instructions.sh (docs/rtl_simulation.md)
  opensta qflow-tech-osu018             # scripts/sta.sh: OpenSTA, the OSU 0.18 um cell library (docs/timing.md)
  slurm-wlm munge                       # job arrays: scripts/slurm_local.sh's one-node cluster (docs/cluster.md)
)
missing=()
for p in "${PACKAGES[@]}"; do
  dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed" || missing+=("$p")
done
if [ ${#missing[@]} -eq 0 ]; then
  echo "deps: all ${#PACKAGES[@]} packages present"
  exit 0
fi
echo "deps: installing ${missing[*]}"
SUDO=""
[ "$(id -u)" -eq 0 ] || SUDO="sudo"
export DEBIAN_FRONTEND=noninteractive
$SUDO apt-get update -q
$SUDO apt-get install -y -q --no-install-recommends "${missing[@]}"
