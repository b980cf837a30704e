// Reading HTCondor's accounting ads into an accountant snapshot
// (accounting_ads_reader.h).
#include "negotiator/accountant/accounting_ads_reader.h"

#include <algorithm>
#include <charconv>
#include <cmath>
#include <iostream>
#include <map>
#include <memory>
#include <optional>
#include <unordered_set>
#include <utility>

#include "classad/evaluator.h"
#include "negotiator/accountant/accounting_ad_fields.h"
#include "negotiator/accountant/records.h"

namespace negotiator {
namespace {

using classad::ClassAd;
using classad::Status;
using classad::StatusCode;
namespace field = accounting_ad;

// One ad to read as a record, with the line where it begins.
struct PendingAd {
  std::shared_ptr<ClassAd> ad;
  int line = 0;
};

// The record number an attribute of the legacy ad belongs to, and the
// attribute's name without it, as condor_userprio splits them: the digits
// that end the name. Nullopt for a name that does not end in digits, whose
// number is 0 or does not fit, or that is a concurrency limit's.
std::optional<std::pair<std::string_view, uint32_t>> LegacyRecordAttribute(
    std::string_view name) {
  size_t digits = name.size();
  while (digits > 0 && name[digits - 1] >= '0' && name[digits - 1] <= '9') --digits;
  if (digits == name.size() || digits == 0) return std::nullopt;
  if (name.substr(0, 17) == "ConcurrencyLimit_") return std::nullopt;
  uint32_t id = 0;
  const std::from_chars_result r =
      std::from_chars(name.data() + digits, name.data() + name.size(), id);
  if (r.ec != std::errc() || id == 0) return std::nullopt;
  return std::make_pair(name.substr(0, digits), id);
}

// Whether `ad` is the legacy form: one ad of numbered attributes.
bool IsLegacy(const ClassAd& ad) {
  return !ad.Find(field::kName) && ad.Find(std::string(field::kName) + "1");
}

// Splits the legacy ad into one ad per record number, in number order,
// each with the legacy ad's own (unnumbered) LastUpdate, as every ad of
// the modular form has it.
std::vector<PendingAd> SplitLegacy(const ClassAd& legacy, int line) {
  std::map<uint32_t, std::shared_ptr<ClassAd>> records;
  for (size_t i = 0; i < legacy.size(); ++i) {
    const auto split = LegacyRecordAttribute(legacy.name(i));
    if (!split) continue;
    std::shared_ptr<ClassAd>& record = records[split->second];
    if (record == nullptr) record = std::make_shared<ClassAd>();
    record->Insert(split->first, legacy.at(i).ToExpr());
  }
  const classad::ExprPtr update = legacy.LookupPtr(field::kLastUpdate);
  std::vector<PendingAd> out;
  out.reserve(records.size());
  for (auto& [id, ad] : records) {
    if (update != nullptr && !ad->Find(field::kLastUpdate)) ad->Insert(field::kLastUpdate, update);
    out.push_back({std::move(ad), line});
  }
  return out;
}

// Reads the records of the ads into `out`.
class RecordReader {
 public:
  explicit RecordReader(std::string source) : source_(std::move(source)) {
    // Reported ads hold literals; whatever reads the clock reads a fixed one.
    eval_.now = [] { return int64_t{0}; };
  }

  Status Add(const PendingAd& pending, AccountantSnapshot* out) {
    const ClassAd& ad = *pending.ad;
    std::string name;
    if (!classad::EvaluateAttrString(ad, field::kName, &name, eval_) || name.empty()) {
      return Error(pending.line, "", "an accounting ad without a string Name");
    }
    if (!names_.insert(name).second) {
      return Error(pending.line, name,
                   "a second ad of this name (ads of two negotiators? select one with "
                   "condor_userprio -name or -constraint)");
    }
    CustomerRecord c;
    c.name = name;
    std::optional<double> factor, priority;
    if (Status s = Number(ad, field::kPriorityFactor, pending.line, name, &factor); !s.ok()) {
      return s;
    }
    if (Status s = Number(ad, field::kPriority, pending.line, name, &priority); !s.ok()) return s;
    if (factor) c.priority_factor = StoredReal(*factor);
    if (priority) {
      // The reported Priority is the effective one (RUP × factor).
      c.priority = StoredReal(c.priority_factor > 0 ? *priority / c.priority_factor : *priority);
    }
    for (const auto& [attribute, member] : field::kCustomerReals) {
      std::optional<double> v;
      if (Status s = Number(ad, attribute, pending.line, name, &v); !s.ok()) return s;
      if (v) c.*member = StoredReal(*v);
    }
    // The reported Ceiling and Floor are the effective ones, which the
    // record keeps as they are.
    const std::pair<const char*, int64_t*> integers[] = {{field::kCeiling, &c.ceiling},
                                                         {field::kFloor, &c.floor}};
    auto read_integer = [&](const char* attribute, int64_t* out) {
      std::optional<double> v;
      if (Status s = Number(ad, attribute, pending.line, name, &v); !s.ok()) return s;
      // LookupInteger's reading of a real: truncated.
      if (v) *out = static_cast<int64_t>(std::trunc(*v));
      return Status::Ok();
    };
    for (const auto& [attribute, out] : integers) {
      if (Status s = read_integer(attribute, out); !s.ok()) return s;
    }
    for (const auto& [attribute, member] : field::kCustomerIntegers) {
      if (Status s = read_integer(attribute, &(c.*member)); !s.ok()) return s;
    }
    std::optional<double> update;
    if (Status s = Number(ad, field::kLastUpdate, pending.line, name, &update); !s.ok()) return s;
    if (update) NoteLastUpdate(*update, out);
    if (Status s = AddGroupQuota(ad, pending.line, name, update, out); !s.ok()) return s;
    out->customers.push_back(std::move(c));
    return Status::Ok();
  }

