// The file reader shared by config_reader.cc (one file's statements) and
// config_files.cc (the order of files). Internal to the policy library.
#ifndef POLICY_CONFIG_READER_INTERNAL_H_
#define POLICY_CONFIG_READER_INTERNAL_H_

#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "classad/status.h"
#include "policy/config.h"
#include "policy/config_if.h"
#include "policy/config_source.h"

namespace policy::config_internal {

// Reads configuration sources into a ConfigBuilder, one statement at a
// time, as HTCondor's Parse_macros. Keeps the files open at the moment (for
// include cycles). Not thread-safe.
class Reader {
 public:
  // `options.file_system` must have every member set; both must outlive
  // the reader.
  Reader(ConfigBuilder* builder, const ConfigOptions& options)
      : builder_(builder), options_(options) {}

  // Reads the file at `path` at include depth `depth`. A missing file is
  // skipped when !required. `from` locates errors about opening it (the
  // include line; empty for a root or local file).
  classad::Status ReadFile(const std::string& path, int depth, bool required,
                           const classad::SourceLocation& from);
  // Reads `bytes` named `file` at depth `depth`.
  classad::Status ReadText(std::string_view bytes, const std::string& file, int depth);
  // Defines `name` = `value` outside any file (detected or environment).
  classad::Status DefineSpecial(const std::string& name, const std::string& value,
                                ConfigEntry::Origin origin);

  // HTCondor's do_smart_auto_use (condor_config.cpp), for once every file
  // is read: each knob named AUTO_USE_<CATEGORY>_<NAME> (defined, or with
  // a table default), in name order, whose value is a true if-condition
  // applies the metaknob CATEGORY:NAME without arguments. A value that is
  // not a condition, a name that is no metaknob, and a body that fails
  // (what it defined before stays) are warnings, as HTCondor prints them
  // and goes on. Errors: only limits (ConfigOptions) met while applying.
  classad::Status ApplyAutoUse();

  const Config& config() const { return builder_->config(); }

 private:
  // What if/elif conditions read (IfConditionContext).
  IfConditionContext Conditions() const;
  // A metaknob body being read: where its `use` line is, and its name.
  struct UseContext {
    classad::SourceLocation at;
    std::string what;  // "CATEGORY:NAME"
  };
  // An @= block being collected.
  struct HereDocument {
    std::string name;
    std::string tag;
    classad::SourceLocation name_at, tag_at;
    std::vector<std::string> comments;
    PositionedText value;
  };
  // Where a statement is and what it is in.
  struct Place {
    const SourceLine* line;
    const std::string* file;
    const UseContext* use;  // null outside a metaknob
    classad::SourceLocation At(size_t offset) const;
  };

  classad::Status ParseLines(const std::vector<SourceLine>& lines, const std::string& file,
                             int depth, const UseContext* use);
  classad::Status HandleStatement(const Place& place, size_t start, int depth,
                                  std::vector<std::string>* comments,
                                  std::optional<HereDocument>* here);
  classad::Status HandleAssign(const Place& place, const Statement& st,
                               std::vector<std::string> comments);
  classad::Status HandleInclude(const Place& place, const Statement& st, int depth);
  classad::Status HandleUse(const Place& place, const Statement& st, int depth);
  classad::Status FinishHereDocument(HereDocument here, const Place& place);
  // Warns about words between a definition's name and its operator.
  void WarnAboutIgnoredWords(const Place& place, const Statement& st, const std::string& name);
  // Expands `text` now; an error without a position gets `at`.
  // A knob name, here-document name or use category as written at `at`:
  // macro-expanded in a file (ExpandAt), taken as it is in a metaknob's
  // body (Parse_config_string does not expand names).
  classad::Result<std::string> NameAt(const Place& place, std::string_view written,
                                      const classad::SourceLocation& at) const;
  classad::Result<std::string> ExpandAt(std::string_view text,
                                        const classad::SourceLocation& at) const;
  classad::Status Define(std::string name, const PositionedText& value, const Place& place,
                         const classad::SourceLocation& name_at,
                         const classad::SourceLocation& value_at,
                         std::vector<std::string> comments);

  ConfigBuilder* builder_;
  const ConfigOptions& options_;
  std::vector<std::pair<std::string, std::string>> open_files_;  // (identity, path)
};

// The items of a list the way HTCondor's split() (StringTokenIterator with
// its default separators ", \t\r\n") gives them: empty items dropped.
std::vector<std::string> SplitConfigList(std::string_view list);

// The (name, arguments) items of the list after `use CATEGORY :`, split as
// HTCondor's MetaKnobAndArgs::init_from_string splits them, quirks kept: the
// arguments of an item carry over to later items without any (`A(x), B`
// gives B the arguments x), a trailing comma repeats the last item, and a
// list of only commas gives one item with an empty name.
std::vector<std::pair<std::string, std::string>> SplitMetaknobList(std::string_view rhs);

}  // namespace policy::config_internal

#endif  // POLICY_CONFIG_READER_INTERNAL_H_
