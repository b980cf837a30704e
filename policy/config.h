// The merged configuration: every definition read from HTCondor
// configuration files (config_reader.h reads them), looked up as HTCondor
// looks knobs up (case-insensitive names, LOCALNAME. and SUBSYSTEM.
// prefixes, the knob table's defaults) and macro-expanded at use time as
// HTCondor's param() expands them, with the origin of every value.
#ifndef POLICY_CONFIG_H_
#define POLICY_CONFIG_H_

#include <cstddef>
#include <cstdint>
#include <functional>
#include <memory>
#include <optional>
#include <set>
#include <string>
#include <string_view>
#include <tuple>
#include <unordered_map>
#include <utility>
#include <vector>

#include "classad/quirks.h"
#include "classad/status.h"
#include "policy/config_source.h"
#include "policy/usermap.h"

namespace policy {

class ConfiguredUserMaps;

// One definition as read.
struct ConfigEntry {
  enum class Origin {
    kFile,         // a line of a configuration file (or text)
    kMetaknob,     // the text of a `use` metaknob; positions are those of the use line
    kDetected,     // set by the reader itself (SUBSYSTEM, LOCALNAME, CONFIG_ROOT, ...)
    kEnvironment,  // a _condor_NAME environment variable
  };
  std::string name;       // as spelled in the file (with any SUBSYS. prefix), macros expanded
  std::string raw_value;  // unexpanded, after self-reference expansion (and +=)
  classad::SourceLocation name_at;            // the first byte of the name
  classad::SourceLocation value_at;           // the first byte of the value (just after the
                                              // operator's blanks when the value is empty)
  std::vector<std::string> leading_comments;  // the comment lines just before it, as written
  Origin origin = Origin::kFile;
  std::string metaknob;  // kMetaknob: "CATEGORY:NAME" of the use that defined it
  // Where each run of raw_value came from (see LocationOf).
  std::vector<TextPiece> value_pieces;

  // The file, line and column of raw_value[offset], across continuation
  // lines and @= blocks; text that self-reference expansion or += put in
  // is attributed to the place of the macro it replaced (or the value's
  // start). An offset past the end gives the place after the last byte.
  classad::SourceLocation LocationOf(size_t offset_in_raw_value) const;
};

// An HTCondor quirk reading the configuration went through
// (Config::read_quirks).
struct ConfigQuirk {
  classad::Quirk quirk;
  // What happened, located at the knob whose expansion went through the
  // quirk or, for text outside any knob, at the line being read.
  classad::Status note;
};

// A knob's fully expanded value and where it came from.
struct ExpandedValue {
  std::string value;                            // fully expanded (may be empty)
  const ConfigEntry* entry = nullptr;           // where it was set, or null for a table default
  std::vector<const ConfigEntry*> macros_used;  // definitions expanded into it, outermost first
};

// How to read a configuration, and every limit the reader enforces. The
// defaults are HTCondor's where HTCondor has a limit, and far above what
// any real configuration needs where it has none.
struct ConfigOptions {
  // The daemon whose view of the configuration to take: SUBSYS.KNOB wins
  // over KNOB (HTCondor's subsystem names are case-insensitive).
  std::string subsystem = "NEGOTIATOR";
  // The daemon's local name (-local-name): LOCALNAME.KNOB wins over both.
  // Empty for none.
  std::string local_name;

