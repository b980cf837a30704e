#!/usr/bin/env python3
"""Writes a tool's manual page (roff, man macros) from its -help output, the
one source of its documentation (run by the build, cmake/man_pages.cmake).

  help-to-man.py --name NAME --version X.Y.Z (--program PATH | --help-file FILE)
                 [--help-arg ARG] [--see-also NAME,...] --output FILE.1

How the help text becomes a page:
  - the paragraphs starting with "usage:" make the SYNOPSIS (the first) or,
    later ones, a subsection each (a tool with commands prints one per command);
  - the first sentence of the first other paragraph is the NAME line's summary
    (cut at its first colon or comma);
  - indented lines are option lists: "  -opt ARG   what it does" becomes a
    tagged paragraph (.TP), the more indented lines below it continue it; an
    indented block that is not such a list stays as it is (.nf);
  - a paragraph starting with "Exit status:" is the EXIT STATUS section;
  - everything else is DESCRIPTION text, in the help's order.
Exit status: 0 written; 1 the program failed to run or printed no help;
2 bad usage.
"""

import argparse
import re
import subprocess
import sys

GAP = re.compile(r"\S(\s{2,})\S")


def escape(text):
    """`text` as roff text: backslashes, option dashes and non-ASCII escaped."""
    out = text.replace("\\", "\\e")
    out = re.sub(r"(?<![A-Za-z0-9])-", r"\\-", out)
    out = "".join(c if ord(c) < 128 else "\\[u%04X]" % ord(c) for c in out)
    return out


def line(text):
    """One roff input line of text: a leading . or ' must not start a request."""
    return "\\&" + text if text[:1] in (".", "'") else text


def bold_options(text):
    """`text` escaped, with its option words (-x, --long, -x=VALUE's -x) bold."""
    words = re.split(r"(\s+)", text)
    out = []
    for w in words:
        m = re.match(r"^(\[?)(--?[A-Za-z][A-Za-z0-9-]*)(.*)$", w)
        if m:
            option = m.group(2).replace("-", "\\-")  # every dash of an option is a minus
            out.append(escape(m.group(1)) + "\\fB" + option + "\\fR" + escape(m.group(3)))
        else:
            out.append(escape(w))
    return "".join(out)


def paragraphs(text):
    """The help text as lists of lines, split at blank lines, tabs expanded."""
    paras, current = [], []
    for raw in text.expandtabs(8).splitlines():
        raw = raw.rstrip()
        if raw:
            current.append(raw)
        elif current:
            paras.append(current)
            current = []
    if current:
        paras.append(current)
    return paras


def indent(s):
    return len(s) - len(s.lstrip(" "))


def option_items(lines):
    """Parses indented `lines` as an option list: [(term, [description lines])],
    or None when they are not one. A line at the block's indentation starts an
    item: its term ends at the gap of two or more spaces that ends at the
    block's description column (the column most of its gaps end at), else at
    its first gap; a term alone takes its description from the more indented
    lines below it."""
    base = indent(lines[0])
    ends = {}
    for s in lines:
        if indent(s) == base:
            for m in GAP.finditer(s, base):
                ends[m.end(1)] = ends.get(m.end(1), 0) + 1
    column = max(ends, key=lambda c: (ends[c], c)) if ends else None
    items = []
    for s in lines:
        if indent(s) == base:
            gaps = list(GAP.finditer(s, base))
            chosen = [m for m in gaps if m.end(1) == column] or gaps[:1]
            if chosen:
                items.append((s[base:chosen[0].start(1)], [s[chosen[0].end(1):]]))
            elif column and len(s) > column and s[column - 1] == " " and s[column] != " ":
                # A term one space short of the column: "--long-option FILE what".
                items.append((s[base:column - 1], [s[column:]]))
            else:
                items.append((s.strip(), []))
        elif indent(s) > base and items:
            items[-1][1].append(s.strip())
        else:
            return None
    if any(not desc for _, desc in items):
        return None
    return items


def render_block(lines, out):
    """Renders one paragraph's lines: prose runs filled, indented runs as
    option lists (or kept as they are)."""
    runs = []
    for s in lines:
        kind = "indented" if s.startswith(" ") else "prose"
        if runs and runs[-1][0] == kind:
            runs[-1][1].append(s)
        else:
            runs.append((kind, [s]))
    out.append(".PP")
    for kind, run in runs:
        if kind == "prose":
            out.extend(line(escape(s.strip())) for s in run)
            continue
        items = option_items(run)
        if items is None:
            out.append(".RS 2")
            out.append(".nf")
            base = min(indent(s) for s in run)
            out.extend(line(escape(s[base:])) for s in run)
            out.append(".fi")
            out.append(".RE")
            continue
        for term, desc in items:
            out.append(".TP")
            out.append(line(bold_options(term)))
            out.extend(line(escape(d)) for d in desc)
        out.append(".PP")


