// GroupTree (group_tree.h), following GroupEntry.cpp's hgq_construct_tree
// and GetAssignedGroup.
#include "policy/group_tree.h"

#include <algorithm>
#include <climits>
#include <cmath>
#include <deque>

#include "policy/knob_value.h"
#include "policy/text_util.h"

namespace policy {

namespace {

// HTCondor's GroupEntry::ci_less: strcasecmp order.
bool CaseInsensitiveLess(const std::string& a, const std::string& b) {
  return LowerAscii(a) < LowerAscii(b);
}

}  // namespace

GroupTree GroupTree::Build(KnobReader& knobs) {
  GroupTree tree;
  GroupConfig root;
  root.name = std::string(kRootGroupName);
  root.accept_surplus = true;  // the root always accepts surplus
  root.quota_configured = true;
  tree.groups_.push_back(root);

  std::optional<KnobText> names_text = knobs.Text("GROUP_NAMES");
  const classad::SourceLocation names_at = names_text ? names_text->where : classad::SourceLocation{};
  std::vector<std::string> names;
  if (names_text) {
    for (std::string& name : SplitKnobList(names_text->value)) {
      if (name == kRootGroupName) {
        knobs.problems()->Error(names_at, "GROUP_NAMES: \"<none>\" is reserved for the root group");
        continue;
      }
      // A group's name keys its accountant record: a control character
      // (which no submitter name can hold) is refused.
      if (std::any_of(name.begin(), name.end(), [](char c) {
            return static_cast<unsigned char>(c) < 0x20 || c == 0x7f;
          })) {
        knobs.problems()->Error(names_at, "GROUP_NAMES: a group name holds a control character");
        continue;
      }
      names.push_back(std::move(name));
    }
  }
  // Parents sort before their children. HTCondor's std::sort with ci_less
  // from the configured order: the same call places names equal but for
  // case (of which the first is kept) as a g++-built negotiator does.
  std::sort(names.begin(), names.end(), CaseInsensitiveLess);

  const bool default_accept = knobs.Bool("GROUP_ACCEPT_SURPLUS", false);
  const bool default_autoregroup = knobs.Bool("GROUP_AUTOREGROUP", false);
  tree.accept_surplus_global_ = default_accept;
  tree.autoregroup_global_ = default_autoregroup;

  // Children by lower-cased component name, per group (HTCondor's chmap).
  std::vector<std::map<std::string, int>> children_by_name(1);
  std::vector<GroupConfig> nodes = {root};  // in insertion order; BFS order made below
  for (const std::string& name : names) {
    // The path of components (HTCondor's parse_group_name). An empty
    // component (a.b., ..a) is kept, as HTCondor keeps it: a group whose
    // last component is empty is made (policy_lint warns of it).
    std::vector<std::string> path;
    size_t start = 0;
    while (true) {
      const size_t dot = name.find('.', start);
      path.push_back(name.substr(start, dot == std::string::npos ? std::string::npos : dot - start));
      if (dot == std::string::npos) break;
      start = dot + 1;
    }
    if (std::any_of(path.begin(), path.end(), [](const std::string& p) { return p.empty(); })) {
      knobs.problems()->Warning(names_at, "GROUP_NAMES: \"" + name +
                                              "\" has an empty component (HTCondor makes the group "
                                              "as it is written)");
    }
    int parent = 0;
    bool missing_parent = false;
    for (size_t k = 0; k + 1 < path.size(); ++k) {
      const auto f = children_by_name[static_cast<size_t>(parent)].find(LowerAscii(path[k]));
      if (f == children_by_name[static_cast<size_t>(parent)].end()) {
        knobs.problems()->Warning(names_at, "GROUP_NAMES: \"" + name + "\" is ignored: its parent \"" +
                                                path[k] + "\" is not a configured group");
        missing_parent = true;
        break;
      }
      parent = f->second;
    }
    if (missing_parent) continue;
    auto& siblings = children_by_name[static_cast<size_t>(parent)];
    if (siblings.count(LowerAscii(path.back())) > 0) {
      knobs.problems()->Warning(names_at, "GROUP_NAMES: duplicate group \"" + name + "\" is ignored");
      continue;
    }
    GroupConfig group;
    group.name = name;
    group.parent = parent;
    group.depth = nodes[static_cast<size_t>(parent)].depth + 1;
    group.where = names_at;
    // The quota: static first, then dynamic, else dynamic 0.
    const std::string static_knob = "GROUP_QUOTA_" + name;
    const std::string dynamic_knob = "GROUP_QUOTA_DYNAMIC_" + name;
    std::optional<KnobText> static_text = knobs.Text(static_knob);
    if (static_text) {
      group.static_quota = true;
      group.quota_configured = true;
      group.where = static_text->where;
      group.config_quota = knobs.OptionalReal(static_knob, 0, INT_MAX).value_or(0);
    } else if (std::optional<KnobText> dynamic_text = knobs.Text(dynamic_knob)) {
      group.quota_configured = true;
      group.where = dynamic_text->where;
      group.config_quota = knobs.OptionalReal(dynamic_knob, 0, 1).value_or(0);
    } else {
      knobs.problems()->Warning(names_at, "GROUP_NAMES: group \"" + name +
                                              "\" has no GROUP_QUOTA_" + name +
                                              " or GROUP_QUOTA_DYNAMIC_" + name +
                                              ": its quota is 0");
    }
    group.accept_surplus = knobs.Bool("GROUP_ACCEPT_SURPLUS_" + name, default_accept);
    group.autoregroup = knobs.Bool("GROUP_AUTOREGROUP_" + name, default_autoregroup);
    if (group.accept_surplus) tree.accept_surplus_global_ = true;
    if (group.autoregroup) tree.autoregroup_global_ = true;
    group.prio_factor = knobs.OptionalReal("GROUP_PRIO_FACTOR_" + name, 0, INFINITY).value_or(0);

    const int index = static_cast<int>(nodes.size());
    siblings[LowerAscii(path.back())] = index;
    nodes[static_cast<size_t>(parent)].children.push_back(index);
    nodes.push_back(std::move(group));
    children_by_name.emplace_back();
  }
  nodes[0].autoregroup = tree.autoregroup_global_;

  // Breadth-first order, indices renumbered.
  std::vector<int> order;
  std::vector<int> new_index(nodes.size(), -1);
  std::deque<int> queue = {0};
  while (!queue.empty()) {
    const int i = queue.front();
    queue.pop_front();
    new_index[static_cast<size_t>(i)] = static_cast<int>(order.size());
    order.push_back(i);
    for (int c : nodes[static_cast<size_t>(i)].children) queue.push_back(c);
  }
  tree.groups_.clear();
  for (int i : order) {
    GroupConfig g = std::move(nodes[static_cast<size_t>(i)]);
    if (g.parent >= 0) g.parent = new_index[static_cast<size_t>(g.parent)];
    for (int& c : g.children) c = new_index[static_cast<size_t>(c)];
    tree.index_[LowerAscii(g.name)] = static_cast<int>(tree.groups_.size());
    tree.groups_.push_back(std::move(g));
  }
  return tree;
}

int GroupTree::Find(std::string_view name) const {
  const auto it = index_.find(LowerAscii(name));
  return it == index_.end() ? -1 : it->second;
}

int GroupTree::AssignedGroup(std::string_view submitter) const {
  // Group names map to themselves (HTCondor seeds its cache with them).
  if (const int self = Find(submitter); self >= 0) return self;
  const size_t at = submitter.rfind('@');
  if (at == std::string_view::npos) return 0;  // a malformed or defunct group name
  const std::string_view local = submitter.substr(0, at);
  const size_t dot = local.rfind('.');
  if (dot == std::string_view::npos) return 0;  // no group
  const std::string_view path = local.substr(0, dot);
  // Walk down one component at a time; the deepest configured group wins.
  int group = 0;
  size_t start = 0;
  while (true) {
    const size_t next = path.find('.', start);
    const std::string_view component =
        path.substr(start, next == std::string_view::npos ? std::string_view::npos : next - start);
    int found = -1;
    for (int c : groups_[static_cast<size_t>(group)].children) {
      const std::string& full = groups_[static_cast<size_t>(c)].name;
      const std::string_view last = std::string_view(full).substr(full.rfind('.') == std::string::npos ? 0 : full.rfind('.') + 1);
      if (EqualsNoCase(last, component)) {
        found = c;
        break;
      }
    }
    if (found < 0) break;
    group = found;
    if (next == std::string_view::npos) break;
    start = next + 1;
  }
  return group;
}

}  // namespace policy
