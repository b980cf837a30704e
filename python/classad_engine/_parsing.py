"""parseAds, parseOne, parseNext, quote, unquote (classad2's module functions)."""

from . import _core
from ._class_ad import ClassAd
from ._enums import ParserType


def _ads_with_offsets(input, parser):
    """(ad, bytes consumed so far) for each ad of `input`, one at a time, as
    classad2 reads them: a file object (or any iterable of strings) is
    joined into one text at the first step; a file is then left just past
    each ad as it is read (position: its tell() at the start plus the UTF-8
    bytes consumed, as classad2 seeks)."""
    is_file = not isinstance(input, str)
    start = input.tell() if is_file and hasattr(input, "tell") else None
    if not is_file:
        text = input
    elif hasattr(input, "read"):
        text = input.read()  # what "".join(input) gives, in one call
    else:
        text = "".join(input)
    stream = _core.AdStream(text, int(parser))
    while True:
        handle = stream.next()
        if start is not None:
            input.seek(start + stream.offset(), 0)
        if handle is None:
            return
        yield ClassAd._wrap(handle)


def parseAds(input, parser=ParserType.Auto):
    """A generator over the ads of a string or a file object (or any
    iterable of strings); nothing is read until the first ad is asked for.
    ValueError (where the text is wrong) when it reaches invalid text."""
    return _ads_with_offsets(input, parser)


def parseOne(input, parser=ParserType.Auto):
    """Every ad of the input merged into one (later attributes win)."""
    result = ClassAd()
    for ad in _ads_with_offsets(input, parser):
        result.update({key: ad.lookup(key) for key in ad})
    return result


def parseNext(input, parser=ParserType.Auto):
    """The first ad of the input, or None when it holds none. A file object
    is left just past that ad (classad2 reads it from the file descriptor)."""
    if isinstance(input, str):
        return next(_ads_with_offsets(input, parser), None)
    if parser == ParserType.Auto:
        parser = _peek_parser(input)
    ads = _ads_with_offsets(input, parser)
    ad = next(ads, None)
    ads.close()
    return ad


def _peek_parser(input):
    """classad2's guess for a file: New when the first non-blank character
    is '[' or '/', else Old; the position is restored."""
    location = input.tell()
    parser = ParserType.New
    while True:
        c = input.read(1)
        if c in ("/", "["):
            break
        if not c:
            break
        if not c.isspace():
            parser = ParserType.Old
            break
    input.seek(location)
    return parser


def quote(input):
    """`input` as a ClassAd string literal, with its quotes."""
    return _core.quote(input)


def unquote(input):
    """The string a ClassAd string literal stands for (ValueError otherwise)."""
    return _core.unquote(input)
