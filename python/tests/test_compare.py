"""classad_engine.negotiator.compare: the bundled comparisons (a snapshot
under two share models, examples/dirac; a workload under two
configurations, examples/simulate/quota-preemption, as run-example.sh runs
them) checked against what `negotiator compare --json` prints for the same
inputs, and bad input raising clear exceptions."""

import json
from pathlib import Path

import pytest

import classad_engine as classad2
from classad_engine import negotiator
from test_simulate import DIRAC, NOW, RECIPE, tool


def recipe(**options):
    """The recipe's workload with surplus sharing on (A) and off (B) for 8h."""
    return negotiator.compare(RECIPE / "condor_config", RECIPE / "slots.ads",
                              config_b=RECIPE / "no-surplus.config",
                              workload=RECIPE / "history.ads", label_a="surplus",
                              label_b="no surplus", duration="8h", **options)


def test_snapshot_under_two_models_is_the_tools_json():
    run = negotiator.compare(DIRAC / "condor_config", DIRAC / "slots.ads",
                             jobs=DIRAC / "jobs.ads", now=NOW, model_b="dirac",
                             dirac_config=DIRAC / "dirac.cfg", seed=1)
    printed = json.loads(tool("compare", "-config-a", DIRAC / "condor_config",
                              "--slots", DIRAC / "slots.ads", "--jobs", DIRAC / "jobs.ads",
                              "--now", NOW, "--model-a", "htcondor", "--model-b", "dirac",
                              "--dirac-config", DIRAC / "dirac.cfg", "--seed", 1, "--json"))
    assert run.summary.as_dict() == printed
    assert (run.summary.a, run.summary.b, run.summary.mode) == ("htcondor", "dirac", "cycle")
    assert isinstance(run.a, negotiator.CycleResult) and isinstance(run.b, negotiator.CycleResult)
    assert run.a.matches and run.b.matches


def test_workload_under_two_configurations_is_the_tools_json(tmp_path):
    run = recipe(out=tmp_path / "cmp", title="Surplus")
    printed = json.loads(tool("compare", "-config-a", RECIPE / "condor_config",
                              "-config-b", RECIPE / "no-surplus.config",
                              "--label-a", "surplus", "--label-b", "no surplus",
                              "--slots", RECIPE / "slots.ads",
                              "--workload", RECIPE / "history.ads", "--duration", "8h", "--json"))
    assert run.summary.as_dict() == printed
    assert run.summary.mode == "simulation" and run.summary.knobs
    folder = tmp_path / "cmp"
    assert json.loads((folder / "compare.json").read_text()) == printed
    assert (folder / "compare.txt").is_file()
    assert (folder / "compare.html").exists() or any("compare.html" in w for w in run.warnings)
    for name, side in (("a", run.a), ("b", run.b)):
        assert isinstance(side, negotiator.Simulation)
        assert json.loads((folder / name / "summary.json").read_text()) == side.summary.as_dict()
        assert len(side.cycles) == side.summary.cycles and side.slots > 0


def test_bad_input_raises_with_where(tmp_path):
    config, slots = RECIPE / "condor_config", RECIPE / "slots.ads"
    bad = tmp_path / "history.ads"
    bad.write_text('ClusterId = 1\nProcId = 0\nOwner = (\n')
    with pytest.raises(negotiator.InputError) as info:
        negotiator.compare(config, slots, config_b=config, workload=bad, format="history")
    assert f"{bad}:3:" in str(info.value)
    assert isinstance(info.value, classad2.ClassAdException)
    assert isinstance(info.value, ValueError)

    with pytest.raises(negotiator.FileError) as missing:
        negotiator.compare(config, slots, config_b=config, workload=tmp_path / "missing.ads")
    assert "missing.ads" in str(missing.value)
    assert isinstance(missing.value, OSError)

    workload = dict(workload=RECIPE / "history.ads")
    for options in (dict(workload), dict(config_b=config),  # no config_b; neither input
                    dict(workload, config_b=config, jobs=DIRAC / "jobs.ads"),
                    dict(workload, config_b=config, state="s.db", accountant="a.json"),
                    dict(workload, model_b="slurm"), dict(workload, model_b="dirac"),
                    dict(workload, config_b=config, duration="3x"),
                    dict(workload, config_b=config, now=1, start=2)):
        with pytest.raises(negotiator.InputError):
            negotiator.compare(config, slots, **options)
