# CollisionChip — thin front end over CMake. `make help` lists the targets.
BUILD    ?= build
JOBS     ?= 2
CONFIG   ?= Release
# One build at a time on this machine (helpers and worktrees share the two cores). -o: the
# command does not inherit the lock's file descriptor, so a daemon a test starts (the Slurm
# test's cluster) cannot keep the lock after the run.
export CCACHE_BASEDIR := $(CURDIR)
LOCK     := flock -o /tmp/collisionchip-build.lock
CMAKE_FLAGS ?=
MESHES   := $(BUILD)/meshes
BIN      := $(BUILD)/bin

.PHONY: help deps configure build test demo bench results pareto soak coverage mutants lint synth timing sta meshes gen pgo formal clean

help:
	@echo "make deps     install the Debian packages the project needs (idempotent)"
	@echo "make build    configure and build everything (-j$(JOBS))"
	@echo "make test     build, then run the whole GoogleTest suite (ctest)"
	@echo "make demo     one bunny00:armadillo query on golden, TLM and the paper RTL compared, then Table 1 (golden)"
	@echo "make bench    benchmarks (ratios measured side by side), then make results"
	@echo "make results  the performance study: docs/results.md's tables and plots (cc_perf; ~8 min; STEPS=N)"
	@echo "make soak     long randomized runs (10^6+ vectors per unit)"
	@echo "make coverage RTL line/toggle and C++ line coverage of make test's suite, in $(BUILD)-coverage (docs/coverage.md)"
	@echo "make mutants  every mutant of scripts/mutants.txt must fail make test's tests (docs/testing.md; ~30 min)"
	@echo "make lint     verilator --lint-only -Wall over rtl/ and every other chip the rtl backend builds"
	@echo "make synth    yosys synth of every RTL unit, latch check, cell counts"
	@echo "make formal   k-induction proofs of the small RTL units' invariants, each shown able to fail (docs/formal.md)"
	@echo "make pareto   time against area of every chip make timing measured (TLM, cells), plot in $(BUILD)/pareto (docs/results.md)"
	@echo "make timing   logic depth of every chip the rtl backend builds, configured vs achievable clocks (docs/timing.md)"
	@echo "make sta      OpenSTA on the OSU 0.18 um cell library: critical paths of the deepest units, FO4 (docs/timing.md; ~1 min)"
	@echo "make meshes   extract the libcgal-demo meshes into $(MESHES)"
	@echo "make gen      regenerate rtl/ and docs/ files derived from the C++ spec and the sources"
	@echo "make pgo      the Verilated chips with GCC's profile-guided optimisation, in $(BUILD)-pgo (docs/rtl_simulation.md)"

deps:
	@scripts/deps.sh

# Re-run every time (a second): parts appear as their folders get a CMakeLists.txt.
configure: deps
	$(LOCK) cmake -S . -B $(BUILD) -DCMAKE_BUILD_TYPE=$(CONFIG) $(CMAKE_FLAGS) >/dev/null

build: configure
	$(LOCK) cmake --build $(BUILD) -j$(JOBS)

meshes: deps
	@scripts/meshes.sh $(MESHES)

test: build meshes
	cd $(BUILD) && $(LOCK) ctest --output-on-failure -j$(JOBS) -LE soak --timeout 900

soak: build meshes
	cd $(BUILD) && $(LOCK) ctest --output-on-failure -L soak --timeout 7200

# Not part of make test: a separate instrumented build tree, its own lock holds (docs/coverage.md).
coverage: deps
	@scripts/coverage.sh $(BUILD)-coverage

# Not part of make test: a scratch worktree under /tmp, rebuilt per mutant.
mutants: meshes
	@scripts/mutants.sh $(MUTANTS)

# Only what it runs: collide_paper (collide with the paper chip's RTL alone) and the
# libraries it links. One real-mesh query on golden, TLM and RTL, compared in results,
# counters and cycles, with the RTL's waveform; then Table 1 over 36 poses on golden.
DEMO_MESHES := --a $(MESHES)/bunny00.off --b $(MESHES)/armadillo.off --normalize
demo: configure meshes
	$(LOCK) cmake --build $(BUILD) -j$(JOBS) --target collide_paper
	@echo "== one query, mode first, on golden, TLM and the paper chip's RTL (waveform: $(BUILD)/demo.fst)"
	CC_TRACE=$(BUILD)/demo.fst $(BIN)/collide_paper $(DEMO_MESHES) --pose 1 1 1 120 0.5 0 0 --mode first \
	  --config paper --cosim golden,tlm,rtl --no-sw
	@echo "== Table 1 over 36 poses on golden, mode all (JSON: $(BUILD)/demo.json)"
	$(BIN)/collide_paper $(DEMO_MESHES) --sweep 36 --offset 0.5 0 0 --backend golden -q --json $(BUILD)/demo.json

# The issue's "make bench regenerates docs/results.md and the plots": the study runs last.
bench: build meshes
	@scripts/bench.sh $(BUILD)
	@bench/results.sh $(BUILD)

results: build meshes
	@bench/results.sh $(BUILD)

lint: configure
	@scripts/lint.sh
	@$(LOCK) cmake --build $(BUILD) --target lint_variants

synth: deps
	@scripts/synth.sh $(BUILD)/synth

formal: deps
	@scripts/formal.sh $(BUILD)/formal

# Synthesizes each chip once (cached in $(BUILD)/timing; minutes per chip), then measures.
TIMING_RUN = $(LOCK) cmake --build $(BUILD) --target cc_timing && scripts/timing.sh $(BUILD)

# After make timing's measurement (its netlists give the cells; cached, so seconds when
# nothing changed); a chip it could not measure (exit 3) is left out of the plot.
pareto: configure meshes
	@$(TIMING_RUN) || [ $$? -eq 3 ]
	@bench/pareto.py --build $(BUILD) --img docs/img

timing: configure
	@$(TIMING_RUN)

# yosys onto the OSU 0.18 um cells, OpenSTA: units only, no C++ build (about a minute).
sta: deps
	@scripts/sta.sh $(BUILD)/sta $(UNITS)

# A second build tree, built twice (instrumented, trained, optimised): minutes per chip.
pgo: meshes
	@scripts/rtl_pgo.sh $(BUILD)-pgo $(MESHES)

gen: build
	$(BIN)/cc_gen --rtl rtl/cc_regmap.vh --states rtl/cc_core_states.vh --docs docs/register_map.md
	python3 scripts/layers.py --write

clean:
	rm -rf $(BUILD)
