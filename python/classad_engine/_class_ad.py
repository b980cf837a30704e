"""ClassAd: a mutable mapping of attribute names to expressions (classad2.ClassAd)."""

from collections.abc import MutableMapping

from . import _core
from ._enums import Value
from ._expr_tree import ExprTree


class ClassAd(MutableMapping):
    """An ad. Keys are case-insensitive attribute names; values read back as
    Python values for literals, lists and nested ads, ExprTree otherwise."""

    __slots__ = ("_handle",)

    def __init__(self, input=None):
        """None: empty; str: new-syntax text (ClassAdException when invalid);
        dict: each item converted."""
        if input is None:
            self._handle = _core.AdHandle()
        elif isinstance(input, str):
            self._handle = _core.ad_parse(input)
        elif isinstance(input, dict):
            self._handle = _core.AdHandle()
            for key, value in input.items():
                self[key] = value
        else:
            raise TypeError("input must be None, str, or dict")

    @classmethod
    def _wrap(cls, handle):
        ad = cls.__new__(cls)
        ad._handle = handle
        return ad

    def __repr__(self):
        return _core.ad_repr(self._handle)

    def __str__(self):
        return _core.ad_str(self._handle)

    def __reduce__(self):
        return (ClassAd, (repr(self),))

    def __eq__(self, other):
        """Same attributes (names in any case) holding the same trees, as
        classad2 compares; NotImplemented for any other type."""
        if type(self) is type(other):
            return _core.ad_eq(self._handle, other._handle)
        return NotImplemented

    __hash__ = None

    def __len__(self):
        return _core.ad_size(self._handle)

    def __iter__(self):
        yield from _core.ad_keys(self._handle)

    def __contains__(self, key):
        return isinstance(key, str) and _core.ad_contains(self._handle, key)

    def __getitem__(self, key):
        if not isinstance(key, str):
            raise TypeError("ClassAd keys are strings")
        return _core.ad_get(self._handle, key, True)

    def __setitem__(self, key, value):
        if not isinstance(key, str):
            raise TypeError("ClassAd keys are strings")
        if isinstance(value, dict):
            value = ClassAd(value)
        _core.ad_set(self._handle, key, value)

    def __delitem__(self, key):
        if not isinstance(key, str):
            raise TypeError("ClassAd keys are strings")
        _core.ad_del(self._handle, key)

    def lookup(self, attr):
        """The attribute as an ExprTree, unevaluated; KeyError when absent."""
        if not isinstance(attr, str):
            raise TypeError("ClassAd keys are strings")
        return _core.ad_get(self._handle, attr, False)

    def eval(self, attr):
        """The attribute evaluated in this ad; KeyError when absent."""
        return self.lookup(attr).eval(self)

    def matches(self, ad):
        """Whether `ad`'s Requirements are true (or a non-zero number)
        evaluated in `ad` against this ad; False when it has none."""
        if not isinstance(ad, ClassAd):
            raise TypeError("ad must be a ClassAd")
        return _core.ad_left_matches_right(ad._handle, self._handle)

    def symmetricMatch(self, ad):
        """self.matches(ad) and ad.matches(self)."""
        if not isinstance(ad, ClassAd):
            raise TypeError("ad must be a ClassAd")
        return _core.ad_symmetric_match(self._handle, ad._handle)

    def externalRefs(self, expr):
        """Names `expr` reads that this ad does not define."""
        if not isinstance(expr, ExprTree):
            raise TypeError("expr must be an ExprTree")
        return _core.ad_external_refs(self._handle, expr._handle)

    def internalRefs(self, expr):
        """Names of this ad that `expr` reads."""
        if not isinstance(expr, ExprTree):
            raise TypeError("expr must be an ExprTree")
        return _core.ad_internal_refs(self._handle, expr._handle)

    def flatten(self, expr):
        """`expr` partially evaluated in this ad: a Python value when it
        reduces to one, else the ExprTree left (attributes this ad does not
        define kept as references); ValueError when it cannot be flattened."""
        if not isinstance(expr, ExprTree):
            raise TypeError("expr must be an ExprTree")
        return _core.ad_flatten(self._handle, expr._handle)

    def printOld(self):
        """The ad in the old (condor_q -long) format."""
        return _core.ad_print_old(self._handle)

    def printJson(self):
        """The ad as HTCondor's JSON object."""
        return _core.ad_print_json(self._handle)
