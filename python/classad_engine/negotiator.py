"""The negotiator from Python (ours; not in HTCondor's classad2): one
negotiation cycle on a snapshot of a pool, its result as Python objects.
Thin glue over negotiator/ (RunSnapshotCycle, what `negotiator cycle`
runs). See docs/python.md."""

import json
import time

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


def run_cycle(config, slots, jobs=(), accountant=None, state=None, now=None, threads=1,
              restarted=False):
    """Runs one cycle with HTCondor's pie on a snapshot: the configuration
    files `config`, the slot and job ad files `slots` and `jobs`
    (condor_status / condor_q -long or -json dumps; a path or paths), the
    accountant from `accountant` (a `userprio --export` JSON file, read
    only) or `state` (a store, written), else the configuration's
    ACCOUNTANT_DATABASE, else a fresh one; at `now` (seconds since the
    epoch; the clock when None). As `negotiator cycle`, the cycle is the
    running negotiator's next (the accountant's stored group quota table is
    the previous cycle's quota map), or with `restarted` the first after a
    start. The GIL is released while it runs.
    ClassAdException (with file:line:col where there is one) on failure."""
    if now is None:
        now = int(time.time())
    text, warnings = _core.negotiator_cycle(
        _paths(config), _paths(slots), _paths(jobs),
        "" if accountant is None else _paths(accountant)[0],
        "" if state is None else _paths(state)[0], int(now), int(threads), bool(restarted))
    return CycleResult(json.loads(text), warnings)


__all__ = ["CycleResult", "Record", "run_cycle"]
