"""classad_engine.negotiator.simulate and run_cycle's cycles and share
models: the bundled simulation examples (examples/simulate, examples/dirac)
checked against what `negotiator simulate --json` and `negotiator cycle
--json` print for the same inputs, and bad input raising clear exceptions."""

import json
import subprocess
from pathlib import Path

import pytest

import classad_engine as classad2
from classad_engine import negotiator

ROOT = Path(__file__).resolve().parents[2]
TWO_USERS = ROOT / "examples" / "simulate" / "two-users"
RECIPE = ROOT / "examples" / "simulate" / "quota-preemption"
DIRAC = ROOT / "examples" / "dirac"
NOW = 1767225600  # the presets' time (examples/negotiator/README.md)


def tool(*args):
    """What `negotiator ARGS...` prints on stdout (it must succeed)."""
    program = Path(classad2.__file__).resolve().parents[2] / "negotiator"
    assert program.exists(), program
    return subprocess.run([str(program), *map(str, args)], check=True,
                          capture_output=True).stdout


def timeless(cycle):
    """A cycle's JSON object without its timings (phases_ms: not deterministic)."""
    return {k: v for k, v in cycle.items() if k != "phases_ms"}


def two_users(**options):
    """The two-users example over one day, as run-example.sh runs it."""
    return negotiator.simulate(TWO_USERS / "condor_config", TWO_USERS / "slots.ads",
                               TWO_USERS / "trace.swf", swf_map=TWO_USERS / "users.map",
                               duration="1d", **options)


def test_summary_is_the_tools_json():
    run = two_users()
    printed = json.loads(tool("simulate", "-config", TWO_USERS / "condor_config",
                              "--slots", TWO_USERS / "slots.ads",
                              "--workload", TWO_USERS / "trace.swf",
                              "--swf-map", TWO_USERS / "users.map", "--duration", "1d", "--json"))
    assert run.summary.as_dict() == printed
    assert run.slots == 40 and run.warnings == [] and run.seconds >= 0


def test_history_workload_with_the_tools_options_gives_the_tools_summary():
    options = dict(format="history", duration=8 * 3600, interval="10m", claim_reuse=False,
                   restarted=True)
    run = negotiator.simulate(RECIPE / "condor_config", RECIPE / "slots.ads",
                              RECIPE / "history.ads", **options)
    printed = json.loads(tool("simulate", "-config", RECIPE / "condor_config",
                              "--slots", RECIPE / "slots.ads", "--workload", RECIPE / "history.ads",
                              "--format", "history", "--duration", "8h", "--interval", "10m",
                              "--no-claim-reuse", "--restarted", "--json"))
    assert run.summary.as_dict() == printed
    assert run.summary.interval == 600


def test_series_and_events_add_up_to_the_summary():
    run = two_users()
    summary = run.summary
    assert len(run.cycles) == summary.cycles
    assert sum(c.matches for c in run.cycles) == summary.matches
    assert [c.time for c in run.cycles] == sorted(c.time for c in run.cycles)
    assert run.cycles[0].time == summary.start and run.cycles[-1].time == summary.end
    assert {s.name for s in run.cycles[-1].submitters} == {"alice@example.org"}
    arrivals = [e for e in run.events if e.event == "arrival"]
    assert len(arrivals) == summary.arrived
    assert sum(1 for e in run.events if e.event == "completion") == summary.done
    busy = run.cycles[-1]
    assert busy.busy_weight <= busy.pool_weight == 40


def test_outputs_are_written_as_the_tool_writes_them(tmp_path):
    run = two_users(out=tmp_path / "sim", title="Two users")
    folder = tmp_path / "sim"
    for name in ("series.csv", "events.csv", "summary.json", "summary.txt"):
        assert (folder / name).is_file(), name
    assert json.loads((folder / "summary.json").read_text()) == run.summary.as_dict()
    lines = (folder / "series.csv").read_text().splitlines()
    rows = sum(len(c.submitters) + len(c.groups) for c in run.cycles)
    assert lines[0].startswith("time,kind,name") and len(lines) == rows + 1
    assert (folder / "report.html").exists() or any("report.html" in w for w in run.warnings)