  // Bytes of one file and of one logical line.
  SourceLimits source;
  // Files and metaknobs open at once: an include (or use) at depth d opens
  // depth d+1, the root file is depth 0, LOCAL_CONFIG_DIR/FILE files depth
  // 1, and opening depth >= 20 is an error (HTCondor's
  // CONFIG_MAX_NESTING_DEPTH).
  int max_include_depth = 20;
  // Nesting of if blocks in one file (HTCondor's bitmask allows 63; larger
  // values count as 63).
  int max_if_depth = 63;
  // Macros expanded inside one another ($(A) whose value holds $(B) ... is
  // depth 2). HTCondor has no limit; loops are reported apart.
  int max_expansion_depth = 64;
  // Bytes of one value during and after expansion (1 MiB).
  size_t max_expanded_bytes = size_t{1} << 20;
  // Work units one expansion (a Lookup, an Expand, or the self-references of
  // one definition) may spend: a unit per byte scanned or moved and 64 per
  // macro replaced. Bounds hostile inputs whose expansion HTCondor would
  // spend minutes or hours on (64 Mi units take well under a second).
  uint64_t max_expansion_work = uint64_t{64} << 20;
  // Definitions read, overridden ones included (History()).
  size_t max_definitions = size_t{1} << 20;
  // Bytes of all the raw values of History() together (256 MiB).
  size_t max_total_value_bytes = size_t{256} << 20;
  // Files ReadConfigFiles reads from LOCAL_CONFIG_DIR and LOCAL_CONFIG_FILE
  // together (a LOCAL_CONFIG_FILE that changes as it is read could make
  // HTCondor read without end).
  size_t max_local_config_files = 10000;

  // The version `if version OP x.y.z` compares with (HTCondor 25.14.0,
  // the sources this reader follows).
  int version_major = 25, version_minor = 14, version_subminor = 0;

  // The environment variable `name` ($ENV(), CONDOR_CONFIG), nullopt when
  // unset. Null reads the process's environment.
  std::function<std::optional<std::string>(std::string_view name)> getenv;
  // Every environment variable as (name, value), for the _condor_NAME
  // overrides ReadConfigFiles applies after the files. Null: none applied.
  std::function<std::vector<std::pair<std::string, std::string>>()> environment;
  // Random numbers for $RANDOM_CHOICE and $RANDOM_INTEGER. Null draws
  // from a generator seeded by the knob whose value holds the call and the
  // call's text, so the same configuration always reads the same (HTCondor
  // draws anew at every lookup). A function given here is called from
  // whichever thread expands: it must be thread-safe for Config's const
  // methods to be.
  std::function<uint64_t()> random;

  // How the maps userMap() reads are loaded once the configuration is read
  // (Config::user_maps): the limits of reading them, and whether map files
  // (CLASSAD_USER_MAPFILE_<name>, and the accounting-group map a Policy
  // reads) are opened at all; false loads only the
  // CLASSAD_USER_MAPDATA_<name> texts (for untrusted configurations; set
  // user_map.max_include_depth to 0 too, so that no @include opens a file).
  // Map files are opened directly, not through `file_system` below.
  UserMapOptions user_map;
  bool read_user_map_files = true;

  // Macros the reader defines before reading (origin kDetected), e.g.
  // HOSTNAME, FULL_HOSTNAME, TILDE, ARCH, as HTCondor detects them. The
  // reader always defines SUBSYSTEM and LOCALNAME (and CONFIG_ROOT in
  // ReadConfigFiles) itself.
  std::vector<std::pair<std::string, std::string>> detected;

  // The files FindRootConfig tries when CONDOR_CONFIG is unset, in order
  // ("~condor/" is replaced by the condor user's home directory, and the
  // candidate dropped when there is no such user).
  std::vector<std::string> root_config_candidates = {
      "/etc/condor/condor_config", "/usr/local/etc/condor_config", "~condor/condor_config"};

  // How the reader opens files; null members use the real file system
  // (config_file_system.h).
  struct FileSystem {
    enum class PathKind { kMissing, kDirectory, kFile };
    // What `path` is (following symbolic links); kFile for anything that
    // exists and is not a directory.
    std::function<PathKind(const std::string& path)> path_kind;
    // The bytes of the file at `path` (opened as fopen opens it: relative
    // to the current directory) and an identity that is the same for two
    // paths to one file (for include cycles). kNotFound when it does not
    // exist; kIoError when it cannot be read or is a directory; a file over
    // `max_bytes` gives kLimitExceeded.
    std::function<classad::Result<std::pair<std::string, std::string>>(const std::string& path,
                                                                       size_t max_bytes)>
        read_file;
    // The full paths of the regular files directly in `dir`, in any order;
    // kNotFound when `dir` is not a readable directory.
    std::function<classad::Result<std::vector<std::string>>(const std::string& dir)> list_directory;
    // The home directory of user `name` (for ~condor), nullopt if none.
    std::function<std::optional<std::string>(const std::string& name)> home_directory;
  };
  FileSystem file_system;
};

// The merged configuration. Immutable once read (the reader builds it
// through ConfigBuilder); every const method is thread-safe. Move-only:
// the entries are large and handed out by pointer.
class Config {
 public:
  Config(Config&&) = default;
  Config& operator=(Config&&) = default;
  Config(const Config&) = delete;
  Config& operator=(const Config&) = delete;

