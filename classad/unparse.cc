#include "classad/unparse.h"

#include <algorithm>
#include <cmath>
#include <cstdio>

#include "classad/classad.h"
#include "classad/scope.h"
#include "classad/time_util.h"

namespace classad {
namespace {

bool IsKeyword(std::string_view name) {
  for (const char* word : {"true", "false", "undefined", "error", "is", "isnt"}) {
    if (AttributeNamesEqual(name, word)) return true;
  }
  return false;
}

// Selection names (`a.name`) are printed as they are, never quoted, as
// HTCondor's unparser does: `a.'b c'` prints `a.b c`, which does not read
// back (policy_lint's htcondor-quirk checks flag such names).
void AppendSelectionName(std::string_view name, std::string* out) { out->append(name); }

// The indentation state of HTCondor's PrettyPrint unparser (what its
// unparse() built-in uses): ads indented by 4, lists by 3, each opening on
// a new line.
struct Pretty {
  int indent = 0;
};

void UnparseWith(const Expr& expr, Pretty* pretty, std::string* out);
void UnparseAdWith(const ClassAd& ad, Pretty* pretty, std::string* out);

// A new line and `indent` spaces.
void NewLine(int indent, std::string* out) {
  out->push_back('\n');
  out->append(static_cast<size_t>(indent), ' ');
}

void AppendList(const ExprList& items, Pretty* pretty, std::string* out) {
  if (pretty != nullptr) {
    constexpr int kListIndent = 3;
    pretty->indent += kListIndent;
    NewLine(pretty->indent, out);
    out->push_back('{');
    pretty->indent += kListIndent;
    for (size_t i = 0; i < items.size(); ++i) {
      NewLine(pretty->indent, out);
      UnparseWith(*items[i], pretty, out);
      if (i + 1 < items.size()) out->push_back(',');
    }
    pretty->indent -= kListIndent;
    NewLine(pretty->indent, out);
    out->push_back('}');
    pretty->indent -= kListIndent;
    return;
  }
  if (items.empty()) {
    out->append("{  }");
    return;
  }
  out->append("{ ");
  for (size_t i = 0; i < items.size(); ++i) {
    if (i > 0) out->push_back(',');
    UnparseWith(*items[i], nullptr, out);
  }
  out->append(" }");
}

}  // namespace

void AppendReal(double value, std::string* out) {
  if (std::isnan(value)) {
    out->append("real(\"NaN\")");
  } else if (std::isinf(value)) {
    out->append(value > 0 ? "real(\"INF\")" : "real(\"-INF\")");
  } else if (value == 0.0) {
    out->append(std::signbit(value) ? "-0.0" : "0.0");
  } else {
    char buf[64];
    std::snprintf(buf, sizeof buf, "%1.15E", value);
    out->append(buf);
  }
}

void AppendQuotedString(std::string_view text, char quote, std::string* out) {
  out->push_back(quote);
  for (char ch : text) {
    unsigned char c = static_cast<unsigned char>(ch);
    switch (c) {
      case '\a': out->append("\\a"); continue;
      case '\b': out->append("\\b"); continue;
      case '\f': out->append("\\f"); continue;
      case '\n': out->append("\\n"); continue;
      case '\r': out->append("\\r"); continue;
      case '\t': out->append("\\t"); continue;
      case '\v': out->append("\\v"); continue;
      case '\\': out->append("\\\\"); continue;
      default: break;
    }
    if (c == static_cast<unsigned char>(quote)) {
      out->push_back('\\');
      out->push_back(quote);
    } else if (c < 0x20 || c >= 0x7f) {
      char buf[8];
      std::snprintf(buf, sizeof buf, "\\%03o", c);
      out->append(buf);
    } else {
      out->push_back(ch);
    }
  }
  out->push_back(quote);
}

bool IsIdentifierName(std::string_view name) {
  if (name.empty()) return false;
  auto alpha = [](char c) { return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || c == '_'; };
  if (!alpha(name[0])) return false;
  for (char c : name) {
    if (!alpha(c) && !(c >= '0' && c <= '9')) return false;
  }
  return true;
}

bool IsReservedName(std::string_view name) {
  return IsKeyword(name) || AttributeNamesEqual(name, "parent");
}

void AppendAttributeName(std::string_view name, std::string* out) {
  if (IsIdentifierName(name) && !IsReservedName(name)) {
    out->append(name);
  } else {
    AppendQuotedString(name, '\'', out);
  }
}

std::vector<Attribute> AttributesInPrintOrder(const ClassAd& ad) {
  std::vector<Attribute> order;
  order = ad.Attributes();
  std::sort(order.begin(), order.end(), [](const Attribute& x, const Attribute& y) {
    if (x.name.size() != y.name.size()) return x.name.size() < y.name.size();
    for (size_t i = 0; i < x.name.size(); ++i) {
      unsigned char a = static_cast<unsigned char>(x.name[i]);
      unsigned char b = static_cast<unsigned char>(y.name[i]);
      if (a >= 'A' && a <= 'Z') a = static_cast<unsigned char>(a + 32);
      if (b >= 'A' && b <= 'Z') b = static_cast<unsigned char>(b + 32);
      if (a != b) return a < b;
    }
    return false;
  });
  return order;
}

void UnparseAdTo(const ClassAd& ad, std::string* out) { UnparseAdWith(ad, nullptr, out); }

namespace {

void UnparseAdWith(const ClassAd& ad, Pretty* pretty, std::string* out) {
  if (pretty != nullptr) {
    constexpr int kAdIndent = 4;
    pretty->indent += kAdIndent;
    NewLine(pretty->indent, out);
    out->push_back('[');
    pretty->indent += kAdIndent;
    const std::vector<Attribute> attributes = AttributesInPrintOrder(ad);
    for (size_t i = 0; i < attributes.size(); ++i) {
      NewLine(pretty->indent, out);
      AppendAttributeName(attributes[i].name, out);
      out->append(" = ");
      UnparseWith(*attributes[i].expr, pretty, out);
      if (i + 1 < attributes.size()) out->append("; ");
    }
    pretty->indent -= kAdIndent;
    NewLine(pretty->indent, out);
    out->push_back(']');
    pretty->indent -= kAdIndent;
    return;
  }
  if (ad.empty()) {
    out->append("[  ]");
    return;
  }
  out->append("[ ");
  bool first = true;
  for (const Attribute& a : AttributesInPrintOrder(ad)) {
    if (!first) out->append("; ");
    first = false;
    AppendAttributeName(a.name, out);
    out->append(" = ");
    UnparseWith(*a.expr, nullptr, out);
  }
  out->append(" ]");
}

}  // namespace

std::string UnparseAd(const ClassAd& ad) {
  std::string out;
  UnparseAdTo(ad, &out);
  return out;
}

void UnparseValueTo(const Value& value, std::string* out) {
  switch (value.type()) {
    case ValueType::kUndefined: out->append("undefined"); return;
    case ValueType::kError: out->append("error"); return;
    case ValueType::kBoolean: out->append(value.boolean() ? "true" : "false"); return;
    case ValueType::kInteger: out->append(std::to_string(value.integer())); return;
    case ValueType::kReal: AppendReal(value.real(), out); return;
    case ValueType::kString: AppendQuotedString(value.string(), '"', out); return;
    case ValueType::kList: AppendList(value.list(), nullptr, out); return;
    case ValueType::kAd: UnparseAdTo(value.ad(), out); return;
    case ValueType::kAbsTime:
      out->append("absTime(\"");
      out->append(FormatAbsTime(value.abstime()));
      out->append("\")");
      return;
    case ValueType::kRelTime:
      out->append("relTime(\"");
      out->append(FormatRelTime(value.reltime()));
      out->append("\")");
      return;
  }
}

std::string UnparseValue(const Value& value) {
  std::string out;
  UnparseValueTo(value, &out);
  return out;
}

void UnparseTo(const Expr& expr, std::string* out) { UnparseWith(expr, nullptr, out); }

void UnparsePrettyTo(const Expr& expr, std::string* out) {
  Pretty pretty;
  UnparseWith(expr, &pretty, out);
}

namespace {

void UnparseWith(const Expr& expr, Pretty* pretty, std::string* out) {
  switch (expr.kind()) {
    case ExprKind::kLiteral:
      if (expr.reltime_text()) {
        UnparseValueTo(Value::RelTime(expr.literal().real()), out);
      } else {
        UnparseValueTo(expr.literal(), out);
      }
      return;
    case ExprKind::kAttribute:
      if (expr.absolute()) out->push_back('.');
      AppendAttributeName(expr.name(), out);
      return;
    case ExprKind::kSelect:
      UnparseWith(expr.child(0), pretty, out);
      // `1.s` would read back as the malformed number `1.`.
      if (expr.child(0).kind() == ExprKind::kLiteral && expr.child(0).literal().IsInteger()) {
        out->push_back(' ');
      }
      out->push_back('.');
      AppendSelectionName(expr.name(), out);
      return;
    case ExprKind::kSubscript:
      UnparseWith(expr.child(0), pretty, out);
      out->push_back('[');
      UnparseWith(expr.child(1), pretty, out);
      out->push_back(']');
      return;
    case ExprKind::kUnary:
      out->push_back(' ');
      out->append(OpSpelling(expr.op()));
      UnparseWith(expr.child(0), pretty, out);
      return;
    case ExprKind::kBinary:
      UnparseWith(expr.child(0), pretty, out);
      out->push_back(' ');
      out->append(OpSpelling(expr.op()));
      out->push_back(' ');
      UnparseWith(expr.child(1), pretty, out);
      return;
    case ExprKind::kConditional:
      UnparseWith(expr.child(0), pretty, out);
      out->append(" ? ");
      UnparseWith(expr.child(1), pretty, out);
      out->append(" : ");
      UnparseWith(expr.child(2), pretty, out);
      return;
    case ExprKind::kElvis:
      UnparseWith(expr.child(0), pretty, out);
      out->append(" ?: ");
      UnparseWith(expr.child(1), pretty, out);
      return;
    case ExprKind::kCall:
      out->append(expr.name());
      out->push_back('(');
      for (size_t i = 0; i < expr.children().size(); ++i) {
        if (i > 0) out->push_back(',');
        UnparseWith(expr.child(i), pretty, out);
      }
      out->push_back(')');
      return;
    case ExprKind::kList:
      AppendList(*expr.items(), pretty, out);
      return;
    case ExprKind::kAd:
      UnparseAdWith(*expr.ad(), pretty, out);
      return;
    case ExprKind::kParens:
      out->push_back('(');
      UnparseWith(expr.child(0), pretty, out);
      out->push_back(')');
      return;
  }
}

}  // namespace

std::string Unparse(const Expr& expr) {
  std::string out;
  UnparseTo(expr, &out);
  return out;
}

}  // namespace classad
