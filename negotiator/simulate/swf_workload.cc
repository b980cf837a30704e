// Reading a workload from an SWF trace (swf_workload.h).
#include "negotiator/simulate/swf_workload.h"

#include <cerrno>
#include <cmath>
#include <cstdlib>
#include <fstream>
#include <memory>
#include <set>
#include <sstream>
#include <vector>

#include "classad/classad.h"
#include "classad/parser.h"
#include "classad/value.h"
#include "negotiator/pool/pool.h"

namespace negotiator {
namespace {

using classad::Status;
using classad::StatusCode;

constexpr size_t kFields = 18;

// A word of a line and the column (1-based) it starts at.
struct Word {
  std::string_view text;
  int column = 0;
};

std::vector<Word> SplitWords(std::string_view line) {
  std::vector<Word> words;
  size_t i = 0;
  while (i < line.size()) {
    while (i < line.size() && (line[i] == ' ' || line[i] == '\t' || line[i] == '\r')) ++i;
    const size_t start = i;
    while (i < line.size() && line[i] != ' ' && line[i] != '\t' && line[i] != '\r') ++i;
    if (i > start) words.push_back({line.substr(start, i - start), static_cast<int>(start) + 1});
  }
  return words;
}

Status ErrorAt(const std::string& source, int line, int column, std::string message) {
  return Status(StatusCode::kInvalidArgument, std::move(message),
                classad::SourceLocation{source, line, column});
}

// `word` as a finite number.
bool ParseNumber(std::string_view word, double* out) {
  const std::string text(word);
  char* end = nullptr;
  errno = 0;
  const double v = std::strtod(text.c_str(), &end);
  if (end != text.c_str() + text.size() || text.empty() || errno == ERANGE || !std::isfinite(v)) {
    return false;
  }
  *out = v;
  return true;
}

// The largest magnitude of a processor count and of any other field.
constexpr double kMaxProcessors = 1e6;
constexpr double kMaxField = 1e12;

// `word` as an integer (no fraction), within ±2^53.
bool ParseInteger(std::string_view word, int64_t* out) {
  double v = 0;
  if (!ParseNumber(word, &v) || v != std::floor(v) || std::fabs(v) > 9007199254740992.0) {
    return false;
  }
  *out = static_cast<int64_t>(v);
  return true;
}

// Reads `text` line by line, calling `each(line_number, line)` until it
// returns an error.
template <typename Each>
Status ForEachLine(std::string_view text, Each each) {
  int number = 0;
  size_t at = 0;
  while (at < text.size()) {
    size_t end = text.find('\n', at);
    if (end == std::string_view::npos) end = text.size();
    ++number;
    if (Status s = each(number, text.substr(at, end - at)); !s.ok()) return s;
    at = end + 1;
  }
  return Status::Ok();
}

classad::Result<std::string> ReadWholeFile(const std::string& path) {
  std::ifstream in(path, std::ios::binary);
  if (!in) return Status(StatusCode::kIoError, "cannot open " + path);
  std::ostringstream text;
  text << in.rdbuf();
  if (in.bad()) return Status(StatusCode::kIoError, "cannot read " + path);
  return text.str();
}

// Whether `name` may be an accounting group (`group`) or a user's name.
bool GoodName(std::string_view name, bool group) {
  if (name.empty()) return false;
  for (char c : name) {
    const bool word = (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') ||
                      c == '_' || c == '-' || c == '.';
    if (!word) return false;
  }
  return group || name.find('.') == std::string_view::npos;
}

// The job ad of one SWF line (fields already numbers; -1: unknown).
std::shared_ptr<classad::ClassAd> JobAd(const std::vector<double>& f, int64_t arrival,
                                        const SwfOptions& options, WorkloadCounts* counts) {
  auto field = [&f](int number) { return f[static_cast<size_t>(number - 1)]; };
  auto ad = std::make_shared<classad::ClassAd>();
  using classad::Value;
  const int64_t job_number = static_cast<int64_t>(field(1));
  ad->InsertValue("ClusterId", Value::Integer(job_number));
  ad->InsertValue("ProcId", Value::Integer(0));
  ad->InsertValue("QDate", Value::Integer(arrival));
  ad->InsertValue("JobStatus", Value::Integer(1));
  ad->InsertValue("JobUniverse", Value::Integer(5));
  ad->InsertValue("JobPrio", Value::Integer(0));
  const int64_t user = static_cast<int64_t>(field(12));
  auto named_user = options.users.find(user);
  const std::string owner = named_user != options.users.end()
                                ? named_user->second
                                : (user < 0 ? std::string("unknown") : "user" + std::to_string(user));
  if (user < 0) ++counts->assumed["no user: unknown"];
  ad->InsertValue("Owner", Value::String(owner));
  ad->InsertValue("User", Value::String(owner + "@" + options.uid_domain));
  const int64_t group = static_cast<int64_t>(field(13));
  if (group >= 0) {
    auto named_group = options.groups.find(group);
    const std::string name =
        named_group != options.groups.end() ? named_group->second : "group" + std::to_string(group);
    ad->InsertValue("AccountingGroup", Value::String(name + "." + owner));
    ad->InsertValue("AcctGroup", Value::String(name));
    ad->InsertValue("AcctGroupUser", Value::String(owner));
  }
  int64_t cpus = static_cast<int64_t>(field(8) >= 1 ? field(8) : field(5));
  if (cpus < 1) {
    cpus = 1;
    ++counts->assumed["no processor count: 1"];
  }
  ad->InsertValue("RequestCpus", Value::Integer(cpus));
  const double kb = field(10) >= 0 ? field(10) : field(7);
  std::string requirements = "(TARGET.Cpus >= RequestCpus)";
  if (kb >= 0) {
    const double mib = std::ceil(kb * static_cast<double>(cpus) / 1024.0);
    ad->InsertValue("RequestMemory", Value::Integer(static_cast<int64_t>(mib)));
    requirements += " && (TARGET.Memory >= RequestMemory)";
  } else {
    ++counts->assumed["no memory: Requirements on Cpus only"];
  }
  ad->Insert("Requirements", classad::ParseExpression(requirements).value());
  ad->InsertValue("Rank", Value::Real(0.0));
  if (field(9) >= 0) ad->InsertValue("SwfRequestedTime", Value::Integer(static_cast<int64_t>(field(9))));
  if (field(15) >= 0) ad->InsertValue("SwfQueue", Value::Integer(static_cast<int64_t>(field(15))));
  if (field(16) >= 0) {
    ad->InsertValue("SwfPartition", Value::Integer(static_cast<int64_t>(field(16))));
  }
  return ad;
}

}  // namespace

Status ReadSwfMappingText(std::string_view text, const std::string& source_name,
                          SwfOptions* options) {
  return ForEachLine(text, [&](int number, std::string_view line) -> Status {
    const size_t hash = line.find('#');
    const std::vector<Word> words = SplitWords(line.substr(0, hash));
    if (words.empty()) return Status::Ok();
    if (words[0].text != "user" && words[0].text != "group") {
      return ErrorAt(source_name, number, words[0].column,
                     "expected `user N NAME` or `group N NAME`, not `" +
                         std::string(words[0].text) + "`");
    }
    const bool group = words[0].text == "group";
    if (words.size() != 3) {
      const int column = words.size() > 3 ? words[3].column : static_cast<int>(line.size()) + 1;
      return ErrorAt(source_name, number, column,
                     std::string(words[0].text) + " mapping takes a number and a name");
    }
    int64_t id = 0;
    if (!ParseInteger(words[1].text, &id)) {
      return ErrorAt(source_name, number, words[1].column,
                     "`" + std::string(words[1].text) + "` is not an integer");
    }
    if (!GoodName(words[2].text, group)) {
      return ErrorAt(source_name, number, words[2].column,
                     "`" + std::string(words[2].text) + "` is not a " +
                         (group ? "group name (letters, digits, _ - .)"
                                : "user name (letters, digits, _ -)"));
    }
    std::map<int64_t, std::string>& map = group ? options->groups : options->users;
    if (!map.emplace(id, std::string(words[2].text)).second) {
      return ErrorAt(source_name, number, words[1].column,
                     std::string(words[0].text) + " " + std::to_string(id) + " is mapped twice");
    }
    return Status::Ok();
  });
}

Status ReadSwfMapping(const std::string& path, SwfOptions* options) {
  classad::Result<std::string> text = ReadWholeFile(path);
  if (!text.ok()) return text.status();
  return ReadSwfMappingText(*text, path, options);
}

classad::Result<Workload> ReadSwfWorkloadText(std::string_view text,
                                              const std::string& source_name,
                                              const SwfOptions& options) {
  Workload workload;
  int64_t start = options.start;
  std::set<int64_t> seen;
  std::vector<double> fields(kFields);
  Status read = ForEachLine(text, [&](int number, std::string_view line) -> Status {
    const std::vector<Word> words = SplitWords(line);
    if (words.empty()) return Status::Ok();
    if (words[0].text.front() == ';') {
      // A header comment; `; UnixStartTime: N` sets time 0.
      const size_t key = line.find("UnixStartTime:");
      if (key != std::string_view::npos) {
        const std::vector<Word> value = SplitWords(line.substr(key + 14));
        int64_t t = 0;
        if (value.size() != 1 || !ParseInteger(value[0].text, &t)) {
          return ErrorAt(source_name, number, static_cast<int>(key) + 15,
                         "UnixStartTime is not an integer");
        }
        start = t;
      }
      return Status::Ok();
    }
    ++workload.counts.records;
    if (words.size() != kFields) {
      const int column =
          words.size() > kFields ? words[kFields].column : static_cast<int>(line.size()) + 1;
      return ErrorAt(source_name, number, column,
                     "an SWF job line has 18 fields, this one " + std::to_string(words.size()));
    }
    for (size_t i = 0; i < kFields; ++i) {
      if (!ParseNumber(words[i].text, &fields[i])) {
        return ErrorAt(source_name, number, words[i].column,
                       "field " + std::to_string(i + 1) + " `" + std::string(words[i].text) +
                           "` is not a number");
      }
      // Processor counts (fields 5 and 8) up to a million, the rest (times,
      // kilobytes, numbers) up to 10^12 in magnitude: far beyond any
      // machine's, and their products stay exact integers.
      const double limit = i == 4 || i == 7 ? kMaxProcessors : kMaxField;
      if (std::fabs(fields[i]) > limit) {
        return ErrorAt(source_name, number, words[i].column,
                       "field " + std::to_string(i + 1) + " `" + std::string(words[i].text) +
                           "` is out of range (at most " +
                           (i == 4 || i == 7 ? std::string("10^6") : std::string("10^12")) +
                           " in magnitude)");
      }
    }
    int64_t job_number = 0;
    if (!ParseInteger(words[0].text, &job_number)) {
      return ErrorAt(source_name, number, words[0].column, "the job number is not an integer");
    }
    // It becomes the job's ClusterId.
    if (!FitsJobId(job_number)) {
      return ErrorAt(source_name, number, words[0].column,
                     "the job number `" + std::string(words[0].text) +
                         "` is out of range (a ClusterId is a 32-bit integer)");
    }
    if (!seen.insert(job_number).second) {
      return ErrorAt(source_name, number, words[0].column,
                     "job " + std::to_string(job_number) + " is listed twice");
    }
    if (fields[1] < 0) {
      return ErrorAt(source_name, number, words[1].column, "a job without a submit time");
    }
    const double run_time = fields[3];
    if (fields[10] == 5 && run_time <= 0) {
      ++workload.counts.skipped["cancelled before it ran"];
      return Status::Ok();
    }
    if (run_time < 0) {
      ++workload.counts.skipped["no run time"];
      return Status::Ok();
    }
    WorkloadJob job;
    job.arrival = start + std::llround(fields[1]);
    job.run_time = std::llround(run_time);
    job.origin = source_name + ":" + std::to_string(number);
    job.ad = JobAd(fields, job.arrival, options, &workload.counts);
    workload.jobs.push_back(std::move(job));
    return Status::Ok();
  });
  if (!read.ok()) return read;
  FinishWorkload(&workload);
  return workload;
}

classad::Result<Workload> ReadSwfWorkload(const std::string& path, const SwfOptions& options) {
  classad::Result<std::string> text = ReadWholeFile(path);
  if (!text.ok()) return text.status();
  return ReadSwfWorkloadText(*text, path, options);
}

}  // namespace negotiator
