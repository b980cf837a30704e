"""Value and ParserType: HTCondor classad2's enumerations, same members and numbers."""

import enum


class Value(enum.IntEnum):
    """The special ClassAd values a conversion may give."""

    Error = 1 << 0
    Undefined = 1 << 1


class ParserType(enum.IntEnum):
    """The serialisations parseAds, parseOne and parseNext read."""

    Auto = -1
    Old = 0
    XML = 1  # accepted by classad2 but unsupported here (ClassAdException)
    JSON = 2
    New = 3
    FileAuto = 4