def summary_of(paras):
    """The NAME line's summary: the first sentence of the first paragraph that
    is not a usage (nor the exit status), cut at its first colon or comma, starting lower-case."""
    for p in paras:
        if re.match(r"(?i)(usage|exit status):", p[0]) or p[0].startswith(" "):
            continue
        text = " ".join(s.strip() for s in p if not s.startswith(" "))
        sentence = re.split(r"(?<=\.)\s", text, maxsplit=1)[0].rstrip(".")
        sentence = re.split(r"[:,]\s", sentence, maxsplit=1)[0]
        return sentence[:1].lower() + sentence[1:]
    return ""


def synopsis(p, name, out):
    """A usage paragraph as synopsis lines: the program name bold."""
    out.append(".nf")
    for i, s in enumerate(p):
        s = re.sub(r"(?i)^usage:\s*", "", s) if i == 0 else s.strip()
        rest = s[len(name):] if s.startswith(name) else None
        if rest is not None:
            out.append(line("\\fB" + escape(name) + "\\fR" + bold_options(rest)))
        else:
            out.append(line("    " + bold_options(s)))
    out.append(".fi")


def to_man(help_text, name, version, see_also):
    """The manual page (section 1) for `name` from its help text."""
    paras = paragraphs(help_text)
    if not paras:
        raise ValueError("empty help text")
    out = ['.\\" Generated by scripts/help-to-man.py from `%s -help`; do not edit.' % name,
           '.TH "%s" 1 "" "classad_engine %s" "User Commands"' % (name.upper(), version),
           ".SH NAME",
           "%s \\- %s" % (escape(name), escape(summary_of(paras)) or "a classad_engine tool"),
           ".SH SYNOPSIS"]
    usages = [p for p in paras if re.match(r"(?i)usage:", p[0])]
    for p in usages:
        synopsis(p, name, out)
    if not usages:
        out.append("\\fB%s\\fR [options]" % escape(name))
    out.append(".SH DESCRIPTION")
    exit_status = None
    for p in paras:
        if re.match(r"(?i)usage:", p[0]):
            # A tool with commands: each command's options under its name.
            if len(usages) > 1:
                words = re.sub(r"(?i)^usage:\s*", "", p[0]).split()
                title = " ".join(w for w in words[:2] if not w.startswith(("[", "-")))
                out.append('.SS "%s"' % escape(title))
            continue
        if re.match(r"(?i)exit status:", p[0]):
            exit_status = p
            continue
        render_block(p, out)
    if exit_status:
        out.append(".SH EXIT STATUS")
        first = re.sub(r"(?i)^exit status:\s*", "", exit_status[0])
        out.extend(line(escape(s.strip())) for s in [first] + exit_status[1:] if s.strip())
    if see_also:
        out.append(".SH SEE ALSO")
        out.append(",\n".join("\\fB%s\\fR(1)" % escape(n) for n in see_also))
    # Collapse the empty paragraphs the blocks leave behind.
    text = "\n".join(out) + "\n"
    text = re.sub(r"(\.PP\n)+(?=\.(PP|SH|SS|TP)\b)", "", text)
    text = re.sub(r"\.PP\n$", "", text)
    return text


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--name", required=True)
    parser.add_argument("--version", required=True)
    source = parser.add_mutually_exclusive_group(required=True)
    source.add_argument("--program", help="the tool, run with --help-arg")
    source.add_argument("--help-file", help="the help text, already captured")
    parser.add_argument("--help-arg", default="-help")
    parser.add_argument("--see-also", default="")
    parser.add_argument("--output", required=True)
    args = parser.parse_args()

    if args.program:
        run = subprocess.run([args.program, args.help_arg], capture_output=True, text=True,
                             env={"LC_ALL": "C", "TZ": "UTC"})
        help_text = run.stdout
        if not help_text.strip():
            sys.stderr.write("help-to-man: %s %s printed no help (exit %d): %s\n"
                             % (args.program, args.help_arg, run.returncode, run.stderr))
            return 1
    else:
        with open(args.help_file, encoding="utf-8") as f:
            help_text = f.read()
    see_also = [n for n in args.see_also.split(",") if n and n != args.name]
    page = to_man(help_text, args.name, args.version, see_also)
    with open(args.output, "w", encoding="ascii") as f:
        f.write(page)
    return 0


if __name__ == "__main__":
    sys.exit(main())
