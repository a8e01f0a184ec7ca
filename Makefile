# The README's commands: `make play`, `make test` (the whole suite) and `make test-fast` (the loop to run
# before each commit). Each sets everything up first.
PY ?= python3
VENV := .venv
BIN := $(VENV)/bin
STAMP := $(VENV)/.installed

.PHONY: play test test-fast bench setup clean

$(STAMP): pyproject.toml
	$(PY) -m venv $(VENV)
	$(BIN)/python -m pip install -q --upgrade pip
	$(BIN)/python -m pip install -q -e '.[test]'
	touch $(STAMP)

setup: $(STAMP)

play: $(STAMP)
	$(BIN)/holotable play

# pytest-xdist, three workers on the two cores: many tests wait on a subprocess, a pty or an SSH
# round trip, and a third worker fills those waits (measured quiet: 598 s with two, 474 s with three).
test: $(STAMP)
	$(BIN)/python -m pytest -n 3 --dist worksteal

# Something of every area, under two minutes on a 2-core machine: the core (purity, session, order
# language, console), each rule system's unit tests, the saves, one Textual pilot test and one server
# test. The whole suite (`make test`) still runs in CI; keep this list short when adding to it.
FAST := tests/test_core_pure.py tests/test_session.py tests/test_order_language.py tests/test_console.py \
	tests/test_control_text.py tests/test_golden_files.py tests/test_raw_data.py \
	tests/raw \
	tests/gcw/test_gcw_audit.py tests/gcw/test_gcw_base_options.py tests/gcw/test_gcw_battle.py \
	tests/gcw/test_gcw_invariants.py tests/gcw/test_gcw_odds.py tests/gcw/test_gcw_resource.py \
	tests/gcw/test_gcw_setup.py tests/gcw/test_gcw_sheet_progress.py tests/gcw/test_gcw_turn.py \
	tests/swpm/test_swpm_data.py tests/swpm/test_swpm_combat.py tests/swpm/test_swpm_strike.py \
	tests/swpm/test_swpm_turn.py tests/swpm/test_swpm_hidden.py \
	tests/rift/test_rift_army.py tests/rift/test_rift_bot.py tests/rift/test_rift_close.py tests/rift/test_rift_fire.py \
	tests/rift/test_rift_map.py tests/rift/test_rift_move.py tests/rift/test_rift_odds_more.py \
	tests/tote/test_tote_arith.py tests/tote/test_tote_data.py tests/tote/test_tote_damage.py \
	tests/tote/test_tote_weapons.py tests/tote/test_tote_grid.py tests/tote/test_tote_move.py \
	tests/tote/test_tote_fleet.py tests/tote/test_tote_engine.py tests/tote/test_tote_strikes.py \
	tests/tote/test_tote_scan.py tests/tote/test_tote_clock.py tests/tote/test_tote_galaxy.py \
	tests/saves/test_saves_atomic.py tests/saves/test_saves_refusals.py \
	tests/tui/test_tui_pilot.py::test_odds_shown_before_an_order_that_rolls_dice \
	tests/server/test_server_commands.py

test-fast: $(STAMP)
	$(BIN)/python -m pytest $(FAST)

bench: $(STAMP)
	$(BIN)/python -m pytest -m bench tests/bench -s

clean:
	rm -rf $(VENV)
