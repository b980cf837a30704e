#!/usr/bin/env python3
"""Evaluates expression texts with HTCondor's own ClassAd library and with
ours, and prints every text on which the two differ.

HTCondor's side is the anchor driver `htc_eval` (../shared/tools/anchors),
built by you against HTCondor's libclassad outside every repository (this
project never builds HTCondor). Ours is build/classad_eval. Both read one
expression a line and print its value unparsed, or PARSE_ERROR.

  scripts/compare-with-htcondor.py --htc-eval PATH [--classad-eval PATH]
      [--my-file AD --target-file AD] INPUT...

INPUT: files of one expression a line, or folders of files each holding one
expression (libFuzzer corpora, such as build-fuzz/corpus/fuzz_parse_expression):
only single-line printable ASCII texts of at most 300 bytes are taken.
Texts that read the clock or random(), and calls of the functions HTCondor
registers outside libclassad (condor_utils' compat_classad: stringList*Match,
splitSlotName, evalInEachContext, listToArgs, ...), which a driver linked
with libclassad alone does not know, are left out unless --all is given.
Exits 1 when a difference remains, 0 otherwise.
"""
import argparse
import os
import re
import subprocess
import sys

SKIP = re.compile(
    r"(?i)(?<![a-z_0-9])time\(|currenttime|random|envV1ToV2|envV2ToV1|mergeEnvironment|listToArgs|"
    r"argsToList|splitSlotName|splitUserName|evalInEachContext|"
    r"stringListSubsetMatch|stringListISubsetMatch|userHome|userMap|macroExpand|"
    r"stringListMember|stringListIMember")


def texts(paths):
    seen = set()
    for path in paths:
        files = ([os.path.join(path, f) for f in sorted(os.listdir(path))]
                 if os.path.isdir(path) else [path])
        for f in files:
            with open(f, "rb") as h:
                data = h.read()
            lines = [data] if os.path.isdir(path) else data.split(b"\n")
            for raw in lines:
                try:
                    t = raw.decode("ascii")
                except UnicodeDecodeError:
                    continue
                if not t.strip() or len(t) > 300 or any(not 32 <= ord(c) < 127 for c in t):
                    continue
                if t not in seen:
                    seen.add(t)
                    yield t


def run(command, inputs):
    env = dict(os.environ, TZ="UTC")
    out = subprocess.run(command, input="\n".join(inputs) + "\n", capture_output=True,
                         text=True, env=env, check=False).stdout.split("\n")
    return [("PARSE_ERROR" if line.startswith("PARSE_ERROR") else line) for line in out]


def main():
    p = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    p.add_argument("--htc-eval", required=True)
    p.add_argument("--classad-eval", default="build/classad_eval")
    p.add_argument("--my-file")
    p.add_argument("--target-file")
    p.add_argument("--all", action="store_true")
    p.add_argument("inputs", nargs="+")
    a = p.parse_args()
    inputs = [t for t in texts(a.inputs) if a.all or not SKIP.search(t)]
    ads = []
    if a.my_file:
        ads += ["-my-file", a.my_file]
    if a.target_file:
        ads += ["-target-file", a.target_file]
    theirs = run([a.htc_eval, "-stdin", "-compat"] + ads, inputs)
    ours = run([a.classad_eval, "-stdin"] + ads, inputs)
    differ = 0
    for text, h, o in zip(inputs, theirs, ours):
        if h != o:
            differ += 1
            print(f"IN:       {text}\nHTCondor: {h}\nours:     {o}\n")
    print(f"{differ} of {len(inputs)} texts differ", file=sys.stderr)
    return 1 if differ else 0


if __name__ == "__main__":
    sys.exit(main())
