#!/usr/bin/env python3
"""Writes the seed corpora of the libFuzzer targets.

Usage: fuzz/make_corpus.py OUT_DIR

Seeds come from the repository itself: the expressions of the conformance
cases (tests/data/conformance/cases.tsv), the conformance ads, the example
ads (examples/) and their attribute values, the hand-picked seeds committed
in fuzz/seeds/ (configuration and map files in fuzz/seeds/config/), the
example configuration (examples/policy/) and a few value texts at the edges
of the ingest fast path. Each
target gets OUT_DIR/<target>/, one file per seed, named by its SHA-1 so that
rerunning is idempotent.
"""
import hashlib
import os
import sys

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
CONFORMANCE = os.path.join(ROOT, "tests", "data", "conformance")
EXAMPLES = os.path.join(ROOT, "examples")
SEEDS = os.path.join(ROOT, "fuzz", "seeds")

# The first byte of a fuzz_parse_ad input: format in bits 0-1.
AUTO, NEW, OLD, JSON = 0, 1, 2, 3
STREAM = 4


def read(path):
    """The bytes of a file."""
    with open(path, "rb") as f:
        return f.read()


def case_expressions():
    """The expression column of cases.tsv, without duplicates."""
    seen = []
    found = set()
    for line in read(os.path.join(CONFORMANCE, "cases.tsv")).split(b"\n"):
        if not line or line.startswith(b"#"):
            continue
        fields = line.split(b"\t")
        if len(fields) == 6 and fields[4] not in found:
            found.add(fields[4])
            seen.append(fields[4])
    return seen


def committed(kind):
    """The hand-picked seeds of fuzz/seeds/<kind>/."""
    folder = os.path.join(SEEDS, kind)
    if not os.path.isdir(folder):
        return []
    return [read(os.path.join(folder, n)) for n in sorted(os.listdir(folder))]


def config_seeds():
    """fuzz_config inputs: selector byte (0 text, 2 root file, 1 map file)
    then the text, from fuzz/seeds/config/ (*.map are map files) and the
    example configuration (examples/policy/)."""
    out = []
    folder = os.path.join(SEEDS, "config")
    names = sorted(os.listdir(folder)) if os.path.isdir(folder) else []
    for name in names:
        text = read(os.path.join(folder, name))
        if name.endswith(".map"):
            out.append(b"\x01" + text)
        else:
            out += [b"\x00" + text, b"\x02" + text]
    examples = os.path.join(EXAMPLES, "policy")
    for root, _, files in sorted(os.walk(examples)) if os.path.isdir(examples) else []:
        for name in sorted(files):
            text = read(os.path.join(root, name))
            out.append((b"\x01" if name.endswith(".map") else b"\x00") + text)
    return out


def ad_files():
    """(format, bytes) of every ad file of the repository."""
    out = []
    for name in ("job.ad", "machine.ad", "misc.ad"):
        out.append((NEW, read(os.path.join(CONFORMANCE, name))))
    suffixes = {".ad": NEW, ".json": JSON}
    for name in sorted(os.listdir(EXAMPLES)) if os.path.isdir(EXAMPLES) else []:
        fmt = OLD if ".old." in name else suffixes.get(os.path.splitext(name)[1])
        if fmt is not None:
            out.append((fmt, read(os.path.join(EXAMPLES, name))))
    return out


# Value texts at the edges of the ingest fast path (ParseSimpleLiteral):
# numbers near the 64-bit range and the double range, signs, exponents,
# string and list shapes it takes or must decline.
FASTPATH_VALUES = [
    b"0", b"-0", b"-0.0", b"0.0", b"1.5e+05", b"2.5E-3", b"123456789012345678",
    b"-123456789012345678", b"1234567890123456789", b"9223372036854775807",
    b"-9223372036854775808", b"1.7976931348623157e308", b"1.0e309", b"4.9e-324",
    b"2.2250738585072011e-308", b"0.1000000000000000055511151231257827", b"00.5",
    b"1.", b".5", b"1e5", b"- 1", b"--1", b"-true", b"TrUe", b"false", b"\"\"",
    b"\"a b\"", b"\"a\\\"b\"", b"\"x\" \"y\"", b"{}", b"{ }", b"{\t}", b"{ 1 }",
    b"{1,-2,3.5,\"s\",true}", b"{ \"a,b\" , \"c\" }", b"{ 1, }", b"{ ,1 }", b"{ {1} }",
    b"{ -1e5 }", b"{ 1 /* c */ }", b"{ 1 // c }", b"{\"}\"}", b"1 ", b" 1",
]


def value_texts(ads):
    """Right-hand sides of `name = value` lines of the ad files, one line each."""
    out = []
    for _, text in ads:
        for line in text.split(b"\n"):
            name, eq, value = line.partition(b"=")
            value = value.strip().rstrip(b";").strip()
            if eq and name.strip() and value:
                out.append(value)
    return out