  // A group's line of the last cycle's quota table, from a group's ad that
  // has EffectiveQuota: HTCondor's figures, and this project's own
  // (accounting_ads.h) when present.
  Status AddGroupQuota(const ClassAd& ad, int line, const std::string& name,
                       std::optional<double> update, AccountantSnapshot* out) const {
    std::optional<double> effective;
    if (Status s = Number(ad, field::kEffectiveQuota, line, name, &effective); !s.ok()) return s;
    if (!effective || name.find('@') != std::string::npos) return Status::Ok();
    GroupQuotaRecord g;
    g.name = name;
    g.effective_quota = *effective;
    std::optional<double> configured;
    if (Status s = Number(ad, field::kConfigQuota, line, name, &configured); !s.ok()) return s;
    if (configured) g.configured_quota = *configured;
    for (const auto& [attribute, member] : field::kGroupQuotaReals) {
      std::optional<double> v;
      if (Status s = Number(ad, attribute, line, name, &v); !s.ok()) return s;
      if (v) g.*member = *v;
    }
    std::optional<double> cycle_time, is_static;
    if (Status s = Number(ad, field::kNegotiationCycleTime, line, name, &cycle_time); !s.ok()) {
      return s;
    }
    if (Status s = Number(ad, field::kStaticQuota, line, name, &is_static); !s.ok()) return s;
    g.cycle_time = static_cast<int64_t>(std::trunc(cycle_time.value_or(update.value_or(0))));
    g.static_quota = is_static.value_or(0) != 0;
    out->group_quotas.push_back(std::move(g));
    return Status::Ok();
  }

 private:
  static void NoteLastUpdate(double update, AccountantSnapshot* out) {
    out->last_update_time =
        std::max(out->last_update_time, static_cast<int64_t>(std::trunc(update)));
  }

  // Attribute `attribute` as a finite number (an integer, a real or a
  // boolean): *out untouched when absent; an error when it is anything
  // else, or beyond ±9e15.
  Status Number(const ClassAd& ad, const char* attribute, int line, const std::string& name,
                std::optional<double>* out) const {
    double v = 0;
    if (!ad.Find(attribute)) return Status::Ok();
    if (!classad::EvaluateAttrNumber(ad, attribute, &v, eval_) || !std::isfinite(v) ||
        std::fabs(v) > 9.0e15) {
      return Error(line, name, std::string(attribute) + " is not a finite number");
    }
    *out = v;
    return Status::Ok();
  }

  Status Error(int line, const std::string& name, const std::string& message) const {
    return Status(StatusCode::kInvalidArgument,
                  (name.empty() ? "" : "accounting ad " + name + " (the ad from here): ") + message,
                  classad::SourceLocation{source_, line, 0});
  }

  std::string source_;
  classad::EvalOptions eval_;
  std::unordered_set<std::string> names_;
};

}  // namespace

classad::Result<AccountantSnapshot> ReadAccountingAds(classad::AdReader& reader,
                                                      const std::string& source_name) {
  AccountantSnapshot out;
  RecordReader records(source_name);
  std::shared_ptr<ClassAd> ad;
  int from = reader.line();
  while (reader.Next(&ad)) {
    if (IsLegacy(*ad)) {
      for (const PendingAd& record : SplitLegacy(*ad, from)) {
        if (Status s = records.Add(record, &out); !s.ok()) return s;
      }
    } else if (Status s = records.Add({ad, from}, &out); !s.ok()) {
      return s;
    }
    from = reader.line();
  }
  if (!reader.status().ok()) return reader.status();
  std::sort(out.customers.begin(), out.customers.end(),
            [](const CustomerRecord& a, const CustomerRecord& b) { return a.name < b.name; });
  std::sort(out.group_quotas.begin(), out.group_quotas.end(),
            [](const GroupQuotaRecord& a, const GroupQuotaRecord& b) { return a.name < b.name; });
  return out;
}

classad::Result<AccountantSnapshot> ReadAccountingAdsFile(const std::string& path) {
  if (path == "-") {
    classad::AdReader reader(&std::cin, "<stdin>", {});
    return ReadAccountingAds(reader, "<stdin>");
  }
  auto reader = classad::AdReader::OpenFile(path, {});
  if (!reader.ok()) return reader.status();
  return ReadAccountingAds(**reader, path);
}

}  // namespace negotiator
