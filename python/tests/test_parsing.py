"""parseAds, parseOne, parseNext over the old, new and JSON formats."""

import io

import pytest

import classad_engine as classad2
from classad_engine import ParserType

OLD = 'A = 1\nB = "x"\n\nA = 2\nC = true\n\n'
NEW = '[ A = 1; B = "x" ]\n[ A = 2; C = true ]\n'
JSON = '[ { "A": 1, "B": "x" }, { "A": 2, "C": true } ]'


@pytest.mark.parametrize("text,parser", [
    (OLD, ParserType.Old), (OLD, ParserType.Auto), (NEW, ParserType.New),
    (NEW, ParserType.Auto), (JSON, ParserType.JSON), (JSON, ParserType.Auto)])
def test_parse_ads(text, parser):
    ads = list(classad2.parseAds(text, parser))
    assert [ad["A"] for ad in ads] == [1, 2]
    assert ads[0]["B"] == "x" and ads[1]["C"] is True


def test_parse_from_file_object():
    ads = list(classad2.parseAds(io.StringIO(OLD)))
    assert len(ads) == 2


def test_parse_one_merges():
    ad = classad2.parseOne(OLD, ParserType.Old)
    assert ad["A"] == 2 and ad["B"] == "x" and ad["C"] is True


def test_parse_next_first():
    assert classad2.parseNext(NEW)["A"] == 1
    with pytest.raises(ValueError):
        classad2.parseNext("")


def test_bad_input_value_error_with_location():
    with pytest.raises(ValueError) as info:
        list(classad2.parseAds("A = 1\nB = (\n", ParserType.Old))
    assert "2:" in str(info.value)
    with pytest.raises(classad2.ClassAdException):
        list(classad2.parseAds(NEW, ParserType.XML))
    with pytest.raises(ValueError):
        list(classad2.parseAds(NEW, 17))