  // The definition `name` (any case) resolves to in the files, in HTCondor's
  // order: LOCALNAME.name, SUBSYSTEM.name, name. Null when no file defines
  // it (table defaults are not entries).
  const ConfigEntry* Find(std::string_view name) const;

  // The fully expanded value of knob `name`: the definition Find gives,
  // else the param table's default (policy::ParamTableDefault). nullopt when
  // neither has one. An empty value is returned as such (condor_config_val
  // calls it "Not defined"). Errors: an expansion loop (naming the chain and
  // where each link was defined), a limit of ConfigOptions, a macro function
  // that fails ($INT of a non-number, ...).
  classad::Result<std::optional<ExpandedValue>> Lookup(std::string_view name) const;

  // `text` with every macro expanded as in a value (then $(DOLLAR) -> $).
  classad::Result<std::string> Expand(std::string_view text) const;

  // The raw (unexpanded) value `$(name)` stands for: the file definition,
  // else the table default; nullopt when there is neither.
  std::optional<std::string_view> RawValue(std::string_view name) const;

  // The effective definitions (the last of each name), sorted by name
  // without case. Includes detected and environment entries (see origin).
  std::vector<const ConfigEntry*> Entries() const;
  // Every definition in read order, overridden ones too.
  const std::vector<ConfigEntry>& History() const { return history_; }
  // Warnings met while reading (obsolete ':' assignments, `warning :`
  // statements, user maps that could not be loaded), with positions. They
  // carry a non-OK code so that ToString prints them; the code means
  // nothing more.
  const std::vector<classad::Status>& warnings() const { return warnings_; }
  // The files read, in order.
  const std::vector<std::string>& sources() const { return sources_; }
  // The maps the daemon's userMap() reads (user_maps.h), loaded as HTCondor
  // loads them once its configuration is read: every Lookup and Expand
  // after reading gives them to the expressions of $EVAL, $INT, $REAL,
  // $STRING, $CHOICE and $SUBSTR. Lookups made while reading (if
  // conditions, self-references) see no userMap() at all, as in HTCondor's
  // first read (read_quirks). Null when the
  // configuration names no map. A map that cannot be read is left out with
  // a warning (HTCondor logs it).
  const std::shared_ptr<const ConfiguredUserMaps>& user_maps() const { return user_maps_; }
  // The HTCondor quirks the configuration's own evaluations went through
  // while it was read, once per place: today a function HTCondor registers
  // only once its configuration is read (userMap, split, the stringList*
  // family, ...: classad::Quirk::kUnregisteredFunction) called from an if
  // condition, a self-reference or an AUTO_USE_ trigger, where it is error
  // as in HTCondor's first read. policy_lint names each.
  const std::vector<ConfigQuirk>& read_quirks() const { return read_quirks_; }
  const std::string& subsystem() const { return options_.subsystem; }
  const std::string& local_name() const { return options_.local_name; }
  const ConfigOptions& options() const { return options_; }

 private:
  friend class ConfigBuilder;
  struct ChainLink;
  struct Budget;
  struct RawLookup {
    const ConfigEntry* entry = nullptr;  // null for a table default
    std::optional<std::string_view> value;
  };

  explicit Config(ConfigOptions options);
  // Records the quirks `reading_->notes` holds, noted by the macro function
  // `call` evaluated while the configuration is read, at `at` (at the line
  // being read when `at` names no file), and clears the notes.
  void RecordReadingQuirks(std::string_view call, const classad::SourceLocation& at) const;

