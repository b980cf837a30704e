// The running-jobs history listed (running_history_listing.h).
#include "negotiator/accountant/running_history_listing.h"

#include <algorithm>
#include <cstdio>
#include <set>
#include <utility>

#include "classad/json_writer.h"

namespace negotiator {

std::vector<RunningJobsRecord> SelectRunningHistory(std::span<const RunningJobsRecord> history,
                                                    const std::vector<std::string>& names,
                                                    int64_t since) {
  std::vector<RunningJobsRecord> out;
  for (const RunningJobsRecord& r : history) {
    if (r.time < since) continue;
    const bool named = names.empty() ||
                       std::find(names.begin(), names.end(), r.group) != names.end() ||
                       (!r.user.empty() && std::find(names.begin(), names.end(), r.user) !=
                                               names.end());
    if (named) out.push_back(r);
  }
  return out;
}

std::string RunningHistoryText(std::span<const RunningJobsRecord> records,
                               const std::function<std::string(int64_t)>& date) {
  std::string out;
  char line[512];
  auto row = [&](const std::string& time, const std::string& group, const std::string& user,
                 const std::string& running, const std::string& jobs) {
    std::snprintf(line, sizeof line, "%-16s %-24s %-24s %9s %9s", time.c_str(), group.c_str(),
                  user.c_str(), running.c_str(), jobs.c_str());
    std::string text = line;
    text.erase(text.find_last_not_of(' ') + 1);
    out += text + "\n";
  };
  auto number = [](double x) {
    char text[32];
    std::snprintf(text, sizeof text, "%g", x);
    return std::string(text);
  };
  row("Cycle Time", "Group", "User", "Running", "Jobs");
  row("----------", "-----", "----", "-------", "----");
  std::set<int64_t> cycles;
  for (const RunningJobsRecord& r : records) {
    row(date(r.time), r.group, r.user.empty() ? "-" : r.user, number(r.running), number(r.jobs));
    cycles.insert(r.time);
  }
  std::snprintf(line, sizeof line, "Number of samples: %zu, from %zu cycle(s)\n", records.size(),
                cycles.size());
  return out + line;
}

std::string RunningHistoryJson(std::span<const RunningJobsRecord> records) {
  classad::JsonWriter w;
  w.BeginObject();
  w.Key("running_history");
  w.BeginArray();
  for (const RunningJobsRecord& r : records) {
    w.BeginObject();
    w.Key("time");
    w.Integer(r.time);
    for (const auto& [key, name] : {std::pair{"group", &r.group}, std::pair{"user", &r.user}}) {
      w.Key(key);
      // The group as a whole has no user: null.
      if (name->empty() && name == &r.user) {
        w.Null();
      } else {
        w.String(*name);
      }
    }
    for (const auto& [key, count] : {std::pair{"running", r.running}, std::pair{"jobs", r.jobs}}) {
      w.Key(key);
      w.Number(count);
    }
    w.EndObject();
  }
  w.EndArray();
  w.EndObject();
  return w.text();
}

}  // namespace negotiator
