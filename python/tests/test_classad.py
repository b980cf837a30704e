"""ClassAd as classad2 documents it: a mutable mapping built from None, text or a dict."""

import datetime
import pickle

import pytest

import classad_engine as classad2
from classad_engine import ClassAd, ExprTree, Value


def test_empty_and_text_and_dict():
    assert len(ClassAd()) == 0
    ad = ClassAd('[ Foo = 1; Bar = "x" ]')
    assert ad["foo"] == 1 and ad["BAR"] == "x"
    assert list(ad) == ["Foo", "Bar"]
    ad2 = ClassAd({"a": 1, "b": 2.5, "c": "s", "d": True, "e": [1, 2], "f": {"x": 1}})
    assert ad2["a"] == 1 and ad2["b"] == 2.5 and ad2["c"] == "s" and ad2["d"] is True
    assert ad2["e"] == [1, 2]
    assert isinstance(ad2["f"], ClassAd) and ad2["f"]["x"] == 1
    with pytest.raises(TypeError):
        ClassAd(42)


def test_bad_text_raises_classad_exception_with_location():
    with pytest.raises(classad2.ClassAdException) as info:
        ClassAd("[ a = ")
    assert "Unable to parse string into a ClassAd" in str(info.value)
    assert "1:7" in str(info.value)


def test_mapping_operations():
    ad = ClassAd()
    ad["x"] = 5
    ad["y"] = ExprTree("x * 2")
    assert "X" in ad and 3 not in ad
    assert isinstance(ad["y"], ExprTree) and str(ad["y"]) == "x * 2"
    assert ad.eval("y") == 10
    del ad["x"]
    assert "x" not in ad
    with pytest.raises(KeyError):
        ad["x"]
    with pytest.raises(KeyError):
        del ad["nothere"]
    with pytest.raises(TypeError):
        ad[1] = 2
    ad.update({"z": None})
    assert ad["z"] == Value.Undefined
    assert ad.get("missing", 7) == 7
    assert set(ad.keys()) == {"y", "z"}


def test_conversions_to_python():
    ad = ClassAd('[ i = 3; r = 1.5; s = "t"; b = false; u = undefined; e = error;'
                 ' l = { 1, "a", x + 1 }; n = [ q = 2 ]; t = absTime("2024-01-02T03:04:05Z");'
                 ' d = relTime("1+00:00:00") ]')
    assert ad["i"] == 3 and type(ad["i"]) is int
    assert ad["r"] == 1.5 and ad["s"] == "t" and ad["b"] is False
    assert ad["u"] is Value.Undefined or ad["u"] == Value.Undefined
    assert ad["l"][:2] == [1, "a"] and isinstance(ad["l"][2], ExprTree)
    assert ad["n"]["q"] == 2
    assert ad.eval("t") == datetime.datetime(2024, 1, 2, 3, 4, 5, tzinfo=datetime.timezone.utc)
    assert ad.eval("d") == 86400.0
    assert ad.eval("e") == Value.Error


def test_conversions_from_python():
    ad = ClassAd()
    ad["err"] = Value.Error
    ad["und"] = Value.Undefined
    ad["when"] = datetime.datetime(2024, 1, 1, tzinfo=datetime.timezone.utc)
    ad["raw"] = b"bytes"
    ad["nested"] = ClassAd({"k": "v"})
    assert ad.eval("err") == Value.Error and ad["und"] == Value.Undefined
    assert ad.eval("when") == datetime.datetime(2024, 1, 1, tzinfo=datetime.timezone.utc)
    assert ad["raw"] == "bytes" and ad["nested"]["k"] == "v"
    with pytest.raises(classad2.ClassAdException):
        ad["bad"] = object()
    with pytest.raises(classad2.ClassAdException):
        ad["huge"] = 1 << 70


def test_lookup_and_eval():
    ad = ClassAd("[ a = 2; b = a + 1 ]")
    tree = ad.lookup("b")
    assert isinstance(tree, ExprTree) and tree.eval() == 3
    assert ad.lookup("a") == ExprTree("2")
    with pytest.raises(KeyError):
        ad.lookup("c")
    with pytest.raises(KeyError):
        ad.eval("c")


