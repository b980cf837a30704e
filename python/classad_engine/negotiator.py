"""The negotiator from Python (ours; not in HTCondor's classad2):
negotiation cycles on a snapshot of a pool, the simulator and comparisons
of two configurations, their results as Python objects. Thin glue over
negotiator/ (RunSnapshotCycles, RunSimulationFromFiles and RunComparison,
what `negotiator cycle`, `negotiator simulate` and `negotiator compare`
run). See docs/python.md."""

import json
import time
from dataclasses import dataclass
from typing import List, Union

from . import _core
from ._records import Record
from .policy import _paths


class CycleResult(Record):
    """One cycle as `negotiator cycle --json` writes it, as a Record:
    matches (job, slot, submitter, group, reason, preempted, preempts,
    cost, concurrency_limits), preemptions, groups and submitters (their
    figures: priority, share, limit, usage, matches, ...), unmatched,
    and the pool's counts; `warnings` what reading the configuration
    warned about."""

    __slots__ = ("warnings",)

    def __init__(self, data, warnings):
        super().__init__(data)
        object.__setattr__(self, "warnings", warnings)


InputError = _core.NegotiatorInputError
InputError.__doc__ = """Bad input to the negotiator (a configuration, an ad or workload file
that does not read, an option out of range): a ClassAdException and a
ValueError; the message starts with file:line:col where there is one."""
FileError = _core.NegotiatorFileError
FileError.__doc__ = """A file or accountant store the negotiator could not read or write: a
ClassAdException and an OSError; the message names it."""


def _model(model, dirac_config, dirac_setup, dirac_vo, seed, htcondor_version):
    """The share model and HTCondor release as the compiled part takes them."""
    return _core._ModelArgs(str(model), _paths(dirac_config), str(dirac_setup), str(dirac_vo),
                            int(seed), "" if htcondor_version is None else str(htcondor_version))


def _one(path):
    """An optional path as the compiled part takes it ("" for None)."""
    return "" if path is None else _paths(path)[0]


def run_cycle(config, slots, jobs=(), accountant=None, state=None, now=None, threads=1,
              restarted=False, cycles=None, interval=0, requests=False, model="htcondor",
              dirac_config=(), dirac_setup="", dirac_vo="", seed=0, htcondor_version=None):
    """Runs a cycle on a snapshot as `negotiator cycle` does
    (negotiator::RunSnapshotCycles): the configuration files `config`, the
    slot and job ad files `slots` and `jobs` (condor_status / condor_q
    -long or -json dumps; a path or paths), the accountant from
    `accountant` (a `userprio --export` JSON file, read only) or `state` (a
    store, written; not both), else the configuration's
    ACCOUNTANT_DATABASE, else a fresh one; at `now` (seconds since the
    epoch; the clock when None). As `negotiator cycle`, the cycle is the
    running negotiator's next (the accountant's stored group quota table is
    the previous cycle's quota map), or with `restarted` the first after a
    start. `model` "htcondor" (HTCondor's pie) or "dirac" (DIRAC's task
    queues, from the `dirac_config` files, `dirac_setup`, `dirac_vo`,
    `seed`); `htcondor_version` the release to reproduce ("25.10"); with
    `requests`, every request and how it ended ("requests"). Returns the
    CycleResult; with `cycles=N`, a list of N, each cycle's matches the
    next one's claims, `interval` seconds apart. The GIL is released while
    it runs. InputError or FileError (both ClassAdException) on failure,
    with file:line:col where there is one."""
    if now is None:
        now = int(time.time())
    text, warnings = _core.negotiator_cycle(
        _paths(config), _paths(slots), _paths(jobs), _one(accountant), _one(state), int(now),
        int(threads), bool(restarted), None if cycles is None else int(cycles), int(interval),
        bool(requests), _model(model, dirac_config, dirac_setup, dirac_vo, seed,
                               htcondor_version))
    data = json.loads(text)
    if cycles is None:
        return CycleResult(data, warnings)
    return [CycleResult(cycle, warnings) for cycle in data["cycles"]]


@dataclass(frozen=True)
class Simulation:
    """A simulation's outcome: `summary` the metrics as `negotiator simulate
    --json` prints them (a Record: start, end, cycles, arrived, done, wait,
    utilisation, groups, submitters, ...); `cycles` the per-cycle series
    (Records with time, pool_weight, busy_weight, arrivals, completions,
    claims_reused, matches, preemptions, refused, and `submitters` and
    `groups`, each with the figures of series.csv); `events` (Records with
    time, event, job, submitter, slot, detail, as events.csv); `warnings`
    what reading the share model and the configuration warned about;
    `slots` the slot ads read; `seconds` the simulation's own wall time."""
    summary: Record
    cycles: List[Record]
    events: List[Record]
    warnings: List[str]
    slots: int
    seconds: float


def _duration(value, name):
    """A duration as the commands take it: seconds (an int) or "90m", "7d"."""
    if isinstance(value, bool) or not isinstance(value, (int, str)):
        raise InputError(f"{name}: {value!r} is not a number of seconds or a text like '7d'")
    return str(value)


