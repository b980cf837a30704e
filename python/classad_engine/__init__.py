"""classad_engine: the ClassAd engine from Python, a drop-in for HTCondor's
classad2 module (`import classad_engine as classad2`), plus bulk calls
(classad_engine.bulk), the policy layer (classad_engine.policy) and the
negotiator (classad_engine.negotiator). See docs/python.md."""

from datetime import datetime, timedelta

from . import _core
from ._version import __version__
from ._core import ClassAdException
from ._enums import ParserType, Value
from ._expr_tree import ExprTree
from ._class_ad import ClassAd
from ._parsing import parseAds, parseOne, parseNext, quote, unquote
from . import bulk, negotiator, policy

Parser = ParserType

_core._register(ClassAd, ExprTree, Value)


def _convert_local_datetime_to_utc_ts(dt):
    """Seconds since the epoch of `dt`; a naive datetime is local time."""
    if dt.tzinfo is not None and dt.tzinfo.utcoffset(dt) is not None:
        return (dt - datetime(1970, 1, 1, tzinfo=dt.tzinfo)) // timedelta(seconds=1)
    naive = (dt - datetime(1970, 1, 1)) // timedelta(seconds=1)
    return naive - dt.astimezone().utcoffset() // timedelta(seconds=1)


def version():
    """The version of the engine's module (as __version__)."""
    return __version__


def lastError():
    """classad2 keeps a last error; errors here are exceptions, so it is empty."""
    return ""


__all__ = ["ClassAd", "ExprTree", "Value", "ParserType", "Parser", "ClassAdException",
           "parseAds", "parseOne", "parseNext", "quote", "unquote", "version",
           "lastError", "bulk", "policy", "negotiator"]
