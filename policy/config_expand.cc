// Macro expansion of configuration values: Config::Lookup / Expand at use
// time (HTCondor's expand_macro, the version param() uses) and the
// self-reference expansion at definition time (expand_self_macro).
//
// HTCondor replaces the leftmost macro by the text it stands for (a raw,
// unexpanded value) and scans again from the start, until no macro is left;
// then it turns each $(DOLLAR) into '$'. This does the same, with two
// additions HTCondor lacks:
//  - every byte remembers the chain of macros whose value it came from, so
//    a macro met inside its own expansion (A = $(B), B = $(A)) is reported
//    as a loop naming the chain, where HTCondor loops forever;
//  - limits on depth, size and work (ConfigOptions), so that no input can
//    make it run for long.
// The rescan starts where a scan from the start would first see a change
// (MacroScanLog), which gives the same result in linear time.
#include <algorithm>
#include <cstdlib>
#include <deque>
#include <random>

#include "policy/config.h"
#include "policy/config_macros.h"
#include "policy/macro_functions.h"
#include "policy/text_util.h"
#include "policy/user_maps.h"

namespace policy {

using classad::Result;
using classad::SourceLocation;
using classad::Status;
using classad::StatusCode;

// One macro being expanded: its name (or, for a function, the call's text)
// and the macro it was found in.
struct Config::ChainLink {
  const ChainLink* parent = nullptr;
  std::string name;
  const ConfigEntry* entry = nullptr;  // its definition; null for a default or a function
  int depth = 1;
};

// The work one top-level expansion may still spend.
struct Config::Budget {
  uint64_t spent = 0;
};

namespace {

constexpr uint64_t kReplacementCost = 64;

std::string Describe(const ConfigEntry* entry) {
  if (entry == nullptr) return "the knob table's default";
  const SourceLocation& at = entry->name_at;
  std::string out = at.file;
  if (at.line > 0) out += ":" + std::to_string(at.line) + ":" + std::to_string(at.column);
  return out;
}

// The random numbers of one macro function call when ConfigOptions::random
// is not set: a generator seeded from the knob whose value holds the call
// and the call's text, so that a configuration always reads the same, in
// every run and every lookup (HTCondor's $RANDOM_CHOICE and
// $RANDOM_INTEGER draw anew; docs/compatibility.md).
std::function<uint64_t()> SeededRandom(std::string_view knob, std::string_view call) {
  uint64_t seed = 0xcbf29ce484222325ull;  // FNV-1a of the lower-cased knob, 0, the call
  const auto mix = [&seed](unsigned char c) {
    seed ^= c;
    seed *= 0x100000001b3ull;
  };
  for (char c : LowerAscii(knob)) mix(static_cast<unsigned char>(c));
  mix(0);
  for (char c : call) mix(static_cast<unsigned char>(c));
  auto generator = std::make_shared<std::mt19937_64>(seed);
  return [generator] { return (*generator)(); };
}

// The error for macro `name` met inside its own expansion `chain`.
Status LoopError(std::string_view name,
                 const std::vector<std::pair<std::string, const ConfigEntry*>>& chain) {
  std::string path;
  std::string where;
  for (const auto& [link_name, link_entry] : chain) {
    path += link_name + " -> ";
    where += (where.empty() ? "" : "; ") + link_name + " at " + Describe(link_entry);
  }
  path += std::string(name);
  SourceLocation at;
  for (auto it = chain.rbegin(); it != chain.rend(); ++it) {
    if (it->second != nullptr) {
      at = it->second->name_at;
      break;
    }
  }
  return Status(StatusCode::kInvalidArgument,
                "macro expansion loop: " + path + " (" + where +
                    "); HTCondor would never finish expanding it",
                at);
}

// The process's environment variable `name`.
std::optional<std::string> RealGetenv(std::string_view name) {
  const char* value = std::getenv(std::string(name).c_str());
  if (value == nullptr) return std::nullopt;
  return std::string(value);
}

}  // namespace

Result<std::optional<ExpandedValue>> Config::Lookup(std::string_view name) const {
  const RawLookup raw = LookupRaw(name);
  if (!raw.value) return std::optional<ExpandedValue>();
  Budget budget;
  ChainLink root;
  root.name = std::string(name);
  root.entry = raw.entry;
  ExpandedValue out;
  out.entry = raw.entry;
  Result<std::string> expanded = ExpandIn(*raw.value, &root, &budget, &out.macros_used);
  if (!expanded.ok()) return expanded.status();
  out.value = std::move(expanded).value();
  return std::optional<ExpandedValue>(std::move(out));
}

Result<std::string> Config::Expand(std::string_view text) const {
  Budget budget;
  std::vector<const ConfigEntry*> used;
  return ExpandIn(text, nullptr, &budget, &used);
}

Result<std::optional<std::string>> Config::LookupIn(std::string_view name, const ChainLink* chain,
                                                    Budget* budget,
                                                    std::vector<const ConfigEntry*>* used) const {
  const RawLookup raw = LookupRaw(name);
  if (!raw.value) return std::optional<std::string>();
  ChainLink link;
  link.parent = chain;
  link.name = std::string(name);
  link.entry = raw.entry;
  link.depth = chain == nullptr ? 1 : chain->depth + 1;
  for (const ChainLink* l = chain; l != nullptr; l = l->parent) {
    if (!EqualsNoCase(l->name, name)) continue;
    std::vector<std::pair<std::string, const ConfigEntry*>> list;
    for (const ChainLink* k = chain; k != nullptr; k = k->parent)
      list.emplace_back(k->name, k->entry);
    std::reverse(list.begin(), list.end());
    return LoopError(name, list);
  }
  if (link.depth > options_.max_expansion_depth) {
    return Status(StatusCode::kLimitExceeded,
                  "macros nested more than " + std::to_string(options_.max_expansion_depth) +
                      " deep (ConfigOptions::max_expansion_depth) at " + std::string(name),
                  raw.entry != nullptr ? raw.entry->name_at : SourceLocation{});
  }
  if (raw.entry != nullptr && std::find(used->begin(), used->end(), raw.entry) == used->end()) {
    used->push_back(raw.entry);
  }
  Result<std::string> expanded = ExpandIn(*raw.value, &link, budget, used);
  if (!expanded.ok()) return expanded.status();
  return std::optional<std::string>(std::move(expanded).value());
}

Result<std::string> Config::ExpandIn(std::string_view text, const ChainLink* chain, Budget* budget,
                                     std::vector<const ConfigEntry*>* used) const {
  const ConfigOptions& o = options_;
  SpliceText out(text.begin(), text.end());
  // Per byte, the chain it stands in: 0 is `chain`, k is links[k - 1].
  const std::vector<uint32_t> zeros(text.size(), 0);
  SpliceBuffer<uint32_t> tags(zeros.begin(), zeros.end());
  std::deque<ChainLink> links;
  const auto link_of = [&](uint32_t tag) -> const ChainLink* {
    return tag == 0 ? chain : &links[tag - 1];
  };
  const auto chain_list = [&](const ChainLink* link) {
    std::vector<std::pair<std::string, const ConfigEntry*>> list;
    for (const ChainLink* l = link; l != nullptr; l = l->parent)
      list.emplace_back(l->name, l->entry);
    std::reverse(list.begin(), list.end());
    return list;
  };
  // The definition of the knob nearest `link` in its chain; null at the top.
  const auto nearest_entry = [&](const ChainLink* link) -> const ConfigEntry* {
    for (const ChainLink* l = link; l != nullptr; l = l->parent) {
      if (l->entry != nullptr) return l->entry;
    }
    return nullptr;
  };
  const auto located = [&](Status status, const ChainLink* link) {
    if (!status.where().file.empty()) return status;
    const ConfigEntry* entry = nearest_entry(link);
    return entry == nullptr ? status : Status(status.code(), status.message(), entry->name_at);
  };
  const auto over_work = [&](const ChainLink* link) {
    return located(
        Status(StatusCode::kLimitExceeded, "macro expansion needs more than " +
                                               std::to_string(o.max_expansion_work) +
                                               " work units (ConfigOptions::max_expansion_work)"),
        link);
  };
  // Adds a link below `parent` for `name`, or says why it cannot be.
  const auto push_link = [&](const ChainLink* parent, std::string name,
                             const ConfigEntry* entry) -> Result<uint32_t> {
    for (const ChainLink* l = parent; l != nullptr; l = l->parent) {
      if (EqualsNoCase(l->name, name)) return LoopError(name, chain_list(parent));
    }
    const int depth = (parent == nullptr ? 0 : parent->depth) + 1;
    if (depth > o.max_expansion_depth) {
      return located(Status(StatusCode::kLimitExceeded,
                            "macros nested more than " + std::to_string(o.max_expansion_depth) +
                                " deep (ConfigOptions::max_expansion_depth) at " + name),
                     parent);
    }
    links.push_back(ChainLink{parent, std::move(name), entry, depth});
    return static_cast<uint32_t>(links.size());
  };

  const MacroFilter not_dollar = [](const MacroRef& m, const SpliceText& t) {
    return !IsDollarMacro(m, t);
  };
  MacroScanLog log;
  uint64_t logged = 0;
  size_t from = 0;
  for (;;) {
    log.set_work_limit(logged +
                       (o.max_expansion_work - std::min(o.max_expansion_work, budget->spent)));
    std::optional<MacroRef> m = FindMacro(out, from, not_dollar, &log);
    budget->spent += log.work() - logged;
    logged = log.work();
    if (budget->spent > o.max_expansion_work) return over_work(link_of(0));
    if (!m) break;
    const ChainLink* parent = link_of(tags[m->dollar]);
    std::string replacement;
    std::vector<uint32_t> replacement_tags;
    if (!m->is_function()) {
      const std::string name = m->Name(out);
      const RawLookup raw = LookupRaw(name);
      const bool has_value = raw.value && !raw.value->empty();
      if (m->default_begin != MacroRef::kNoDefault && !has_value) {
        // The default is text of this value: its bytes keep their chains.
        replacement = Substring(out, m->default_begin, m->body_end - m->default_begin);
        replacement_tags = tags.Copy(m->default_begin, m->body_end - m->default_begin);
      } else if (has_value) {
        Result<uint32_t> tag = push_link(parent, name, raw.entry);
        if (!tag.ok()) return tag.status();
        replacement = std::string(*raw.value);
        replacement_tags.assign(replacement.size(), *tag);
        if (raw.entry != nullptr &&
            std::find(used->begin(), used->end(), raw.entry) == used->end()) {
          used->push_back(raw.entry);
        }
      }
    } else {
      const std::string call = Substring(out, m->dollar, m->end() - m->dollar);
      Result<uint32_t> tag = push_link(parent, call, nullptr);
      if (!tag.ok()) return tag.status();
      const ChainLink* link = &links.back();
      MacroFunctionContext context;
      context.lookup = [&, link](std::string_view knob) {
        return LookupIn(knob, link, budget, used);
      };
      context.raw_lookup = [this](std::string_view knob) { return RawValue(knob); };
      context.expand = [&, link](std::string_view inner) {
        return ExpandIn(inner, link, budget, used);
      };
      context.getenv = o.getenv ? o.getenv : RealGetenv;
      // Seeded by the knob whose value holds the call.
      context.random =
          o.random ? o.random : SeededRandom(parent != nullptr ? parent->name : "", call);
      context.user_maps = user_maps_.get();
      context.daemon_functions_registered = reading_ == nullptr;
      context.quirk_notes = reading_ != nullptr ? &reading_->notes : nullptr;
      Result<std::string> result = EvaluateMacroFunction(m->function, m->Body(out), context);
      const ConfigEntry* holder = nearest_entry(parent);
      RecordReadingQuirks(call, holder != nullptr ? holder->name_at : SourceLocation{});
      if (!result.ok()) {
        Status failed = result.status();
        const std::string message = failed.message().find(call) == std::string::npos
                                        ? call + ": " + failed.message()
                                        : failed.message();
        return located(Status(failed.code(), message, failed.where()), parent);
      }
      if (budget->spent > o.max_expansion_work) return over_work(parent);
      replacement = std::move(result).value();
      replacement_tags.assign(replacement.size(), *tag);
    }
    const size_t removed = m->end() - m->dollar;
    if (out.size() - removed + replacement.size() > o.max_expanded_bytes) {
      return located(
          Status(StatusCode::kLimitExceeded, "macro expansion gives more than " +
                                                 std::to_string(o.max_expanded_bytes) +
                                                 " bytes (ConfigOptions::max_expanded_bytes)"),
          parent);
    }
    budget->spent +=
        kReplacementCost + out.Replace(m->dollar, removed, replacement.begin(), replacement.end());
    tags.Replace(m->dollar, removed, replacement_tags.begin(), replacement_tags.end());
    if (budget->spent > o.max_expansion_work) return over_work(parent);
    from = log.Rewind(m->dollar);
  }

  // Last, each $(DOLLAR) becomes '$' (and is never expanded again).
  const MacroFilter only_dollar = [](const MacroRef& m, const SpliceText& t) {
    return IsDollarMacro(m, t);
  };
  MacroScanLog dollar_log;
  logged = 0;
  from = 0;
  static constexpr char kDollar[] = "$";
  for (;;) {
    dollar_log.set_work_limit(
        logged + (o.max_expansion_work - std::min(o.max_expansion_work, budget->spent)));
    std::optional<MacroRef> m = FindMacro(out, from, only_dollar, &dollar_log);
    budget->spent += dollar_log.work() - logged;
    logged = dollar_log.work();
    if (m) {
      budget->spent +=
          kReplacementCost + out.Replace(m->dollar, m->end() - m->dollar, kDollar, kDollar + 1);
    }
    if (budget->spent > o.max_expansion_work) return over_work(chain);
    if (!m) break;
    from = dollar_log.Rewind(m->dollar);
  }
  const std::vector<char> all = out.All();
  return std::string(all.begin(), all.end());
}

Result<PositionedText> Config::ExpandSelf(std::string_view self, const PositionedText& value,
                                          const std::string& file) const {
  const ConfigOptions& o = options_;
  // The name without a LOCALNAME. or SUBSYSTEM. prefix, which refers to
  // it too (the local name is tried first, as HTCondor does).
  std::string_view self2;
  for (const std::string* prefix : {&o.local_name, &o.subsystem}) {
    if (prefix->empty() || self.size() <= prefix->size() + 1) continue;
    if (StartsWithNoCase(self, *prefix) && self[prefix->size()] == '.') {
      self2 = self.substr(prefix->size() + 1);
      break;
    }
  }
  const MacroFilter only_self = [&](const MacroRef& m, const SpliceText& t) {
    if (m.is_function() && m.function[0] != 'F') return false;  // only $(...) and $F...()
    // NAME alone or NAME followed by ':' (only the first bytes are read: a
    // $F body may be long).
    const size_t length = m.body_end - m.body;
    const auto matches = [&](std::string_view name) {
      if (name.empty() || length < name.size()) return false;
      if (length > name.size() && t[m.body + name.size()] != ':') return false;
      return EqualsNoCase(Substring(t, m.body, name.size()), name);
    };
    return matches(self) || matches(self2);
  };

  // Per byte: the offset in `value` it came from, with kInserted set for
  // text that replaced a macro (then the offset is the macro's '$').
  constexpr uint32_t kInserted = 0x80000000u;
  SpliceText out(value.text().begin(), value.text().end());
  std::vector<uint32_t> initial(value.size());
  for (size_t i = 0; i < initial.size(); ++i) initial[i] = static_cast<uint32_t>(i);
  SpliceBuffer<uint32_t> tags(initial.begin(), initial.end());
  Budget budget;
  MacroScanLog log;
  uint64_t logged = 0;
  size_t from = 0;
  const auto where = [&](uint32_t tag) { return value.LocationOf(tag & ~kInserted, file); };
  for (;;) {
    log.set_work_limit(logged +
                       (o.max_expansion_work - std::min(o.max_expansion_work, budget.spent)));
    std::optional<MacroRef> m = FindMacro(out, from, only_self, &log);
    budget.spent += log.work() - logged;
    logged = log.work();
    if (budget.spent > o.max_expansion_work) {
      return Status(StatusCode::kLimitExceeded,
                    "expanding the references of " + std::string(self) +
                        " to itself needs more than " + std::to_string(o.max_expansion_work) +
                        " work units (ConfigOptions::max_expansion_work)",
                    m ? where(tags[m->dollar]) : value.LocationOf(0, file));
    }
    if (!m) break;
    const uint32_t tag = tags[m->dollar];
    if (tag & kInserted) {
      return Status(StatusCode::kInvalidArgument,
                    "the current value of " + std::string(self) +
                        " refers to itself, so its self-reference would be expanded forever",
                    where(tag));
    }
    std::string replacement;
    std::vector<uint32_t> replacement_tags;
    if (!m->is_function()) {
      const RawLookup raw = LookupRaw(m->Name(out));
      const bool has_value = raw.value && !raw.value->empty();
      if (m->default_begin != MacroRef::kNoDefault && !has_value) {
        replacement = Substring(out, m->default_begin, m->body_end - m->default_begin);
        replacement_tags = tags.Copy(m->default_begin, m->body_end - m->default_begin);
      } else if (has_value) {
        replacement = std::string(*raw.value);
        replacement_tags.assign(replacement.size(), kInserted | tag);
      }
    } else {
      const std::string call = Substring(out, m->dollar, m->end() - m->dollar);
      MacroFunctionContext context;
      std::vector<const ConfigEntry*> used;
      context.lookup = [&](std::string_view knob) {
        return LookupIn(knob, nullptr, &budget, &used);
      };
      context.raw_lookup = [this](std::string_view knob) { return RawValue(knob); };
      context.expand = [&](std::string_view inner) {
        return ExpandIn(inner, nullptr, &budget, &used);
      };
      context.getenv = o.getenv ? o.getenv : RealGetenv;
      context.random = o.random ? o.random : SeededRandom(self, call);
      context.user_maps = user_maps_.get();
      context.daemon_functions_registered = reading_ == nullptr;
      context.quirk_notes = reading_ != nullptr ? &reading_->notes : nullptr;
      Result<std::string> result = EvaluateMacroFunction(m->function, m->Body(out), context);
      RecordReadingQuirks(call, where(tag));
      if (!result.ok()) {
        const std::string& message = result.status().message();
        return Status(result.status().code(),
                      message.find(call) == std::string::npos ? call + ": " + message : message,
                      where(tag));
      }
      replacement = std::move(result).value();
      replacement_tags.assign(replacement.size(), kInserted | tag);
    }
    const size_t removed = m->end() - m->dollar;
    if (out.size() - removed + replacement.size() > o.max_expanded_bytes) {
      return Status(StatusCode::kLimitExceeded,
                    "the value of " + std::string(self) + " grows past " +
                        std::to_string(o.max_expanded_bytes) +
                        " bytes (ConfigOptions::max_expanded_bytes)",
                    where(tag));
    }
    budget.spent +=
        kReplacementCost + out.Replace(m->dollar, removed, replacement.begin(), replacement.end());
    tags.Replace(m->dollar, removed, replacement_tags.begin(), replacement_tags.end());
    from = log.Rewind(m->dollar);
  }

  // Rebuild the position map: runs of consecutive original bytes are
  // copied with their positions; inserted runs sit at their macro's place.
  const std::vector<char> bytes = out.All();
  const std::vector<uint32_t> origin = tags.All();
  const std::string_view all(bytes.data(), bytes.size());
  PositionedText result;
  for (size_t i = 0; i < bytes.size();) {
    size_t j = i + 1;
    if (origin[i] & kInserted) {
      while (j < bytes.size() && origin[j] == origin[i]) ++j;
      const SourceLocation at = where(origin[i]);
      result.Append(all.substr(i, j - i), at.line, at.column, false);
    } else {
      while (j < bytes.size() && !(origin[j] & kInserted) && origin[j] == origin[j - 1] + 1) ++j;
      result.AppendRange(value, origin[i], origin[i] + (j - i));
    }
    i = j;
  }
  return result;
}

}  // namespace policy
