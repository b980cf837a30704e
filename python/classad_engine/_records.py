"""Record: read-only attribute access over the JSON objects the negotiator
writes (its results and records), nested objects and lists included."""


class Record:
    """A JSON object whose keys read as attributes (`r.submitter`) or items
    (`r["submitter"]`); nested objects are Records, lists lists of them."""

    __slots__ = ("_data",)

    def __init__(self, data):
        """`data`: a dict as json.loads gives it."""
        object.__setattr__(self, "_data", data)

    @staticmethod
    def wrap(value):
        """`value` with every dict in it made a Record."""
        if isinstance(value, dict):
            return Record(value)
        if isinstance(value, list):
            return [Record.wrap(v) for v in value]
        return value

    def __getattr__(self, name):
        try:
            return Record.wrap(self._data[name])
        except KeyError:
            raise AttributeError(name) from None

    def __getitem__(self, key):
        return Record.wrap(self._data[key])

    def __setattr__(self, name, value):
        raise AttributeError("records are read-only")

    def __contains__(self, key):
        return key in self._data

    def __iter__(self):
        return iter(self._data)

    def keys(self):
        """The object's keys, in the order written."""
        return self._data.keys()

    def as_dict(self):
        """The object as plain dicts and lists (as json.loads gives it)."""
        return self._data

    def __eq__(self, other):
        return isinstance(other, Record) and self._data == other._data

    __hash__ = None

    def __repr__(self):
        return f"Record({self._data!r})"
