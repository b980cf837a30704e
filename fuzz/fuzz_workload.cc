// libFuzzer target: the files a simulation reads besides ads and
// configurations: workloads (negotiator/simulate/history_workload.h,
// swf_workload.h), SWF user and group mappings, and `negotiator test`
// files (policy_test_file.h). The first input byte chooses (its low two
// bits):
//   0: the rest is job ads with their history (ReadHistoryWorkloadText);
//   1: an SWF trace (ReadSwfWorkloadText);
//   2: an SWF mapping, then (after a line holding only "%%") a trace read
//      with it;
//   3: a test file (ParsePolicyTestFile; paths are only resolved, never
//      opened).
// No input may crash, hang or trip a sanitizer. Every error has a message
// and, for text read, a position inside the text; every workload keeps its
// promises: each record a job or counted (records == jobs + skipped), jobs
// in arrival order, each with an ad, run times not negative; every test
// file read has an expectation with a known metric.
#include <algorithm>
#include <cstddef>
#include <cstdint>
#include <string>
#include <string_view>

#include "fuzz/fuzz_util.h"
#include "negotiator/simulate/history_workload.h"
#include "negotiator/simulate/policy_test_file.h"
#include "negotiator/simulate/swf_workload.h"

namespace {

void CheckError(const classad::Status& status, std::string_view text) {
  classad_fuzz::Check(!status.ok(), "an error Result holds an OK status", text);
  classad_fuzz::Check(!status.message().empty(), "an error without a message", text,
                      status.ToString());
}

// An error about text read must point into it (line 1 up to one past the
// last line).
void CheckPosition(const classad::Status& status, std::string_view text) {
  const int lines = 1 + static_cast<int>(std::count(text.begin(), text.end(), '\n'));
  const classad::SourceLocation& at = status.where();
  if (at.file.empty()) return;
  classad_fuzz::Check(at.line >= 1 && at.line <= lines + 1, "an error's line is outside the text",
                      text, status.ToString());
  classad_fuzz::Check(at.column >= 0, "an error's column is negative", text, status.ToString());
}

void CheckWorkload(const classad::Result<negotiator::Workload>& read, std::string_view text) {
  if (!read.ok()) {
    CheckError(read.status(), text);
    CheckPosition(read.status(), text);
    return;
  }
  const negotiator::Workload& w = *read;
  size_t skipped = 0;
  for (const auto& [reason, count] : w.counts.skipped) {
    classad_fuzz::Check(!reason.empty() && count > 0, "a skip count without a reason", text);
    skipped += count;
  }
  classad_fuzz::Check(w.counts.records == w.counts.jobs + skipped,
                      "records are not jobs plus the skipped ones", text);
  classad_fuzz::Check(w.counts.jobs == w.jobs.size(), "counts.jobs is not the jobs", text);
  for (size_t i = 0; i < w.jobs.size(); ++i) {
    const negotiator::WorkloadJob& job = w.jobs[i];
    classad_fuzz::Check(job.ad != nullptr, "a job without an ad", text);
    classad_fuzz::Check(!job.run_time || *job.run_time >= 0, "a negative run time", text);
    classad_fuzz::Check(i == 0 || w.jobs[i - 1].arrival <= job.arrival,
                        "jobs out of arrival order", text);
  }
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  if (size == 0 || size > 65536) return 0;
  const uint8_t selector = data[0];
  const std::string_view text = classad_fuzz::AsText(data + 1, size - 1);
  switch (selector & 3) {
    case 0:
      CheckWorkload(negotiator::ReadHistoryWorkloadText(text, "fuzz.history"), text);
      break;
    case 1:
      CheckWorkload(negotiator::ReadSwfWorkloadText(text, "fuzz.swf", negotiator::SwfOptions()),
                    text);
      break;
    case 2: {
      const size_t split = text.find("\n%%\n");
      const std::string_view mapping = text.substr(0, split);
      const std::string_view trace =
          split == std::string_view::npos ? std::string_view() : text.substr(split + 4);
      negotiator::SwfOptions options;
      classad::Status mapped = negotiator::ReadSwfMappingText(mapping, "fuzz.map", &options);
      if (!mapped.ok()) {
        CheckError(mapped, mapping);
        CheckPosition(mapped, mapping);
        break;
      }
      CheckWorkload(negotiator::ReadSwfWorkloadText(trace, "fuzz.swf", options), trace);
      break;
    }
    case 3: {
      classad::Result<negotiator::PolicyTestFile> file =
          negotiator::ParsePolicyTestFile(text, "/fuzz/t.test");
      if (!file.ok()) {
        CheckError(file.status(), text);
        CheckPosition(file.status(), text);
        break;
      }
      classad_fuzz::Check(!file->expectations.empty(), "a test file without expectations", text);
      for (const negotiator::Expectation& e : file->expectations) {
        classad_fuzz::Check(negotiator::FindMetric(e.metric) != nullptr, "an unknown metric",
                            text);
        classad_fuzz::Check(!e.name.empty(), "an expectation without a name", text);
        classad_fuzz::Check(!e.from || !e.to || *e.from <= *e.to, "a window that ends first",
                            text);
      }
      break;
    }
  }
  return 0;
}
