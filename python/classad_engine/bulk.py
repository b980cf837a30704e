"""Bulk calls (not in HTCondor's classad2): each one call, the work done in
C++ with the GIL released. No other thread may change the ads meanwhile."""

from . import _core
from ._class_ad import ClassAd
from ._enums import ParserType
from ._expr_tree import ExprTree


def _handles(ads):
    handles = []
    for ad in ads:
        if not isinstance(ad, ClassAd):
            raise TypeError("expected ClassAd objects, got " + type(ad).__name__)
        handles.append(ad._handle)
    return handles


def eval_over(expr, ads, target=None):
    """[expr.eval(ad, target) for ad in ads], in one call."""
    if isinstance(expr, str):
        expr = ExprTree(expr)
    if not isinstance(expr, ExprTree):
        raise TypeError("expr must be an ExprTree or str")
    if target is not None and not isinstance(target, ClassAd):
        raise TypeError("target must be a ClassAd")
    return _core.eval_over(expr._handle, _handles(ads),
                           None if target is None else target._handle)


def count_matches(jobs, slots):
    """For each job, how many slots it matches both ways (job.symmetricMatch(slot))."""
    return _core.count_matches(_handles(jobs), _handles(slots))


def list_matches(jobs, slots):
    """For each job, the indices of the slots it matches both ways."""
    return _core.list_matches(_handles(jobs), _handles(slots))


def read_ads_file(path, parser=ParserType.Auto):
    """Every ad of a file (a condor_status/condor_q -long or -json dump), as a
    list; OSError when unreadable, ValueError (with line and column) when invalid."""
    path = str(path)
    if "\0" in path:
        raise ValueError("embedded null byte")
    return [ClassAd._wrap(h) for h in _core.parse_file(path, int(parser))]
