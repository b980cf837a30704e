#!/usr/bin/env python3
"""The simulation and comparison reports in a real headless browser.

Runs `negotiator simulate` and `negotiator compare` on the bundled
examples, opens each report (report.html, compare.html) in
Chromium with the network cut off, and checks that the page loaded with no
script or console error, that every chart was drawn with all its series
holding data (the page writes what it drew into #report-status), and that
a screenshot is not blank. The screenshots are kept for CI artefacts.

    simulation_report_test.py NEGOTIATOR_BINARY EXAMPLES_DIR OUTPUT_DIR

Exit status: 0 passed; 1 failed; 77 skipped (no Chromium; under CI, where
the browser must be there, that is a failure instead).
"""
import base64
import json
import os
import shutil
import struct
import subprocess
import sys
import zlib

SKIP = 77
SIMULATION_CHARTS = ["chart-groups", "chart-submitters", "chart-priorities", "chart-group-idle",
                     "chart-waits", "chart-preemptions"]
COMPARISON_CHARTS = ["chart-compare-running", "chart-compare-waits"]


def find_browser():
    for name in ("chromium", "chromium-browser", "google-chrome"):
        path = shutil.which(name)
        if path:
            return path
    return None


def browser_args(browser, user_dir):
    # No network at all: every host name fails to resolve and any proxy is
    # a closed port, so the page must hold everything it needs.
    return [browser, "--headless", "--no-sandbox", "--disable-gpu", "--hide-scrollbars",
            "--no-first-run", "--user-data-dir=" + user_dir,
            "--host-resolver-rules=MAP * ~NOTFOUND", "--proxy-server=127.0.0.1:9",
            "--virtual-time-budget=10000"]


