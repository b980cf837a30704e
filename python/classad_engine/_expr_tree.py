"""ExprTree: an expression of the ClassAd language (classad2.ExprTree)."""

from . import _core


class ExprTree:
    """An immutable expression; eval() gives a Python value."""

    __slots__ = ("_handle",)

    def __init__(self, expr=None):
        """None gives `undefined`; a str is parsed (ClassAdException when it
        is not an expression); an ExprTree is shared (expressions are immutable)."""
        if expr is None:
            self._handle = _core.expr_undefined()
        elif isinstance(expr, ExprTree):
            self._handle = expr._handle
        elif isinstance(expr, str):
            self._handle = _core.expr_parse(expr)
        else:
            raise TypeError("expr must be None, str or ExprTree")

    @classmethod
    def _wrap(cls, handle):
        tree = cls.__new__(cls)
        tree._handle = handle
        return tree

    def __str__(self):
        return _core.expr_str(self._handle)

    def __repr__(self):
        return _core.expr_str(self._handle)

    def __eq__(self, other):
        """Whether `other` is the same tree (classad2: HTCondor's SameAs,
        names compared byte for byte); False for any other type."""
        if type(self) is type(other):
            return _core.expr_eq(self._handle, other._handle)
        return False

    # classad2 defines __eq__ without __hash__: its ExprTree is unhashable.
    __hash__ = None

    def __reduce__(self):
        return (ExprTree, (str(self),))

    def eval(self, scope=None, target=None):
        """The value with MY = scope (the ad it was looked up in by default)
        and TARGET = target, converted to a Python value."""
        from ._class_ad import ClassAd
        if scope is not None and not isinstance(scope, ClassAd):
            raise TypeError("scope must be a ClassAd")
        if target is not None and not isinstance(target, ClassAd):
            raise TypeError("target must be a ClassAd")
        return _core.expr_eval(self._handle,
                               None if scope is None else scope._handle,
                               None if target is None else target._handle)

    def simplify(self, scope=None, target=None):
        """eval(scope, target) as an ExprTree: the value as a literal (a list
        or ad value as a list or ad expression)."""
        return ExprTree._wrap(_core.expr_from_python(self.eval(scope, target)))
