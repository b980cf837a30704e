"""Random and hostile text through every entry point: a Python exception or a
value, never a crash. Seeded, so a failure reproduces; a few seconds at most."""

import random

import pytest

import classad_engine as classad2
from classad_engine import ClassAd, ExprTree, ParserType

PIECES = ['[', ']', '{', '}', '(', ')', '"', "'", '\\', ';', ',', '=', '==', '=?=', '.',
          'a', 'TARGET', 'MY', 'parent', '1', '0x', '1e308', '-', '/', '?', ':', '&&',
          'strcat(', 'eval(', 'ifThenElse(', 'regexp(', 'undefined', 'error', '\n', ' ',
          '/*', '*/', '//', '\x00', '\xff', '\u00e9', 'absTime(', 'relTime(', '{}', '[]']

ERRORS = (classad2.ClassAdException, ValueError, KeyError, TypeError)


def random_text(rng, n):
    return "".join(rng.choice(PIECES) for _ in range(rng.randrange(n)))


def test_random_text_everywhere():
    rng = random.Random(28)
    ad = ClassAd("[ a = 1; b = { 1, 2 }; Requirements = TARGET.a > 0 ]")
    for _ in range(3000):
        text = random_text(rng, 30)
        for call in (lambda: ExprTree(text).eval(ad, ad),
                     lambda: ClassAd(text),
                     lambda: ClassAd("[ x = " + text + " ]").eval("x"),
                     lambda: ad.flatten(ExprTree(text)),
                     lambda: ClassAd("[ x = " + text + " ]").flatten(ExprTree("x + y")),
                     lambda: ExprTree(text) == ExprTree(text),
                     lambda: classad2.parseNext(text),
                     lambda: list(classad2.parseAds(text)),
                     lambda: list(classad2.parseAds(text, ParserType.JSON)),
                     lambda: list(classad2.parseAds(text, ParserType.Old)),
                     lambda: classad2.unquote(text),
                     lambda: classad2.quote(text)):
            try:
                call()
            except ERRORS:
                pass


def test_deep_nesting_is_refused_not_crashing():
    for text in ["(" * 100000 + "1" + ")" * 100000, "[a=" * 50000 + "1" + "]" * 50000,
                 "{" * 100000, "-" * 200000 + "1"]:
        try:
            ExprTree(text).eval()
        except ERRORS:
            pass
    # A chain of references each deep in its expression: flatten stops at
    # the evaluation depth limit instead of exhausting the stack.
    deep = "(" * 100 + "a{} + 1" + ")" * 100
    chain = ClassAd({f"a{i}": ExprTree(deep.format(i + 1)) for i in range(50)})
    with pytest.raises(ValueError):
        chain.flatten(ExprTree("a0"))


def test_self_reference_and_runaway_evaluation():
    ad = ClassAd("[ a = b; b = a; c = c + 1 ]")
    assert ad.eval("a") in (classad2.Value.Undefined, classad2.Value.Error)
    assert ad.eval("c") in (classad2.Value.Undefined, classad2.Value.Error)


@pytest.mark.parametrize("value", [object(), {1: 2}, 3 + 4j, set(), 1 << 80])
def test_unconvertible_values_raise(value):
    with pytest.raises(ERRORS):
        ClassAd()["x"] = value


def test_deeply_nested_python_values_raise():
    deep = []
    for _ in range(100000):
        deep = [deep]
    with pytest.raises(classad2.ClassAdException):
        ClassAd()["x"] = deep
    nested = {}
    for _ in range(5000):
        nested = {"n": nested}
    with pytest.raises((RecursionError, classad2.ClassAdException)):
        ClassAd(nested)


def test_wrong_types_and_bad_strings_raise_clear_errors():
    with pytest.raises(UnicodeEncodeError):
        ClassAd()["x"] = "\udcff"
    for call in (lambda: ClassAd()["\udcff"], lambda: ClassAd("[a=\"\udcff\"]"),
                 lambda: ExprTree("\udcff"), lambda: list(classad2.parseAds("\udcff"))):
        with pytest.raises((TypeError, UnicodeEncodeError)):
            call()
    with pytest.raises(TypeError):
        classad2.bulk.eval_over("a", [1, 2])
    with pytest.raises(TypeError):
        classad2.bulk.count_matches([None], [ClassAd()])
    with pytest.raises(TypeError):
        classad2.bulk.eval_over(3, [ClassAd()])
    with pytest.raises(ValueError):
        classad2.bulk.read_ads_file("/nonexistent\x00x")
