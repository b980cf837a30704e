// The linted policy expressions and their contexts (policy_expressions.h).
// The contexts are HTCondor facts (reference §0, §2.5, §3.5–3.8): the
// collector and schedd constraints and the pool-size constraint are
// evaluated before the negotiator inserts any ephemeral attribute, the
// group sort ad holds only the group's own attributes, and the ranks and
// PREEMPTION_* knobs see MY = slot, TARGET = job.
#include "policy/lint/policy_expressions.h"

#include <algorithm>
#include <array>

#include "classad/parser.h"
#include "policy/lint/attribute_catalogue.h"
#include "policy/lint/checks.h"
#include "policy/lint/lint_util.h"
#include "policy/text_util.h"

namespace policy::lint {

namespace {

struct KnobContext {
  std::string_view knob;
  ExpressionContext context;
};

constexpr std::array kContexts = {
    KnobContext{"PREEMPTION_REQUIREMENTS", {kSlotAd, kJobAd, EvaluatedWhen::kPreemption}},
    KnobContext{"PREEMPTION_RANK", {kSlotAd, kJobAd, EvaluatedWhen::kPreemption}},
    KnobContext{"NEGOTIATOR_PRE_JOB_RANK", {kSlotAd, kJobAd, EvaluatedWhen::kCandidateSlot}},
    KnobContext{"NEGOTIATOR_POST_JOB_RANK", {kSlotAd, kJobAd, EvaluatedWhen::kCandidateSlot}},
    KnobContext{"NEGOTIATOR_SLOT_CONSTRAINT", {kSlotAd, 0, EvaluatedWhen::kNoEphemeral}},
    KnobContext{"NEGOTIATOR_SLOT_POOLSIZE_CONSTRAINT", {kSlotAd, 0, EvaluatedWhen::kNoEphemeral}},
    KnobContext{"GROUP_DYNAMIC_MACH_CONSTRAINT", {kSlotAd, 0, EvaluatedWhen::kNoEphemeral}},
    KnobContext{"NEGOTIATOR_JOB_CONSTRAINT", {kJobAd, 0, EvaluatedWhen::kNoEphemeral}},
    KnobContext{"NEGOTIATOR_SUBMITTER_CONSTRAINT", {kSubmitterAd, 0, EvaluatedWhen::kNoEphemeral}},
    KnobContext{"GROUP_SORT_EXPR", {kGroupSortAd, 0, EvaluatedWhen::kNoEphemeral}},
    KnobContext{"STARTD_AD_REEVAL_EXPR", {kSlotAd, kSlotAd, EvaluatedWhen::kNoEphemeral}},
    KnobContext{"SLOT_WEIGHT", {kSlotAd, kAnyAd, EvaluatedWhen::kUnknown}},
};

}  // namespace

ExpressionContext ContextOf(std::string_view knob) {
  for (const KnobContext& row : kContexts) {
    if (EqualsNoCase(row.knob, knob)) return row.context;
  }
  return {kAnyAd, kAnyAd, EvaluatedWhen::kUnknown};
}

std::string_view AdName(uint8_t ads) {
  switch (ads) {
    case kSlotAd:
      return "the slot ad";
    case kJobAd:
      return "the job ad";
    case kSubmitterAd:
      return "the submitter ad";
    case kGroupSortAd:
      return "the group's sort ad";
    case 0:
      return "no ad";
    default:
      return "an ad";
  }
}

std::optional<AttributeRef> AsAttributeRef(const classad::Expr& node) {
  using classad::ExprKind;
  using classad::NameClass;
  if (node.kind() == ExprKind::kAttribute) {
    if (node.name_class() != NameClass::kOrdinary) return std::nullopt;
    return AttributeRef{node.absolute() ? AttributeRef::Scope::kMy : AttributeRef::Scope::kUnscoped,
                        node.name(), &node};
  }
  if (node.kind() != ExprKind::kSelect) return std::nullopt;
  const classad::Expr& base = node.child(0);
  if (base.kind() != ExprKind::kAttribute || base.absolute()) return std::nullopt;
  if (base.name_class() == NameClass::kMy) {
    return AttributeRef{AttributeRef::Scope::kMy, node.name(), &node};
  }
  if (base.name_class() == NameClass::kTarget) {
    return AttributeRef{AttributeRef::Scope::kTarget, node.name(), &node};
  }
  return std::nullopt;
}

uint8_t AdsOf(const AttributeRef& ref, const ExpressionContext& context) {
  switch (ref.scope) {
    case AttributeRef::Scope::kMy:
      return context.my;
    case AttributeRef::Scope::kTarget:
      return context.target;
    case AttributeRef::Scope::kUnscoped:
      break;
  }
  return context.my | context.target;
}

namespace {

void Visit(const classad::Expr& node, std::vector<const classad::Expr*>* ancestors,
           const std::function<bool(const classad::Expr&,
                                    const std::vector<const classad::Expr*>&)>& visit) {
  if (!visit(node, *ancestors) || node.kind() == classad::ExprKind::kAd) return;
  ancestors->push_back(&node);
  for (const classad::ExprPtr& child : node.children()) {
    if (child != nullptr) Visit(*child, ancestors, visit);
  }
  ancestors->pop_back();
}

}  // namespace

void VisitNodes(
    const classad::Expr& root,
    const std::function<bool(const classad::Expr& node,
                             const std::vector<const classad::Expr*>& ancestors)>& visit) {
  std::vector<const classad::Expr*> ancestors;
  Visit(root, &ancestors, visit);
}

const classad::Expr& Unparenthesized(const classad::Expr& node) {
  const classad::Expr* e = &node;
  while (e->kind() == classad::ExprKind::kParens) e = &e->child(0);
  return *e;
}

const LintedExpression::Segment* LintedExpression::SegmentAt(size_t offset) const {
  for (const Segment& s : segments_) {
    if (offset >= s.begin && (offset < s.end || (offset == s.end && &s == &segments_.back()))) {
      return &s;
    }
  }
  return nullptr;
}

bool LintedExpression::FromLintedMacro(std::optional<size_t> offset) const {
  if (!offset) return false;
  const Segment* s = SegmentAt(*offset);
  return s != nullptr && s->linted;
}

void LintedExpression::NoteEarlierValue(size_t raw_offset, Diagnostic* d) const {
  // The run of the raw value that holds `raw_offset`.
  const std::vector<TextPiece>& pieces = entry_->value_pieces;
  size_t k = pieces.size();
  while (k > 0 && pieces[k - 1].offset > raw_offset) --k;
  if (k == 0 || pieces[k - 1].verbatim) return;
  const TextPiece& piece = pieces[k - 1];
  const size_t end = k < pieces.size() ? pieces[k].offset : entry_->raw_value.size();
  // The definition of the same knob just before this one.
  const ConfigEntry* earlier = nullptr;
  for (const ConfigEntry& h : config_->History()) {
    if (&h == entry_) break;
    if (EqualsNoCase(h.name, entry_->name)) earlier = &h;
  }
  if (earlier == nullptr || earlier->origin != ConfigEntry::Origin::kFile) return;
  const std::string_view run =
      std::string_view(entry_->raw_value).substr(piece.offset, end - piece.offset);
  const size_t inside = run.find(earlier->raw_value);
  classad::SourceLocation where = earlier->value_at;
  if (inside != std::string_view::npos && piece.offset + inside <= raw_offset &&
      raw_offset - piece.offset - inside < earlier->raw_value.size()) {
    where = earlier->LocationOf(raw_offset - piece.offset - inside);
  }
  d->notes.push_back({where, "in the earlier value of " + entry_->name + ", set here"});
}

Diagnostic LintedExpression::MakeAt(std::optional<size_t> offset, Severity severity,
                                    std::string message, std::string_view check) const {
  if (!offset) return MakeDiagnostic(entry_->value_at, severity, std::move(message), check);
  if (entry_->raw_value == text_) {
    Diagnostic d = MakeDiagnostic(entry_->LocationOf(*offset), severity, std::move(message), check);
    NoteEarlierValue(*offset, &d);
    return d;
  }
  const Segment* at = traced_ ? SegmentAt(*offset) : nullptr;
  if (at == nullptr) {
    message += " (at column " + std::to_string(*offset + 1) +
               " of the value after macro expansion: " + text_ + ")";
    Diagnostic d = MakeDiagnostic(entry_->value_at, severity, std::move(message), check);
    AddMacroNotes(*config_, entry_->raw_value, &d);
    return d;
  }
  if (at->macro.empty()) {
    const size_t raw_offset = at->raw_offset + *offset - at->begin;
    Diagnostic d =
        MakeDiagnostic(entry_->LocationOf(raw_offset), severity, std::move(message), check);
    NoteEarlierValue(raw_offset, &d);
    return d;
  }
  Diagnostic d =
      MakeDiagnostic(entry_->LocationOf(at->raw_offset), severity, std::move(message), check);
  const std::string_view expansion = std::string_view(text_).substr(at->begin, at->end - at->begin);
  if (const ConfigEntry* macro = config_->Find(at->macro)) {
    classad::SourceLocation where = macro->value_at;
    if (macro->raw_value == expansion) where = macro->LocationOf(*offset - at->begin);
    d.notes.push_back({where, "macro " + at->macro + " defined here"});
  } else {
    d.notes.push_back(
        {{}, "macro " + at->macro + " is HTCondor's default: " + std::string(expansion)});
  }
  return d;
}

std::vector<LintedExpression> LintedExpressions(const Config& config) {
  std::vector<LintedExpression> out;
  const std::vector<std::string> names = ExpressionKnobNames(config);
  for (const std::string& name : names) {
    const ConfigEntry* entry = config.Find(name);
    if (entry == nullptr || entry->origin != ConfigEntry::Origin::kFile ||
        TrailingCommentOffset(entry->raw_value)) {
      continue;
    }
    classad::Result<std::optional<ExpandedValue>> found = config.Lookup(name);
    if (!found.ok() || !found->has_value() || TrimSpace((*found)->value).empty()) continue;
    classad::Result<classad::ExprPtr> parsed = classad::ParseExpression((*found)->value);
    if (!parsed.ok()) continue;

    LintedExpression e;
    e.knob_ = name;
    e.entry_ = entry;
    e.config_ = &config;
    e.text_ = std::move((*found)->value);
    e.expr_ = std::move(*parsed);
    e.context_ = ContextOf(name);
    e.positions_ = ExprPositions::Compute(e.text_, *e.expr_);
    e.traced_ = entry->raw_value == e.text_;
    if (!e.traced_) {
      // Retrace the expansion: literal runs of the raw value and top-level
      // $(NAME) references (other macro forms give up).
      const std::string_view raw = entry->raw_value;
      std::string rebuilt;
      bool ok = true;
      size_t literal_start = 0;
      auto add_literal = [&](size_t end) {
        if (end <= literal_start) return;
        e.segments_.push_back(
            {rebuilt.size(), rebuilt.size() + end - literal_start, literal_start, "", false});
        rebuilt.append(raw.substr(literal_start, end - literal_start));
      };
      for (size_t i = 0; ok && i < raw.size(); ++i) {
        if (raw[i] != '$') continue;
        if (i + 1 >= raw.size() || raw[i + 1] != '(') {
          ok = !(i + 1 < raw.size() && (raw[i + 1] == '$' || IsAsciiLetter(raw[i + 1])));
          continue;
        }
        size_t end = i + 2;
        while (end < raw.size() && IsNameChar(raw[end])) ++end;
        if (end >= raw.size() || end == i + 2) {
          ok = false;
          break;
        }
        const std::string macro(raw.substr(i + 2, end - i - 2));
        if (raw[end] == ':') end = raw.find(')', end);
        if (end == std::string_view::npos || raw[end] != ')' || EqualsNoCase(macro, "DOLLAR")) {
          ok = false;
          break;
        }
        add_literal(i);
        classad::Result<std::string> value = config.Expand(raw.substr(i, end + 1 - i));
        if (!value.ok()) {
          ok = false;
          break;
        }
        const bool linted = std::any_of(names.begin(), names.end(), [&](const std::string& n) {
          return EqualsNoCase(n, macro) && !EqualsNoCase(n, name);
        });
        e.segments_.push_back({rebuilt.size(), rebuilt.size() + value->size(), i, macro, linted});
        rebuilt += *value;
        literal_start = end + 1;
        i = end;
      }
      if (ok) add_literal(raw.size());
      e.traced_ = ok && rebuilt == e.text_;
      if (!e.traced_) e.segments_.clear();
    }
    out.push_back(std::move(e));
  }
  return out;
}

}  // namespace policy::lint
