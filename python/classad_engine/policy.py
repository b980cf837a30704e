"""The policy layer from Python (ours; not in HTCondor's classad2): read an
HTCondor configuration as the negotiator reads it, with the origin of every
value, and lint it. Thin glue over policy/ (what policy_config and
policy_lint call). See docs/python.md."""

import os
from dataclasses import dataclass, field
from typing import List, Optional

from . import _core


@dataclass(frozen=True)
class Origin:
    """Where a value was set: kind is "file", "metaknob" (a `use` line's
    text: the place is the use line's), "detected" (set by the reader) or
    "environment" (a _condor_ variable); file None and line 0 when there
    is no place."""
    kind: str
    file: Optional[str]
    line: int
    column: int
    metaknob: str = ""


@dataclass(frozen=True)
class Entry:
    """A definition as written: its name and unexpanded value."""
    name: str
    raw_value: str
    origin: Origin


@dataclass(frozen=True)
class KnobValue:
    """A knob's fully expanded value; origin None for a table default."""
    name: str
    value: str
    origin: Optional[Origin]


def _origin(kind, place, metaknob):
    file, line, column = place
    return Origin(kind, file, line, column, metaknob)


def _entry(t):
    name, raw, kind, place, metaknob = t
    return Entry(name, raw, _origin(kind, place, metaknob))


def _paths(files):
    """A path or a sequence of paths as a list of str."""
    if isinstance(files, (str, os.PathLike)):
        files = [files]
    return [os.fspath(f) for f in files]


class Config:
    """A configuration read as an HTCondor daemon reads it."""

    __slots__ = ("_handle",)

    def __init__(self, handle):
        """Made by load_config."""
        self._handle = handle

    def lookup(self, name):
        """The KnobValue of `name` (its definition, else the knob table's
        default), or None when neither defines it. ClassAdException when the
        value cannot be expanded (a macro loop, with where each link is)."""
        found = self._handle.lookup(name)
        if found is None:
            return None
        value, entry = found
        return KnobValue(name, value, None if entry is None else _entry(entry).origin)

    def __getitem__(self, name):
        """The expanded value of `name`; KeyError when it is not defined."""
        found = self.lookup(name)
        if found is None:
            raise KeyError(name)
        return found.value

    def __contains__(self, name):
        return self.lookup(name) is not None

    def entries(self):
        """The effective definitions (the last of each name), sorted by name."""
        return [_entry(t) for t in self._handle.entries()]

    @property
    def warnings(self):
        """What reading warned about, each with its place."""
        return self._handle.warnings()


def load_config(files=(), subsystem="NEGOTIATOR", local_name=""):
    """Reads the configuration `files` (a path or paths; a folder reads its
    files), or with none the daemon's own (CONDOR_CONFIG, LOCAL_CONFIG_DIR,
    ...), as `policy_config` does; SUBSYS.KNOB settings of `subsystem`
    apply. ClassAdException (file:line:col: what) when it cannot be read."""
    return Config(_core.policy_load_config(_paths(files), subsystem, local_name))


@dataclass(frozen=True)
class Note:
    """Context attached to a diagnostic ("macro X defined here")."""
    message: str
    file: Optional[str]
    line: int
    column: int


@dataclass(frozen=True)
class Diagnostic:
    """One finding of the linter: severity "error", "warning" or "note";
    code the check's stable name (as policy_lint --disable takes it)."""
    severity: str
    code: str
    message: str
    file: Optional[str]
    line: int
    column: int
    notes: List[Note] = field(default_factory=list)

    def __str__(self):
        where = f"{self.file}:{self.line}:{self.column}: " if self.file else ""
        return f"{where}{self.severity}: {self.message} [{self.code}]"


def lint(files, subsystem="NEGOTIATOR", local_name="", disable=(), enable=()):
    """The diagnostics policy_lint gives for the configuration `files` (the
    files alone: no _condor_ variables), sorted by place. `disable` and
    `enable` name checks ("all" for every one), applied in that order.
    ClassAdException when a file cannot be read at all."""
    toggles = [(False, name) for name in disable] + [(True, name) for name in enable]
    out = []
    for severity, code, message, place, notes in _core.policy_lint(
            _paths(files), subsystem, local_name, toggles):
        out.append(Diagnostic(severity, code, message, *place,
                              notes=[Note(m, *p) for m, p in notes]))
    return out


__all__ = ["Config", "Entry", "KnobValue", "Origin", "Diagnostic", "Note", "load_config", "lint"]
