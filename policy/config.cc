#include "policy/config.h"

#include <algorithm>

#include "policy/knobs.h"
#include "policy/text_util.h"
#include "policy/user_maps.h"

namespace policy {
namespace {

using classad::Result;
using classad::SourceLocation;
using classad::Status;
using classad::StatusCode;

// `name` with ASCII letters lower-cased: the key of the table.
std::string Fold(std::string_view name) { return LowerAscii(name); }

}  // namespace

SourceLocation ConfigEntry::LocationOf(size_t offset_in_raw_value) const {
  if (value_pieces.empty()) return value_at;
  return LocationInPieces(raw_value, value_pieces, offset_in_raw_value, value_at.file);
}

bool IsValidKnobName(std::string_view name) {
  return !name.empty() && std::all_of(name.begin(), name.end(), IsNameChar);
}

Config::Config(ConfigOptions options) : options_(std::move(options)) {}

const ConfigEntry* Config::FindExact(std::string_view name) const {
  const auto it = table_.find(Fold(name));
  return it == table_.end() ? nullptr : &history_[it->second];
}

const ConfigEntry* Config::Find(std::string_view name) const {
  std::string prefixed;
  for (const std::string* prefix : {&options_.local_name, &options_.subsystem}) {
    if (prefix->empty()) continue;
    prefixed.assign(*prefix).append(".").append(name);
    if (const ConfigEntry* entry = FindExact(prefixed)) return entry;
  }
  return FindExact(name);
}

Config::RawLookup Config::LookupRaw(std::string_view name) const {
  RawLookup raw;
  if (const ConfigEntry* entry = Find(name)) {
    raw.entry = entry;
    raw.value = entry->raw_value;
    return raw;
  }
  // The param table's default for this subsystem (SCHEDD.IsSchedd), else
  // NAME's (HTCondor's param_default_lookup).
  if (!options_.subsystem.empty() && name.find('.') == std::string_view::npos) {
    raw.value = ParamTableDefault(options_.subsystem + "." + std::string(name));
    if (raw.value) return raw;
  }
  raw.value = ParamTableDefault(name);
  return raw;
}

std::optional<std::string_view> Config::RawValue(std::string_view name) const {
  return LookupRaw(name).value;
}

std::vector<const ConfigEntry*> Config::Entries() const {
  std::vector<std::pair<std::string_view, const ConfigEntry*>> keyed;
  keyed.reserve(table_.size());
  for (const auto& [key, index] : table_) keyed.emplace_back(key, &history_[index]);
  std::sort(keyed.begin(), keyed.end());
  std::vector<const ConfigEntry*> out;
  out.reserve(keyed.size());
  for (const auto& [key, entry] : keyed) out.push_back(entry);
  return out;
}

Config ConfigBuilder::Finish() && {
  const ConfigOptions& options = config_.options_;
  Problems problems;
  // HTCondor's ClassAdReconfig loads the maps, then (on the first read)
  // registers its functions: the maps' knobs are still read without them.
  reading_.line = SourceLocation{};
  config_.user_maps_ =
      ConfiguredUserMaps::Read(config_, options.user_map, options.read_user_map_files, &problems);
  // HTCondor logs every one of them and goes on.
  for (const std::vector<Status>* found : {&problems.errors(), &problems.warnings()}) {
    config_.warnings_.insert(config_.warnings_.end(), found->begin(), found->end());
  }
  config_.reading_ = nullptr;
  config_.read_quirks_ = std::move(reading_.seen);
  return std::move(config_);
}

void Config::RecordReadingQuirks(std::string_view call, const SourceLocation& at) const {
  if (reading_ == nullptr || reading_->notes.empty()) return;
  const SourceLocation& where = at.file.empty() ? reading_->line : at;
  for (classad::Quirk quirk : reading_->notes.List()) {
    if (!reading_->places.emplace(static_cast<int>(quirk), where.file, where.line, where.column)
             .second) {
      continue;  // recorded already
    }
    reading_->seen.push_back(ConfigQuirk{
        quirk, Status(StatusCode::kInvalidArgument,
                      std::string(call) + ", evaluated while the configuration is read: " +
                          std::string(classad::QuirkDescription(quirk)),
                      where)});
  }
  reading_->notes.Clear();
}

Status ConfigBuilder::Define(ConfigEntry entry) {
  Config& c = config_;
  if (c.history_.size() >= c.options_.max_definitions) {
    return Status(StatusCode::kLimitExceeded,
                  "more than " + std::to_string(c.options_.max_definitions) +
                      " definitions (ConfigOptions::max_definitions)",
                  entry.name_at);
  }
  if (c.total_value_bytes_ + entry.raw_value.size() > c.options_.max_total_value_bytes) {
    return Status(StatusCode::kLimitExceeded,
                  "the values defined add up to more than " +
                      std::to_string(c.options_.max_total_value_bytes) +
                      " bytes (ConfigOptions::max_total_value_bytes)",
                  entry.name_at);
  }
  c.total_value_bytes_ += entry.raw_value.size();
  std::string key = Fold(entry.name);
  c.history_.push_back(std::move(entry));
  c.table_[std::move(key)] = c.history_.size() - 1;
  return Status::Ok();
}

}  // namespace policy
