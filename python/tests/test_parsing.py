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
    # classad2: None when the input holds no ad.
    assert classad2.parseNext("") is None and classad2.parseNext("  \n") is None


@pytest.mark.parametrize("text,parser", [(OLD, ParserType.Old), (NEW, ParserType.New),
                                         (OLD, ParserType.Auto), (NEW, ParserType.Auto)])
def test_parse_next_leaves_a_file_after_the_ad(text, parser):
    f = io.StringIO("\n" + text)
    first = classad2.parseNext(f, parser)
    assert first["A"] == 1 and 0 < f.tell() < len(text)
    second = classad2.parseNext(f, parser)
    assert second["A"] == 2 and "B" not in second
    assert classad2.parseNext(f, parser) is None


def test_parse_ads_moves_a_file_ad_by_ad():
    f = io.StringIO("junk before\n" + NEW)
    f.seek(len("junk before\n"))
    ads = classad2.parseAds(f, ParserType.New)
    assert f.tell() == len("junk before\n")  # nothing read before the first ad is asked for
    first = next(ads)
    after_first = f.tell()
    assert first["A"] == 1 and NEW.index("[ A = 2") <= after_first - len("junk before\n") + 1
    assert f.read().lstrip().startswith("[ A = 2")
    assert next(ads)["A"] == 2
    assert list(ads) == [] and f.tell() == len("junk before\n" + NEW)


def test_parse_ads_yields_the_ads_before_invalid_text():
    ads = classad2.parseAds('[ A = 1 ]\n[ A = ( ]\n', ParserType.New)
    assert next(ads)["A"] == 1
    with pytest.raises(ValueError) as info:
        next(ads)
    assert "2:" in str(info.value)


def test_parse_one_leaves_a_file_at_its_end():
    f = io.StringIO(OLD)
    assert classad2.parseOne(f, ParserType.Old)["A"] == 2
    assert f.tell() == len(OLD)


def test_bad_input_value_error_with_location():
    with pytest.raises(ValueError) as info:
        list(classad2.parseAds("A = 1\nB = (\n", ParserType.Old))
    assert "2:" in str(info.value)
    with pytest.raises(classad2.ClassAdException):
        list(classad2.parseAds(NEW, ParserType.XML))
    with pytest.raises(ValueError):
        list(classad2.parseAds(NEW, 17))