def png_pixels(path):
    """(width, height, rows of RGB(A) bytes) of an 8-bit PNG."""
    data = open(path, "rb").read()
    if data[:8] != b"\x89PNG\r\n\x1a\n":
        raise ValueError(path + ": not a PNG")
    at, idat, width, height, channels = 8, b"", 0, 0, 0
    while at < len(data):
        length, kind = struct.unpack(">I4s", data[at:at + 8])
        body = data[at + 8:at + 8 + length]
        if kind == b"IHDR":
            width, height, depth, color = struct.unpack(">IIBB", body[:10])
            if depth != 8 or color not in (2, 6):
                raise ValueError(path + ": not 8-bit RGB or RGBA")
            channels = 3 if color == 2 else 4
        elif kind == b"IDAT":
            idat += body
        at += 12 + length
    raw = zlib.decompress(idat)
    stride = width * channels
    rows, previous, pos = [], bytearray(stride), 0
    for _ in range(height):
        kind, line = raw[pos], bytearray(raw[pos + 1:pos + 1 + stride])
        pos += 1 + stride
        for i in range(stride):
            a = line[i - channels] if i >= channels else 0
            b = previous[i]
            c = previous[i - channels] if i >= channels else 0
            if kind == 1:
                line[i] = (line[i] + a) & 255
            elif kind == 2:
                line[i] = (line[i] + b) & 255
            elif kind == 3:
                line[i] = (line[i] + (a + b) // 2) & 255
            elif kind == 4:
                p = a + b - c
                pa, pb, pc = abs(p - a), abs(p - b), abs(p - c)
                line[i] = (line[i] + (a if pa <= pb and pa <= pc else b if pb <= pc else c)) & 255
        rows.append(bytes(line))
        previous = line
    return width, height, channels, rows


def export_chart_images(browser, user_dir, url, prefix, problems):
    """Writes PREFIX-<chart>.png for each chart the page exports; returns
    the charts written."""
    dom = subprocess.run(browser_args(browser, user_dir) + ["--dump-dom", url + "#export"],
                         capture_output=True, text=True, timeout=120)
    start = dom.stdout.find('<pre id="report-images" style="display: none;">')
    if start < 0:
        problems.append(url + ": no #report-images with #export")
        return []
    start = dom.stdout.find(">", start) + 1
    end = dom.stdout.find("</pre>", start)
    images = json.loads(dom.stdout[start:end].replace("&quot;", '"').replace("&amp;", "&"))
    written = []
    for chart, data_url in images.items():
        head = "data:image/png;base64,"
        if not data_url.startswith(head):
            problems.append(url + ": chart " + chart + " did not export a PNG")
            continue
        path = prefix + "-" + chart + ".png"
        with open(path, "wb") as f:
            f.write(base64.b64decode(data_url[len(head):]))
        width, height, channels, rows = png_pixels(path)
        colors = set()
        for y in range(0, height, 3):
            for x in range(0, width, 3):
                colors.add(rows[y][x * channels:x * channels + channels])
        if len(colors) < 4:
            problems.append(path + ": the chart's image looks blank")
        written.append(chart)
    return written


def check_report(browser, report, shot, charts, problems):
    user_dir = os.path.join(os.path.dirname(report), "chromium-profile")
    page = open(report, encoding="utf-8").read()
    if "<script src" in page or "<link " in page:
        problems.append(report + ": the page loads something from outside itself")
    url = "file://" + os.path.abspath(report)
    dom = subprocess.run(browser_args(browser, user_dir) + ["--dump-dom", url],
                         capture_output=True, text=True, timeout=120)
    if dom.returncode != 0:
        problems.append(report + ": the browser failed: " + dom.stderr[-2000:])
        return
    start = dom.stdout.find('<pre id="report-status">')
    end = dom.stdout.find("</pre>", start)
    if start < 0 or end < 0:
        problems.append(report + ": no #report-status in the page the browser built")
        return
    text = dom.stdout[start + len('<pre id="report-status">'):end]
    text = text.replace("&lt;", "<").replace("&gt;", ">").replace("&quot;", '"').replace("&amp;", "&")
    try:
        status = json.loads(text)
    except ValueError:
        problems.append(report + ": #report-status is not JSON: " + text[:300])
        return
    # Each chart as a PNG of its own, for CI artefacts: the page exports
    # them when its address ends in #export.
    images = export_chart_images(browser, user_dir, url, os.path.splitext(shot)[0], problems)
    for chart in charts:
        if chart not in images:
            problems.append(report + ": no PNG of chart " + chart)
    if status.get("errors"):
        problems.append(report + ": script or console errors: " + "; ".join(status["errors"]))
    if not status.get("done"):
        problems.append(report + ": the page's script did not finish")
    drawn = {c["id"]: c["series"] for c in status.get("charts", [])}
    for chart in charts:
        series = drawn.get(chart)
        if not series:
            problems.append(report + ": chart " + chart + " was not drawn, or has no series")
            continue
        for s in series:
            if s.get("points", 0) <= 0:
                problems.append(report + ": chart " + chart + ", series " + s.get("label", "?") +
                                " has no data")
    shooting = subprocess.run(browser_args(browser, user_dir) +
                              ["--window-size=1200,2600", "--screenshot=" + shot, url],
                              capture_output=True, text=True, timeout=120)
    if shooting.returncode != 0 or not os.path.exists(shot):
        problems.append(report + ": no screenshot: " + shooting.stderr[-2000:])
        return
    width, height, channels, rows = png_pixels(shot)
    colors, inked = set(), 0
    for y in range(0, height, 4):
        row = rows[y]
        for x in range(0, width, 4):
            pixel = row[x * channels:x * channels + 3]
            colors.add(pixel)
            if pixel != b"\xff\xff\xff":
                inked += 1
    sampled = ((height + 3) // 4) * ((width + 3) // 4)
    if len(colors) < 16 or inked < sampled // 50:
        problems.append("%s: the screenshot looks blank (%d colours, %d of %d pixels inked)" %
                        (shot, len(colors), inked, sampled))
    print("%s: %d charts drawn, screenshot %dx%d with %d colours (%s)" %
          (report, len(drawn), width, height, len(colors), shot))


def main():
    if len(sys.argv) != 4:
        print(__doc__)
        return 1
    negotiator, examples, out = sys.argv[1:]
    browser = find_browser()
    if browser is None:
        message = "no Chromium (chromium, chromium-browser or google-chrome) on PATH; " \
                  "scripts/install-deps.sh installs Debian's chromium"
        if os.environ.get("CI"):
            print("FAILED: " + message + " (CI must run this test)")
            return 1
        print("SKIPPED: " + message)
        return SKIP
    os.makedirs(out, exist_ok=True)
    runs = {
        "two-users": ["--slots", "two-users/slots.ads", "-config", "two-users/condor_config",
                      "--workload", "two-users/trace.swf", "--swf-map", "two-users/users.map",
                      "--duration", "4d"],
        "quota-preemption": ["--slots", "quota-preemption/slots.ads", "-config",
                             "quota-preemption/condor_config", "--workload",
                             "quota-preemption/history.ads", "--duration", "8h"],
    }
    problems = []
    for name, args in runs.items():
        folder = os.path.join(out, name)
        args = [a if a.startswith("-") or a[0].isdigit() else os.path.join(examples, a)
                for a in args]
        run = subprocess.run([negotiator, "simulate"] + args + ["--out", folder],
                             capture_output=True, text=True, timeout=600)
        if run.returncode != 0 or "no report.html" in run.stderr:
            problems.append(name + ": negotiator simulate failed: " + run.stderr[-2000:])
            continue
        check_report(browser, os.path.join(folder, "report.html"),
                     os.path.join(out, name + ".png"), SIMULATION_CHARTS, problems)
    # The recipe with and without surplus sharing, side by side.
    recipe = os.path.join(examples, "quota-preemption")
    folder = os.path.join(out, "compare")
    run = subprocess.run([negotiator, "compare", "-config-a", os.path.join(recipe, "condor_config"),
                          "-config-b", os.path.join(recipe, "no-surplus.config"),
                          "--label-a", "surplus", "--label-b", "no surplus",
                          "--slots", os.path.join(recipe, "slots.ads"),
                          "--workload", os.path.join(recipe, "history.ads"), "--duration", "8h",
                          "--out", folder], capture_output=True, text=True, timeout=600)
    if run.returncode != 0 or "no compare.html" in run.stderr:
        problems.append("compare: negotiator compare failed: " + run.stderr[-2000:])
    else:
        check_report(browser, os.path.join(folder, "compare.html"),
                     os.path.join(out, "compare.png"), COMPARISON_CHARTS, problems)
        check_report(browser, os.path.join(folder, "b", "report.html"),
                     os.path.join(out, "compare-b.png"), SIMULATION_CHARTS, problems)
    # HTCondor's pie and DIRAC's task queues on one workload: both pages
    # carry DIRAC's records of the last cycle (examples/dirac, beside
    # examples/simulate).
    dirac = os.path.join(os.path.dirname(os.path.abspath(examples)), "dirac")
    folder = os.path.join(out, "compare-dirac")
    run = subprocess.run([negotiator, "compare", "-config-a", os.path.join(dirac, "condor_config"),
                          "--model-a", "htcondor", "--model-b", "dirac",
                          "--dirac-config", os.path.join(dirac, "dirac.cfg"), "--seed", "1",
                          "--slots", os.path.join(dirac, "slots.ads"),
                          "--workload", os.path.join(dirac, "trace.swf"),
                          "--swf-map", os.path.join(dirac, "users.map"), "--duration", "6h",
                          "--interval", "300", "--out", folder],
                         capture_output=True, text=True, timeout=600)
    if run.returncode != 0 or "no compare.html" in run.stderr:
        problems.append("compare-dirac: negotiator compare failed: " + run.stderr[-2000:])
    else:
        for page, anchor, shot in (("compare.html", 'id="share-records-b"', "compare-dirac.png"),
                                   (os.path.join("b", "report.html"), 'id="share-records"',
                                    "compare-dirac-b.png")):
            path = os.path.join(folder, page)
            if anchor not in open(path, encoding="utf-8").read():
                problems.append(path + ": no DIRAC records (" + anchor + ")")
            check_report(browser, path, os.path.join(out, shot),
                         COMPARISON_CHARTS if page == "compare.html" else SIMULATION_CHARTS,
                         problems)
    for p in problems:
        print("FAILED: " + p)
    return 1 if problems else 0


if __name__ == "__main__":
    sys.exit(main())