def test_diracs_model_gives_the_tools_summary():
    options = ["--swf-map", DIRAC / "users.map", "--duration", "6h", "--interval", "300",
               "--model", "dirac", "--dirac-config", DIRAC / "dirac.cfg", "--seed", "1"]
    run = negotiator.simulate(DIRAC / "condor_config", DIRAC / "slots.ads", DIRAC / "trace.swf",
                              swf_map=DIRAC / "users.map", duration="6h", interval=300,
                              model="dirac", dirac_config=DIRAC / "dirac.cfg", seed=1)
    printed = json.loads(tool("simulate", "-config", DIRAC / "condor_config",
                              "--slots", DIRAC / "slots.ads", "--workload", DIRAC / "trace.swf",
                              *options, "--json"))
    assert run.summary.as_dict() == printed


def test_cycles_and_a_dirac_model_in_run_cycle_are_the_tools():
    scenario = ROOT / "examples" / "negotiator" / "03-quota-driven-preemption"
    args = dict(config=scenario / "negotiator.config", slots=scenario / "slots.ads",
                jobs=[scenario / "jobs.ads", scenario / "running.ads"],
                accountant=scenario / "accountant.userprio.json", now=NOW)
    cycles = negotiator.run_cycle(**args, cycles=2, interval=60)
    printed = json.loads(tool("cycle", "-config", args["config"], "--slots", args["slots"],
                              "--jobs", args["jobs"][0], "--jobs", args["jobs"][1],
                              "--accountant", args["accountant"], "--now", NOW,
                              "--cycles", 2, "--interval", 60, "--json"))
    assert [timeless(c.as_dict()) for c in cycles] == [timeless(c) for c in printed["cycles"]]
    assert [(len(c.matches), c.preemptions) for c in cycles] == [(0, 0), (5, 5)]

    dirac = negotiator.run_cycle(DIRAC / "condor_config", DIRAC / "slots.ads", DIRAC / "jobs.ads",
                                 now=NOW, model="dirac", dirac_config=DIRAC / "dirac.cfg", seed=1)
    printed = json.loads(tool("cycle", "-config", DIRAC / "condor_config",
                              "--slots", DIRAC / "slots.ads", "--jobs", DIRAC / "jobs.ads",
                              "--now", NOW, "--model", "dirac", "--dirac-config",
                              DIRAC / "dirac.cfg", "--seed", 1, "--json"))
    assert timeless(dirac.as_dict()) == timeless(printed) and dirac.matches


def test_bad_input_raises_with_where(tmp_path):
    config, slots = TWO_USERS / "condor_config", TWO_USERS / "slots.ads"
    bad = tmp_path / "history.ads"
    bad.write_text('ClusterId = 1\nProcId = 0\nOwner = (\n')
    with pytest.raises(ValueError) as info:
        negotiator.simulate(config, slots, bad, format="history")
    assert f"{bad}:3:" in str(info.value)
    assert isinstance(info.value, classad2.ClassAdException)
    assert isinstance(info.value, negotiator.InputError)

    with pytest.raises(OSError) as missing:
        negotiator.simulate(config, slots, tmp_path / "missing.swf")
    assert "missing.swf" in str(missing.value)
    assert isinstance(missing.value, negotiator.FileError)

    for options in (dict(format="csv"), dict(duration="3x"), dict(duration=-5),
                    dict(interval=[1]), dict(model="slurm"), dict(threads=0),
                    dict(htcondor_version="x.y"), dict(model="dirac"), dict(start=-1)):
        with pytest.raises(ValueError):
            negotiator.simulate(config, slots, TWO_USERS / "trace.swf",
                                swf_map=TWO_USERS / "users.map", **options)
    with pytest.raises(ValueError):
        negotiator.run_cycle(config, slots, (), now=NOW, cycles=0)
