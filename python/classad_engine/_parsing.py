"""parseAds, parseOne, parseNext, quote, unquote (classad2's module functions)."""

from . import _core
from ._class_ad import ClassAd
from ._enums import ParserType


def _text_of(input):
    if isinstance(input, str):
        return input
    return "".join(input)


def _handles(input, parser):
    return _core.parse_text(_text_of(input), int(parser))


def parseAds(input, parser=ParserType.Auto):
    """An iterator over the ads of a string or a file object (or any
    iterable of strings). ValueError (where the text is wrong) when invalid."""
    return (ClassAd._wrap(h) for h in _handles(input, parser))


def parseOne(input, parser=ParserType.Auto):
    """Every ad of the input merged into one (later attributes win)."""
    result = ClassAd()
    for ad in parseAds(input, parser):
        result.update({key: ad.lookup(key) for key in ad})
    return result


def parseNext(input, parser=ParserType.Auto):
    """The first ad of the input (ValueError when there is none)."""
    handles = _handles(input, parser)
    if not handles:
        raise ValueError("Unable to parse input stream into a ClassAd.")
    return ClassAd._wrap(handles[0])


def quote(input):
    """`input` as a ClassAd string literal, with its quotes."""
    return _core.quote(input)


def unquote(input):
    """The string a ClassAd string literal stands for (ValueError otherwise)."""
    return _core.unquote(input)