def write(out_dir, target, seeds):
    """Writes `seeds` into out_dir/target; returns how many files exist."""
    folder = os.path.join(out_dir, target)
    os.makedirs(folder, exist_ok=True)
    for seed in seeds:
        name = hashlib.sha1(seed).hexdigest()
        path = os.path.join(folder, name)
        if not os.path.exists(path):
            with open(path, "wb") as f:
                f.write(seed)
    return len(os.listdir(folder))


def main():
    if len(sys.argv) != 2:
        sys.exit(__doc__)
    out_dir = sys.argv[1]
    exprs = case_expressions() + committed("expressions")
    ads = ad_files()
    new_ads = [text for fmt, text in ads if fmt == NEW] + committed("ads")
    one_attribute = [b"[ x = " + e + b" ]" for e in exprs]

    parse_ad = []
    for fmt, text in ads:
        for selector in (AUTO, fmt, fmt | STREAM, fmt | 8):
            parse_ad.append(bytes([selector]) + text)
    for text in committed("ads"):
        parse_ad.append(bytes([NEW]) + text)
    for text in committed("old_ads"):
        parse_ad.append(bytes([OLD]) + text)
    for text in committed("json_ads"):
        parse_ad.append(bytes([JSON]) + text)
    # A sample of single-attribute ads in new and old syntax.
    for e in exprs[::8]:
        parse_ad.append(bytes([NEW]) + b"[ x = " + e + b" ]")
        parse_ad.append(bytes([OLD]) + b"x = " + e + b"\n")

    # fuzz_ingest_fastpath: selector byte 0 (default limits), 1 (strict
    # lexer); a sample also under small limits (selector 0x80-0xFF, a second
    # byte).
    values = exprs + value_texts(ads) + FASTPATH_VALUES
    fastpath = [b"\x00" + v for v in values]
    fastpath += [b"\x01" + v for v in values[::8]]
    for i, v in enumerate(values[::4] + FASTPATH_VALUES):
        fastpath.append(bytes([0x80 | (i * 37) % 128, (i * 101) % 256]) + v)

    counts = {
        "fuzz_parse_expression": write(out_dir, "fuzz_parse_expression", exprs),
        "fuzz_parse_fastpath": write(out_dir, "fuzz_parse_fastpath", exprs),
        "fuzz_evaluate": write(out_dir, "fuzz_evaluate", exprs),
        "fuzz_unparse_roundtrip": write(out_dir, "fuzz_unparse_roundtrip", exprs),
        "fuzz_parse_ad": write(out_dir, "fuzz_parse_ad", parse_ad),
        "fuzz_ad_roundtrip": write(out_dir, "fuzz_ad_roundtrip", new_ads + one_attribute),
        "fuzz_ingest_fastpath": write(out_dir, "fuzz_ingest_fastpath", fastpath),
        "fuzz_config": write(out_dir, "fuzz_config", config_seeds()),
        # fuzz_lint takes the configuration texts without the selector byte.
        "fuzz_lint": write(out_dir, "fuzz_lint",
                           [s[1:] for s in config_seeds() if s[:1] == b"\x00"]),
        # fuzz_negotiator: config, slots, jobs (and an accountant) between
        # %% lines, hand-made in fuzz/seeds/fuzz_negotiator/.
        "fuzz_negotiator": write(out_dir, "fuzz_negotiator", committed("fuzz_negotiator")),
        # fuzz_workload: a selector byte (0 job ads with history, 1 an SWF
        # trace, 2 a mapping, %% and a trace, 3 a negotiator test file) and
        # the text, hand-made in fuzz/seeds/fuzz_workload/.
        "fuzz_workload": write(out_dir, "fuzz_workload", committed("fuzz_workload")),
        # fuzz_dirac_config: a selector byte (the Operations view: bit 0 a
        # setup, bit 1 a VO, bit 2 DIRAC 9's layout) and a DIRAC
        # configuration, hand-made in fuzz/seeds/fuzz_dirac_config/.
        "fuzz_dirac_config": write(out_dir, "fuzz_dirac_config", committed("fuzz_dirac_config")),
        # fuzz_ad_file: a selector byte (bit 0: strict lexer, bit 1: format
        # detected), then a file of old-syntax ads; a few with CR line ends
        # and blank lines that hold only spaces.
        "fuzz_ad_file": write(out_dir, "fuzz_ad_file",
                              [bytes([0]) + t for f, t in ads if f == OLD] +
                              [bytes([2]) + t for f, t in ads] +
                              [bytes([0]) + t for t in committed("old_ads")] +
                              [bytes([0]) + t.replace(b"\n", b"\r\n") for t in committed("old_ads")] +
                              [bytes([0]) + t.replace(b"\n\n", b"\n  \n") for t in committed("old_ads")]),
    }
    for target, n in counts.items():
        print(f"make_corpus: {target}: {n} seeds")


if __name__ == "__main__":
    main()
