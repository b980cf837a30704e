"""classad_engine.policy: a configuration with the origins of its values,
and the linter's diagnostics as objects, on the bundled examples."""

import os
from pathlib import Path

import pytest

import classad_engine as classad2
from classad_engine import policy

ROOT = Path(__file__).resolve().parents[2]
EXAMPLE = ROOT / "examples" / "policy" / "condor_config"


def test_values_carry_their_origins():
    config = policy.load_config(EXAMPLE)
    interval = config.lookup("NEGOTIATOR_INTERVAL")
    assert interval.value == "60"
    assert interval.origin.kind == "file"
    assert interval.origin.file.endswith("examples/policy/condor_config")
    assert interval.origin.line == 15 and interval.origin.column == 1
    groups = config.lookup("GROUP_NAMES")
    assert groups.value.startswith("group_physics, group_physics.hep")
    assert groups.origin.file.endswith("config.d/10-groups.config") and groups.origin.line == 3
    # Macros expanded; a table default has no origin; undefined is None.
    assert config["FILESYSTEM_DOMAIN"] == "pool.example.org"
    assert config.lookup("NOT_A_KNOB_ANYWHERE") is None and "NOT_A_KNOB_ANYWHERE" not in config
    with pytest.raises(KeyError):
        config["NOT_A_KNOB_ANYWHERE"]
    names = [e.name for e in config.entries()]
    assert "CONDOR_HOST" in names and "GROUP_NAMES" in names
    assert all(e.origin.kind in ("file", "metaknob", "detected", "environment")
               for e in config.entries())


def test_subsystem_settings_apply():
    config = policy.load_config([EXAMPLE], subsystem="NEGOTIATOR")
    assert config["NEGOTIATOR_MAX_TIME_PER_SUBMITTER"] == "40"


def test_unreadable_configuration_raises_with_place(tmp_path):
    broken = tmp_path / "broken.config"
    broken.write_text("A = 1\nif\n")
    with pytest.raises(classad2.ClassAdException) as info:
        policy.load_config(broken)
    assert "broken.config:2:3" in str(info.value)
    with pytest.raises(classad2.ClassAdException):
        policy.load_config(tmp_path / "missing.config")


def test_lint_gives_diagnostic_objects(tmp_path):
    bad = tmp_path / "bad.config"
    bad.write_text("NEGOTIATOR_INTERVAL = 60\nPREEMPTION_REQUIREMENTS = (RemoteUserPrio >\n"
                   "NEGOTIATOR_INTERVALL = 5\n")
    found = policy.lint(bad)
    assert [(d.severity, d.code, d.line, d.column) for d in found] == [
        ("error", "expr-syntax", 2, 44), ("warning", "unknown-knob", 3, 1)]
    assert found[1].file == str(bad) and "did you mean NEGOTIATOR_INTERVAL" in found[1].message
    assert str(found[0]).startswith(f"{bad}:2:44: error: PREEMPTION_REQUIREMENTS")
    only_syntax = policy.lint(bad, disable=["all"], enable=["expr-syntax"])
    assert [d.code for d in only_syntax] == ["expr-syntax"]


def test_lint_reports_a_configuration_it_cannot_read(tmp_path):
    broken = tmp_path / "broken.config"
    broken.write_text("A = 1\nif\n")
    [d] = policy.lint(broken)
    assert (d.severity, d.code, d.line, d.column) == ("error", "config-read", 2, 3)
    with pytest.raises(classad2.ClassAdException):
        policy.lint(tmp_path / "missing.config")


@pytest.mark.parametrize("name", sorted(os.listdir(ROOT / "examples" / "policy" / "lint")))
def test_the_lint_examples_are_clean(name):
    assert policy.lint(ROOT / "examples" / "policy" / "lint" / name) == []
