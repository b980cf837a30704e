"""scripts/help-to-man.py's rules (its path in HELP_TO_MAN), on small help
texts: sections, option lists, escaping."""

import importlib.util
import os

import pytest

_spec = importlib.util.spec_from_file_location("help_to_man", os.environ["HELP_TO_MAN"])
help_to_man = importlib.util.module_from_spec(_spec)
_spec.loader.exec_module(help_to_man)

HELP = """usage: tool [-a] FILE...
       tool -help

Does a thing to files, carefully: more words. Second sentence.

  -a          all of them
  --long-option FILE
              a long one, whose description
              takes two lines
  -b X, -c Y  two at once

Examples:
  tool x.conf | sort
.hidden line

Exit status: 0 done; 1 not done.
"""


def page(text=HELP, see_also=("other",)):
    return help_to_man.to_man(text, "tool", "1.2.3", list(see_also))


def test_sections_in_order():
    p = page()
    heads = [l for l in p.splitlines() if l.startswith(".SH")]
    assert heads == [".SH NAME", ".SH SYNOPSIS", ".SH DESCRIPTION", '.SH EXIT STATUS', ".SH SEE ALSO"]
    assert '.TH "TOOL" 1 "" "classad_engine 1.2.3" "User Commands"' in p
    assert "tool \\- does a thing to files" in p
    assert "\\fBother\\fR(1)" in p


def test_synopsis_keeps_every_usage_line():
    p = page()
    assert "\\fBtool\\fR [\\fB\\-a\\fR] FILE..." in p
    assert "\\fBtool\\fR \\fB\\-help\\fR" in p


def test_options_become_tagged_paragraphs():
    lines = page().splitlines()
    tags = [lines[i + 1] for i, l in enumerate(lines) if l == ".TP"]
    assert tags == ["\\fB\\-a\\fR", "\\fB\\-\\-long\\-option\\fR FILE", "\\fB\\-b\\fR X, \\fB\\-c\\fR Y"]
    i = lines.index("\\fB\\-\\-long\\-option\\fR FILE")
    assert lines[i + 1:i + 3] == ["a long one, whose description", "takes two lines"]


def test_other_indented_blocks_stay_as_written():
    p = page()
    assert ".nf\ntool x.conf | sort\n.fi" in p


def test_request_characters_and_non_ascii_are_escaped():
    p = page()
    assert "\n\\&.hidden line\n" in p
    assert "\\[u00E9]" in page(HELP.replace("carefully", "caf\u00e9"))


def test_exit_status_is_its_own_section():
    p = page()
    assert p.split(".SH EXIT STATUS\n")[1].startswith("0 done; 1 not done.")


def test_empty_help_is_an_error():
    with pytest.raises(ValueError):
        page("\n\n")
