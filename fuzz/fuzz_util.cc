#include "fuzz/fuzz_util.h"

#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <string>
#include <vector>

#include "classad/attribute_packer.h"
#include "classad/parse_depth.h"
#include "classad/time_util.h"
#include "classad/unparse.h"
#include "classad/value.h"

namespace classad_fuzz {
namespace {

// True when `r` reads back bit for bit from 16 significant digits.
bool RealSurvivesText(double r) {
  if (!std::isfinite(r)) return false;
  char buf[64];
  std::snprintf(buf, sizeof(buf), "%.15e", r);
  const double back = std::strtod(buf, nullptr);
  return std::signbit(back) == std::signbit(r) && back == r;
}

// True when the literal `value` survives its text form.
bool LiteralSurvivesText(const classad::Value& value) {
  switch (value.type()) {
    case classad::ValueType::kReal:
      return RealSurvivesText(value.real());
    case classad::ValueType::kRelTime: {
      const double s = value.reltime();
      return std::isfinite(s) && s == std::trunc(s) && std::fabs(s) < 9.0e15;
    }
    default:
      return true;
  }
}

// True when a relative time of `seconds` prints as text that may not parse.
bool RelTimeUnreadable(double seconds) {
  return !std::isfinite(seconds) || seconds != std::trunc(seconds) ||
         std::fabs(seconds) >= 2147483648.0;
}

// An absolute time whose year is outside 1000..9999 (absTime("00-201")
// normalises to year -1): HTCondor prints the year with strftime's %Y,
// unpadded and signed, and its absTime reader takes four characters for
// the year, so such a text does not always read back (in HTCondor too).
bool AbsTimeUnreadable(const classad::Value& value) {
  if (!value.IsAbsTime()) return false;
  const std::string text = classad::FormatAbsTime(value.abstime());
  return text.empty() || text[0] == '-' || text.find('-') != 4;
}

bool UnreadableNode(const classad::Expr& expr) {
  switch (expr.kind()) {
    case classad::ExprKind::kLiteral:
      if (expr.reltime_text()) return RelTimeUnreadable(expr.literal().real());
      if (AbsTimeUnreadable(expr.literal())) return true;
      return expr.literal().IsRelTime() && RelTimeUnreadable(expr.literal().reltime());
    case classad::ExprKind::kSelect:
      // The name prints unquoted; what it selects from is checked below.
      if (!classad::IsIdentifierName(expr.name()) || classad::IsReservedName(expr.name())) {
        return true;
      }
      break;
    case classad::ExprKind::kAd:
      return HasUnreadableText(*expr.ad());
    default:
      break;
  }
  for (const classad::ExprPtr& child : expr.children()) {
    if (UnreadableNode(*child)) return true;
  }
  return false;
}

}  // namespace

bool HasUnreadableText(const classad::Expr& expr) {
  return classad::HtcondorParserDepth(expr) > classad::kHtcondorMaxParserDepth - 50 ||
         UnreadableNode(expr);
}

bool HasUnreadableText(const classad::ClassAd& ad) {
  for (size_t i = 0; i < ad.size(); ++i) {
    const classad::AttrRef attribute = ad.at(i);
    if (attribute.is_literal() ? AbsTimeUnreadable(attribute.literal()) ||
                                     (attribute.literal().IsRelTime() &&
                                      RelTimeUnreadable(attribute.literal().reltime()))
                               : HasUnreadableText(attribute.expr())) {
      return true;
    }
  }
  return false;
}

void Finding(std::string_view what, std::string_view first, std::string_view second) {
  std::fprintf(stderr, "\n==FINDING== %.*s\n", static_cast<int>(what.size()), what.data());
  if (!first.empty()) {
    std::fprintf(stderr, "--- first:\n%.*s\n", static_cast<int>(first.size()), first.data());
  }
  if (!second.empty()) {
    std::fprintf(stderr, "--- second:\n%.*s\n", static_cast<int>(second.size()), second.data());
  }
  std::abort();
}

bool HasLossyText(const classad::Expr& expr) {
  if (expr.kind() == classad::ExprKind::kLiteral) {
    // JSON writes a folded relTime("...") as its value, a real, as
    // HTCondor's JSON writer does.
    return expr.reltime_text() || !LiteralSurvivesText(expr.literal());
  }
  if (expr.kind() == classad::ExprKind::kUnary && expr.op() == classad::Op::kNegate) {
    // The operand's text starts with its leftmost primary (through `.name`,
    // `[i]` and `?:`, which follow it).
    const classad::Expr* first = &expr.child(0);
    while (first->kind() == classad::ExprKind::kSelect ||
           first->kind() == classad::ExprKind::kSubscript ||
           first->kind() == classad::ExprKind::kElvis) {
      first = &first->child(0);
    }
    if (first->kind() == classad::ExprKind::kLiteral && first->literal().IsNumber()) return true;
  }
  if (expr.kind() == classad::ExprKind::kAd) return HasLossyText(*expr.ad());
  for (const classad::ExprPtr& child : expr.children()) {
    if (HasLossyText(*child)) return true;
  }
  return false;
}

bool HasLossyText(const classad::ClassAd& ad) {
  for (size_t i = 0; i < ad.size(); ++i) {
    const classad::AttrRef attribute = ad.at(i);
    if (attribute.is_literal() ? !LiteralSurvivesText(attribute.literal())
                               : HasLossyText(attribute.expr())) {
      return true;
    }
  }
  return false;
}

void PackEveryOtherName(classad::ClassAd* ad) {
  std::vector<std::string> first;
  for (size_t i = ad->size(); i-- > 0;) {
    if (i % 2 == 0) first.emplace_back(ad->name(i));
  }
  first.emplace_back("NoSuchAttributeName");
  classad::AttributePacker packer(std::move(first));
  packer.Pack(ad);
}

}  // namespace classad_fuzz
