// The simulation's report as one self-contained HTML page that opens
// offline: running slots per group (stacked, against the quotas) and per
// submitter over time, priorities over time, idle jobs, the distribution
// of wait times per group, preemptions, and the summary tables.
//
// The charts are drawn by uPlot (https://github.com/leeoniya/uPlot, MIT):
// a small (about 50 KB), dependency-free library made for time series of
// many points, which keeps a week of one-minute cycles (10,080 points per
// series) quick to draw and the page light; ECharts and Vega-Lite are
// twenty times its size for charts this report does not need. The library
// is installed from npm by scripts/install-deps.sh into
// third_party/charts/ (never committed), installed with the tools into
// <prefix>/share/classad-engine/uplot/, and its script and style are
// inlined into every page.
#ifndef NEGOTIATOR_SIMULATE_SIMULATION_HTML_H_
#define NEGOTIATOR_SIMULATE_SIMULATION_HTML_H_

#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "classad/status.h"
#include "negotiator/simulate/simulation.h"
#include "negotiator/simulate/simulation_report.h"

namespace negotiator {

// The chart library's files, read once.
struct ChartLibrary {
  std::string version;  // from its package.json
  std::string script;   // dist/uPlot.iife.min.js
  std::string style;    // dist/uPlot.min.css
};

// The folders uPlot's package is looked for in, in order. When the
// environment's NEGOTIATOR_CHART_LIBRARY is set (not empty), that folder
// alone (a folder asked for is never passed over). Otherwise the installed
// copy (<prefix>/share/classad-engine/uplot, see cmake/install.cmake):
// first beside the running program (its folder's ../share/..., so a
// package installed under another prefix than the build's, or a moved
// install tree, finds its own copy; left out when /proc/self/exe cannot be
// read), then at the prefix the build was configured for; last the source
// tree's third_party/charts/node_modules/uplot, where
// scripts/install-deps.sh puts it.
std::vector<std::string> ChartLibraryCandidates();

// The first of `candidates` that holds uPlot's package (its package.json).
// Errors: none does (kNotFound, naming every folder tried and saying how to
// install the library).
classad::Result<std::string> FindChartLibraryFolder(const std::vector<std::string>& candidates);

// The chart library every report uses: LoadChartLibrary of
// FindChartLibraryFolder(ChartLibraryCandidates()). Errors: theirs.
classad::Result<ChartLibrary> LoadDefaultChartLibrary();

// LoadDefaultChartLibrary for the page named `page` (report.html, ...):
// the library, or nothing with `*warning` set to why there is no such page
// ("no report.html: " and the error), for the caller to show.
std::optional<ChartLibrary> ChartLibraryForPage(std::string_view page, std::string* warning);

// Reads uPlot's package from `folder` (its package.json and dist/).
// Errors: a file missing or unreadable (kNotFound, naming the file and
// saying how to install the library).
classad::Result<ChartLibrary> LoadChartLibrary(const std::string& folder);

// The page for `result` and its `metrics`, titled `title`, with `charts`
// inlined. The page writes what it drew into <pre id="report-status"> as
// JSON once loaded (each chart's id, its series and their points, and any
// script error), for tests in a browser.
std::string FormatSimulationHtml(const SimulationResult& result,
                                 const SimulationMetrics& metrics, const std::string& title,
                                 const ChartLibrary& charts);

// Pieces every report page is made of (the comparison's too).
// `text` with &, <, > and " escaped.
std::string HtmlEscape(std::string_view text);
// The data the simulation page draws, as a JSON object: times, and per
// group and submitter their series (averaged when the run is long), and
// the wait distributions.
std::string SimulationPageData(const SimulationResult& result);
// The page up to its <h1>: styles, and the capture of script errors.
std::string ReportPageStart(const std::string& title, const ChartLibrary& charts);
// The page's end: #report-status, the chart library, REPORT's helpers
// (REPORT.chart, REPORT.color, REPORT.finish), then `data_script` and
// `page_script`, which draws the charts and calls REPORT.finish().
std::string ReportPageEnd(const ChartLibrary& charts, const std::string& data_script,
                          const std::string& page_script);

}  // namespace negotiator

#endif  // NEGOTIATOR_SIMULATE_SIMULATION_HTML_H_