def test_matches_and_symmetric_match():
    job = ClassAd('[ Requirements = TARGET.Memory >= 100; Memory = 10 ]')
    slot = ClassAd('[ Requirements = TARGET.Memory < 50; Memory = 200 ]')
    assert slot.matches(job)          # job's Requirements against the slot
    assert job.matches(slot)          # slot's Requirements against the job
    assert job.symmetricMatch(slot) and slot.symmetricMatch(job)
    small = ClassAd("[ Memory = 1 ]")
    assert not small.matches(job)
    assert not job.matches(small)     # no Requirements: False
    assert ClassAd("[ x = 1 ]").matches(ClassAd("[ Requirements = 2 ]"))  # non-zero number
    assert not ClassAd().matches(ClassAd("[ Requirements = undefined ]"))
    with pytest.raises(TypeError):
        job.matches({"Requirements": True})


def test_references():
    ad = ClassAd("[ a = 1; b = a + c ]")
    assert ad.externalRefs(ExprTree("b + TARGET.x")) == ["c", "TARGET.x"] or \
        sorted(ad.externalRefs(ExprTree("b + TARGET.x"))) == ["TARGET.x", "c"]
    assert sorted(ad.internalRefs(ExprTree("b"))) == ["a", "b"]
    with pytest.raises(TypeError):
        ad.externalRefs("b")


def test_print_old_and_json_and_str():
    ad = ClassAd('[ A = 1; S = "x"; E = A + 1 ]')
    old = ad.printOld()
    assert "A = 1\n" in old and 'S = "x"\n' in old and "E = A + 1\n" in old
    json_text = ad.printJson()
    import json
    parsed = json.loads(json_text)
    assert parsed["A"] == 1 and parsed["S"] == "x" and parsed["E"] == "/Expr(A + 1)/"
    # HTCondor's unparser order: by name length, then by name.
    assert repr(ad) == '[ A = 1; E = A + 1; S = "x" ]'
    assert ClassAd(str(ad)) == ad
    # classad2's str() is HTCondor's PrettyPrint; printOld() its old unparser,
    # one line per attribute in the unparser's order, no blank line after.
    assert str(ad).startswith("\n    [\n        A = 1; \n")
    assert old == 'A = 1\nE = A + 1\nS = "x"\n'


def test_pickle_and_equality():
    ad = ClassAd('[ a = { 1, 2 }; b = [ c = "d" ]; e = a[0] + 1 ]')
    back = pickle.loads(pickle.dumps(ad))
    assert back == ad and back is not ad
    assert ad != ClassAd("[ a = 1 ]")
    assert (ad == 3) is False


def test_ad_equality_is_sameas():
    # Attributes found in any case, their trees compared as ExprTree ==.
    assert ClassAd("[ a = 1; b = x + 1 ]") == ClassAd("[ B = x + 1; A = 1 ]")
    assert ClassAd("[ a = x ]") != ClassAd("[ a = X ]")
    assert ClassAd("[ a = 1 ]") != ClassAd("[ a = 1.0 ]")
    assert ClassAd({"a": 1}) == ClassAd("[ a = 1 ]")
    assert ClassAd("[ a = 1 ]").__eq__("[ a = 1 ]") is NotImplemented


def test_flatten_gives_a_value_or_the_expression_left():
    ad = ClassAd("[ RequestMemory = 2; A = B + 1; N = [ x = 1 ] ]")
    assert ad.flatten(ExprTree("RequestMemory * 1024 * 1024")) == 2097152
    # HTCondor gathers the constants of + and * on the left.
    left = ClassAd().flatten(ExprTree("RequestMemory * 1024 * 1024"))
    assert isinstance(left, ExprTree) and str(left) == "1048576 * RequestMemory"
    assert str(ad.flatten(ExprTree("TARGET.Memory >= RequestMemory * 1024"))) == \
        "TARGET.Memory >= 2048"
    assert str(ad.flatten(ExprTree("A + 2"))) == "2 + A"  # A does not reduce: kept
    assert str(ad.flatten(ExprTree("N"))) == "N"  # nested ads are not inlined
    assert str(ClassAd().flatten(ExprTree("x && true"))) == "x"
    assert ClassAd().flatten(ExprTree("false && x")) is False
    assert ClassAd().flatten(ExprTree("nosuchfunction(1)")) == Value.Error
    assert str(ClassAd().flatten(ExprTree("{ 1 + 1, x }"))) == str(ExprTree("{ 2, x }"))


def test_flatten_errors():
    with pytest.raises(ValueError):
        ClassAd("[ a = b; b = a ]").flatten(ExprTree("a"))
    with pytest.raises(TypeError):
        ClassAd().flatten("a + 1")