def simulate(config, slots, workload, format=None, swf_map=None, run_time_attribute=None,
             state=None, accountant=None, start=None, duration="7d", interval=None,
             claim_reuse=True, restarted=False, threads=2, model="htcondor", dirac_config=(),
             dirac_setup="", dirac_vo="", seed=0, htcondor_version=None, out=None, title=None):
    """Simulates days of cycles as `negotiator simulate` does
    (negotiator::RunSimulationFromFiles), its options as keywords: the
    configuration files `config`, the slot ad files `slots`, the
    `workload` (condor_history -long/-json or an SWF trace; `format`
    "history" or "swf", else told from the file; `swf_map` the SWF users
    and groups; `run_time_attribute`), the starting accountant `state` (a
    store) or `accountant` (a `userprio --export` file), only read;
    `start` (seconds since the epoch; default the workload's first
    arrival), `duration` and `interval` (seconds or "90m", "36h", "7d";
    interval default NEGOTIATOR_INTERVAL), `claim_reuse`, `restarted`,
    `threads`, the share model as run_cycle takes it, `htcondor_version`.
    With `out`, writes series.csv, events.csv, summary.json, summary.txt
    (and report.html, titled `title`, when the chart library is installed;
    else a warning says why not) into that folder. Returns a Simulation.
    The GIL is released while it runs. InputError or FileError (both
    ClassAdException) on failure, with file:line:col where there is one."""
    return _simulation(_core.negotiator_simulate(
        _simulation_args(config, slots, workload, format, swf_map, run_time_attribute, state,
                         accountant, start, duration, interval, claim_reuse, restarted, threads,
                         out, title),
        _model(model, dirac_config, dirac_setup, dirac_vo, seed, htcondor_version)))


def _simulation_args(config, slots, workload, format, swf_map, run_time_attribute, state,
                     accountant, start, duration, interval, claim_reuse, restarted, threads,
                     out, title):
    """simulate's options (also compare's) as the compiled part takes them."""
    return _core._SimulateArgs(
        _paths(config), _paths(slots), _one(workload), "" if format is None else str(format),
        _one(swf_map), "" if run_time_attribute is None else str(run_time_attribute),
        _one(state), _one(accountant), None if start is None else int(start),
        _duration(duration, "duration"), "" if interval is None else _duration(interval, "interval"),
        bool(claim_reuse), bool(restarted), int(threads), _one(out),
        "" if title is None else str(title))


def _simulation(outcome):
    """A Simulation from the compiled part's (summary JSON, cycles, events,
    warnings, slots, seconds)."""
    summary, cycles, events, warnings, slot_count, seconds = outcome
    return Simulation(Record(json.loads(summary)), Record.wrap(cycles), Record.wrap(events),
                      warnings, slot_count, seconds)


@dataclass(frozen=True)
class Comparison:
    """A comparison's outcome: `summary` the comparison as `negotiator
    compare --json` prints it (a Record: a and b, the labels; mode,
    "cycle" or "simulation"; model_a, model_b; knobs, those whose values
    differ and where each was set; figures, each with kind, party, figure
    and the values under A and B); `a` and `b` each side's run, a
    Simulation for a workload or a CycleResult for a snapshot (its
    warnings empty: the comparison's are in `warnings`); `warnings` what
    loading the share models and writing the report warned about."""
    summary: Record
    a: Union[Simulation, CycleResult]
    b: Union[Simulation, CycleResult]
    warnings: List[str]


def _side(outcome):
    """One side of a comparison: a cycle's JSON text or a simulation's tuple."""
    if isinstance(outcome, str):
        return CycleResult(json.loads(outcome), [])
    return _simulation(outcome)


def compare(config_a, slots, config_b=(), jobs=(), workload=None, label_a=None, label_b=None,
            format=None, swf_map=None, run_time_attribute=None, state=None, accountant=None,
            now=None, start=None, duration="7d", interval=None, claim_reuse=True,
            restarted=False, threads=2, model_a="htcondor", model_b="htcondor",
            dirac_config=(), dirac_setup="", dirac_vo="", seed=0, htcondor_version=None,
            out=None, title=None):
    """Compares two configurations on one pool as `negotiator compare` does
    (negotiator::RunComparison), its options as keywords: the
    configuration files `config_a` (today's) and `config_b` (the
    alternative; default A's when `model_a` and `model_b` differ), the slot
    ad files `slots`, and either the job ad files `jobs` (a snapshot: one
    cycle under each, at `now`, default the clock) or a `workload` (a
    simulation under each, with simulate's `format`, `swf_map`,
    `run_time_attribute`, `duration`, `interval`, `claim_reuse`; starting
    at `now`, default the workload's first arrival; `start` is a second
    name for it); the starting accountant `state` or `accountant` (only
    read; not both); `restarted`, `threads`; each side's share model,
    `model_a` and `model_b` ("htcondor" or "dirac", the DIRAC options as
    run_cycle takes them); `htcondor_version`; `label_a` and `label_b` the
    sides' names (default "A" and "B", or the models' names when they
    differ). With `out`, writes compare.txt, compare.json and, for a
    simulation, each side's outputs into out/a and out/b (compare.html and
    the sides' report.html, titled `title`, when the chart library is
    installed; else a warning says why not). Returns a Comparison. The GIL
    is released while it runs. InputError or FileError (both
    ClassAdException) on failure, with file:line:col where there is one."""
    if now is not None and start is not None and int(now) != int(start):
        raise InputError("now and start name one time: give one of them")
    when = now if now is not None else start
    summary, a, b, warnings = _core.negotiator_compare(
        _paths(config_a), _paths(() if config_b is None else config_b), _paths(jobs),
        None if label_a is None else str(label_a), None if label_b is None else str(label_b),
        _simulation_args((), slots, workload, format, swf_map, run_time_attribute, state,
                         accountant, when, duration, interval, claim_reuse, restarted, threads,
                         out, title),
        _model(model_a, dirac_config, dirac_setup, dirac_vo, seed, htcondor_version),
        str(model_b))
    return Comparison(Record(json.loads(summary)), _side(a), _side(b), warnings)


__all__ = ["Comparison", "CycleResult", "FileError", "InputError", "Record", "Simulation",
           "compare", "run_cycle", "simulate"]
