"""classad_engine.negotiator: one cycle on the bundled scenarios
(examples/negotiator), checked against their expected outcomes and against
what `negotiator cycle --json` prints for the same inputs."""

import json
import subprocess
from collections import Counter
from pathlib import Path

import pytest

import classad_engine as classad2
from classad_engine import negotiator

ROOT = Path(__file__).resolve().parents[2]
SCENARIOS = ROOT / "examples" / "negotiator"
NOW = 1767225600  # the presets' time (examples/negotiator/README.md)


def inputs(folder):
    """The run_cycle arguments for a scenario folder, as its README says."""
    jobs = [folder / "jobs.ads"] + ([folder / "running.ads"] if (folder / "running.ads").exists() else [])
    accountant = folder / "accountant.userprio.json"
    return dict(config=folder / "negotiator.config", slots=folder / "slots.ads", jobs=jobs,
                accountant=accountant if accountant.exists() else None, now=NOW)


def one_cycle_scenarios():
    out = []
    for folder in sorted(p for p in SCENARIOS.iterdir() if (p / "expected.json").exists()):
        expected = json.loads((folder / "expected.json").read_text())
        if expected.get("cycles", 1) == 1:
            out.append(folder.name)
    return out


@pytest.mark.parametrize("name", one_cycle_scenarios())
def test_cycle_gives_the_expected_matches(name):
    folder = SCENARIOS / name
    expected = json.loads((folder / "expected.json").read_text())
    result = negotiator.run_cycle(**inputs(folder))
    per_submitter = Counter(m.submitter for m in result.matches)
    for submitter, want in expected["submitters"].items():
        assert per_submitter[submitter] == want["new_matches"], submitter
    if "preemptions" in expected:
        assert result.preemptions == expected["preemptions"]


def test_priority_preemption_figures():
    result = negotiator.run_cycle(**inputs(SCENARIOS / "06b-priority-preemption"))
    assert result.preemptions == 6 and len(result.matches) == 6
    assert sorted(m.slot for m in result.matches) == [
        f"slot{i}@node01.example.org" for i in range(3, 9)]
    first = result.matches[0]
    assert first.submitter == "alice@example.org" and first.preempted
    assert first.preempts.user == "hog@example.org"
    alice = next(s for s in result.submitters if s.name == "alice@example.org")
    assert (alice.priority, alice.share, alice.limit, alice.matches) == (1, 0.8, 6.4, 6)
    assert result["pool_size"] == 8 and "matches" in result


def test_same_matches_as_the_tool():
    tool = Path(classad2.__file__).resolve().parents[2] / "negotiator"
    assert tool.exists(), tool
    folder = SCENARIOS / "02a-static-quotas"
    args = inputs(folder)
    command = [str(tool), "cycle", "-config", str(args["config"]), "--slots", str(args["slots"]),
               "--now", str(NOW), "--json"]
    for jobs in args["jobs"]:
        command += ["--jobs", str(jobs)]
    if args["accountant"]:
        command += ["--accountant", str(args["accountant"])]
    printed = json.loads(subprocess.run(command, check=True, capture_output=True).stdout)
    result = negotiator.run_cycle(**args).as_dict()
    assert printed["matches"] and result["matches"] == printed["matches"]
    assert result["submitters"] == printed["submitters"] and result["groups"] == printed["groups"]


def test_the_running_negotiators_next_cycle_or_after_a_restart(tmp_path):
    """examples/live-pool: the imported quota table gives the claims their
    RemoteGroup (bob may not preempt alice, in his own group); restarted,
    there is no map and he does."""
    live = ROOT / "examples" / "live-pool"
    userprio = Path(classad2.__file__).resolve().parents[2] / "userprio"
    runs = {}
    for restarted in (False, True):
        db = tmp_path / f"pool{int(restarted)}.db"
        subprocess.run([str(userprio), "-config", str(live / "condor_config"), "--state", str(db),
                        "--import-condor", str(live / "userprio.long")],
                       check=True, capture_output=True)
        runs[restarted] = negotiator.run_cycle(live / "condor_config", live / "status.long",
                                               live / "q.long", state=db, now=NOW,
                                               restarted=restarted)
    assert (len(runs[False].matches), runs[False].preemptions) == (5, 1)
    assert (len(runs[True].matches), runs[True].preemptions) == (6, 2)


def test_bad_inputs_raise(tmp_path):
    folder = SCENARIOS / "01-shares"
    with pytest.raises(classad2.ClassAdException):
        negotiator.run_cycle(folder / "negotiator.config", tmp_path / "missing.ads", now=NOW)
    bad = tmp_path / "bad.ads"
    bad.write_text("MyType = \"Machine\"\nName = (\n")
    with pytest.raises(classad2.ClassAdException) as info:
        negotiator.run_cycle(folder / "negotiator.config", bad, now=NOW)
    assert "bad.ads:2:" in str(info.value)
