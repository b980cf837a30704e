"""ExprTree, Value and the module functions quote/unquote."""

import os
import pickle

import pytest

import classad_engine as classad2
from classad_engine import ClassAd, ExprTree, Value


def test_construct():
    assert ExprTree().eval() == Value.Undefined
    assert str(ExprTree("a+1")) == "a + 1"
    assert ExprTree(ExprTree("2")) == ExprTree("2")
    with pytest.raises(classad2.ClassAdException):
        ExprTree("1 +")
    with pytest.raises(TypeError):
        ExprTree(5)


def test_eval_scope_and_target():
    my = ClassAd("[ x = 2 ]")
    other = ClassAd("[ y = 5 ]")
    assert ExprTree("x * 3").eval(my) == 6
    assert ExprTree("x + TARGET.y").eval(scope=my, target=other) == 7
    assert ExprTree("x + y").eval(scope=my, target=other) == 7  # old-ClassAd fallback
    # classad2 ignores the target when no scope is given.
    assert ExprTree("TARGET.y").eval(target=other) == Value.Undefined
    assert ClassAd("[ z = TARGET.y ]").lookup("z").eval(target=other) == Value.Undefined
    assert ExprTree("1/0").eval() == Value.Error
    assert ExprTree('strcat("a", "b")').eval() == "ab"
    assert ExprTree("{1, 2.5}").eval() == [1, 2.5]
    assert ExprTree("[a = 1]").eval()["a"] == 1
    with pytest.raises(TypeError):
        ExprTree("1").eval(scope={"x": 1})
    with pytest.raises(TypeError):
        ExprTree("1").eval(target=3)


def test_value_enum():
    assert int(Value.Error) == 1 and int(Value.Undefined) == 2
    assert classad2.ParserType.Old == 0 and classad2.ParserType.New == 3
    assert classad2.ParserType.JSON == 2 and classad2.ParserType.Auto == -1
    assert classad2.Parser is classad2.ParserType


def test_expr_pickle_and_equality():
    e = ExprTree("a && b || !c")
    assert pickle.loads(pickle.dumps(e)) == e
    assert e != "a && b || !c"
    # classad2's __eq__ compares trees (HTCondor's SameAs) and defines no
    # __hash__: an ExprTree is unhashable.
    with pytest.raises(TypeError):
        hash(e)


def test_expr_equality_is_sameas():
    assert ExprTree("a + 1") == ExprTree("a  +  1")
    assert ExprTree("Memory > 1") != ExprTree("memory > 1")  # names byte for byte
    assert ExprTree("a + 1") != ExprTree("(a + 1)")  # parentheses are nodes
    assert ExprTree("1") != ExprTree("1.0") and ExprTree('"a"') != ExprTree('"A"')
    assert ExprTree("a + b") != ExprTree("b + a")
    # Not an `==` expression: a bool, False for other types.
    assert (ExprTree("x") == ExprTree("x")) is True and (ExprTree("1") == 1) is False


def test_quote_unquote():
    assert classad2.quote('a"b\\c') == '"a\\"b\\\\c"'
    assert classad2.unquote('"a\\"b"') == 'a"b'
    for text in ["", "plain", 'q"q', "back\\slash", "tab\there", "\u00e9"]:
        assert classad2.unquote(classad2.quote(text)) == text
    with pytest.raises(ValueError):
        classad2.unquote("1 +")
    with pytest.raises(ValueError):
        classad2.unquote("a + b")
    with pytest.raises(ValueError):
        classad2.unquote("12")


def test_version_and_last_error():
    # The project's version (CMakeLists.txt), which the ctest run passes on.
    assert classad2.__version__ == os.environ["CLASSAD_ENGINE_VERSION"]
    assert classad2.version() == classad2.__version__
    assert classad2.lastError() == ""


def test_simplify():
    ad = ClassAd("[ a = 2; b = a * 3 ]")
    assert ExprTree("a + 1").simplify(ad) == ExprTree("3")
    assert ad.lookup("b").simplify() == ExprTree("6")
    assert ExprTree("x").simplify() == ExprTree("undefined")
    assert ExprTree('{1, "s"}').simplify() == ExprTree('{1, "s"}')
    assert ExprTree("TARGET.m").simplify(ad, ClassAd("[ m = 1.5 ]")).eval() == 1.5