  RawLookup LookupRaw(std::string_view name) const;
  const ConfigEntry* FindExact(std::string_view name) const;
  // Expands `text` whose bytes stand inside the expansion `chain` (null at
  // the top), charging `budget`; adds the definitions it expands to `used`.
  classad::Result<std::string> ExpandIn(std::string_view text, const ChainLink* chain,
                                        Budget* budget,
                                        std::vector<const ConfigEntry*>* used) const;
  // The expansion of knob `name` inside `chain` (nullopt when undefined).
  classad::Result<std::optional<std::string>> LookupIn(std::string_view name,
                                                       const ChainLink* chain, Budget* budget,
                                                       std::vector<const ConfigEntry*>* used) const;
  // Self-reference expansion at definition time (see ConfigBuilder).
  classad::Result<PositionedText> ExpandSelf(std::string_view self, const PositionedText& value,
                                             const std::string& file) const;

  ConfigOptions options_;
  std::vector<ConfigEntry> history_;
  std::unordered_map<std::string, size_t> table_;  // lower-cased name -> index in history_
  std::vector<classad::Status> warnings_;
  std::vector<std::string> sources_;
  size_t total_value_bytes_ = 0;
  std::shared_ptr<const ConfiguredUserMaps> user_maps_;
  std::vector<ConfigQuirk> read_quirks_;
  // While the configuration is read: the state its expansions share, owned
  // by the ConfigBuilder. Null once it is read, which is when HTCondor has
  // registered the functions of its daemons (ClassAdReconfig).
  struct ReadingState {
    classad::QuirkNotes notes;     // what the evaluations being run note
    classad::SourceLocation line;  // the line being read (ConfigBuilder::ReadingAt)
    std::vector<ConfigQuirk> seen;
    // (quirk, file, line, column) of each of `seen`, so that a place is
    // recorded once however often it is expanded.
    std::set<std::tuple<int, std::string, int, int>> places;
  };
  ReadingState* reading_ = nullptr;
};

// Builds a Config; the reader's interface to it (config_reader.cc). Not for
// other callers. Not thread-safe.
class ConfigBuilder {
 public:
  explicit ConfigBuilder(ConfigOptions options) : config_(std::move(options)) {
    config_.reading_ = &reading_;
  }
  ConfigBuilder(const ConfigBuilder&) = delete;
  ConfigBuilder& operator=(const ConfigBuilder&) = delete;

  // The configuration read so far (lookups see the definitions made so far).
  const Config& config() const { return config_; }

  // Expands, at definition time, the references in `value` to knob `name`
  // itself ($(name), $(name:default), $F...(name), and the forms without
  // a LOCALNAME./SUBSYSTEM. prefix of `name`) with the value current now,
  // as HTCondor's expand_self_macro; other macros stay. `file` names
  // `value`'s positions in errors. Errors: a limit, a self-reference
  // inside the current value (HTCondor would loop forever).
  classad::Result<PositionedText> ExpandSelf(std::string_view name, const PositionedText& value,
                                             const std::string& file) const {
    return config_.ExpandSelf(name, value, file);
  }

  // Records a definition (it replaces any earlier one of the same name).
  // Errors: ConfigOptions::max_definitions or max_total_value_bytes, located
  // at the entry's name.
  classad::Status Define(ConfigEntry entry);
  void AddWarning(classad::Status warning) { config_.warnings_.push_back(std::move(warning)); }
  void AddSource(std::string path) { config_.sources_.push_back(std::move(path)); }
  // The line being read now: where a quirk met in text that belongs to no
  // knob (an if condition, an include target) is reported.
  void ReadingAt(classad::SourceLocation at) { reading_.line = std::move(at); }

  // The finished configuration, its user maps loaded (Config::user_maps):
  // from now on its evaluations find HTCondor's daemon functions.
  Config Finish() &&;

 private:
  Config::ReadingState reading_;
  Config config_;
};

// The name's characters are all [A-Za-z0-9_./] and there is at least one.
bool IsValidKnobName(std::string_view name);

}  // namespace policy

#endif  // POLICY_CONFIG_H_
