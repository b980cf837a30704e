// libFuzzer target: HTCondor configuration text (policy/config_reader.h)
// and map files (policy/usermap.h). The first input byte chooses:
//   bit 0 set: the rest is a map file, read with UserMap::Parse (no
//              @include opens a file) and then looked up;
//   bit 0 clear: the rest is a configuration, read with ReadConfigText
//              (bit 1 clear) or as the root file of ReadConfigFiles (bit 1
//              set, so LOCAL_CONFIG_DIR / LOCAL_CONFIG_FILE run too); then
//              every knob is looked up and expanded.
// The environment, randomness and file system are fakes: include, use and
// LOCAL_CONFIG_* reach only a few virtual files, never the disk. Every
// failure must be a located error; every success must keep its invariants.
#include <cstddef>
#include <cstdint>
#include <map>
#include <string>
#include <vector>

#include "fuzz/config_fuzz_options.h"
#include "fuzz/fuzz_util.h"
#include "policy/config.h"
#include "policy/config_reader.h"
#include "policy/usermap.h"

namespace {

using classad_fuzz::FuzzOptions;
using classad_fuzz::VirtualFiles;

// A failure must say what and where.
void CheckError(const classad::Status& status, std::string_view text) {
  classad_fuzz::Check(!status.ok(), "an error Result holds an OK status", text);
  classad_fuzz::Check(!status.message().empty(), "an error without a message", text,
                      status.ToString());
}

void FuzzConfig(std::string_view text, bool as_files) {
  const policy::ConfigOptions options = FuzzOptions();
  classad::Result<policy::Config> read = [&]() -> classad::Result<policy::Config> {
    if (!as_files) return policy::ReadConfigText(text, "fuzz.conf", options);
    policy::ConfigOptions with_root = options;
    const std::string root(text);
    auto files = options.file_system.read_file;
    with_root.file_system.read_file =
        [root, files](const std::string& path,
                      size_t max_bytes) -> classad::Result<std::pair<std::string, std::string>> {
      if (path == "fuzz.conf") return std::make_pair(root, path);
      return files(path, max_bytes);
    };
    return policy::ReadConfigFiles({"fuzz.conf"}, with_root);
  }();
  if (!read.ok()) {
    CheckError(read.status(), text);
    classad_fuzz::Check(!read.status().where().file.empty(), "a read error without a file", text,
                        read.status().ToString());
    return;
  }
  const policy::Config& config = *read;
  for (const policy::ConfigEntry* entry : config.Entries()) {
    // Positions: the pieces are in order and inside the value.
    size_t last = 0;
    for (const policy::TextPiece& piece : entry->value_pieces) {
      classad_fuzz::Check(piece.offset >= last && piece.offset < entry->raw_value.size(),
                          "value pieces out of order", text, entry->name);
      last = piece.offset;
    }
    for (size_t offset : {size_t{0}, entry->raw_value.size() / 2, entry->raw_value.size()}) {
      const classad::SourceLocation at = entry->LocationOf(offset);
      classad_fuzz::Check(at.line >= 0 && at.column >= 0, "a negative position", text, entry->name);
    }
    classad::Result<std::optional<policy::ExpandedValue>> value = config.Lookup(entry->name);
    if (!value.ok()) {
      CheckError(value.status(), text);
      continue;
    }
    classad_fuzz::Check(value->has_value(), "a defined knob looks undefined", text, entry->name);
    classad_fuzz::Check((*value)->value.size() <= options.max_expanded_bytes ||
                            (*value)->value.size() <= entry->raw_value.size(),
                        "an expansion larger than max_expanded_bytes", text, entry->name);
  }
  classad::Result<std::string> expanded = config.Expand(text.substr(0, 256));
  if (!expanded.ok()) CheckError(expanded.status(), text);
}

void FuzzUserMap(std::string_view text) {
  policy::UserMap::Options options;
  options.max_include_depth = 0;  // no file is ever opened
  options.max_bytes = 1 << 16;
  options.max_entries = 1 << 12;
  classad::Result<policy::UserMap> map = policy::UserMap::Parse(text, "fuzz.map", options);
  if (!map.ok()) {
    CheckError(map.status(), text);
    classad_fuzz::Check(map.status().where().line >= 1, "a map error without a line", text,
                        map.status().ToString());
    return;
  }
  for (std::string_view principal : {"alice", "bob@example.org", "", "a b", "x\ny"}) {
    (void)map->Map("*", principal);
    (void)map->Map("CLAIMTOBE", principal);
    (void)map->MapGroup(principal, "group_a");
    (void)map->MapGroup(principal, "");
  }
}

}  // namespace

// Entry point: selector byte, then the text.
extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  if (size == 0) return 0;
  const uint8_t selector = data[0];
  const std::string_view text = classad_fuzz::AsText(data + 1, size - 1);
  if (selector & 1) {
    FuzzUserMap(text);
  } else {
    FuzzConfig(text, (selector & 2) != 0);
  }
  return 0;
}
