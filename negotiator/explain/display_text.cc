#include "negotiator/explain/display_text.h"

#include <charconv>
#include <cmath>

#include "classad/classad.h"
#include "classad/unparse.h"

namespace negotiator::explain {
namespace {

using classad::Expr;
using classad::ExprKind;
using classad::Op;

void AppendDisplay(const Expr& expr, std::string* out);

// Whether `expr` is a negative number literal (written with a leading -).
bool StartsWithMinus(const Expr& expr) {
  if (expr.kind() != ExprKind::kLiteral) return false;
  const classad::Value& v = expr.literal();
  return (v.IsInteger() && v.integer() < 0) || (v.IsReal() && std::signbit(v.real()));
}

void AppendDisplayValue(const classad::Value& value, std::string* out) {
  switch (value.type()) {
    case classad::ValueType::kReal: {
      const double r = value.real();
      char buffer[64];
      auto [end, ec] = std::to_chars(buffer, buffer + sizeof buffer, r);
      if (!std::isfinite(r) || ec != std::errc()) {
        classad::UnparseValueTo(value, out);
        return;
      }
      const std::string_view text(buffer, static_cast<size_t>(end - buffer));
      out->append(text);
      if (text.find_first_of(".eE") == std::string_view::npos) out->append(".0");
      return;
    }
    case classad::ValueType::kList: {
      const classad::ExprList& items = value.list();
      if (items.empty()) {
        out->append("{ }");
        return;
      }
      out->append("{ ");
      for (size_t i = 0; i < items.size(); ++i) {
        if (i > 0) out->append(", ");
        AppendDisplay(*items[i], out);
      }
      out->append(" }");
      return;
    }
    default:
      classad::UnparseValueTo(value, out);
  }
}

void AppendDisplay(const Expr& expr, std::string* out) {
  switch (expr.kind()) {
    case ExprKind::kLiteral:
      AppendDisplayValue(expr.literal(), out);
      return;
    case ExprKind::kAttribute:
      if (expr.absolute()) out->push_back('.');
      classad::AppendAttributeName(expr.name(), out);
      return;
    case ExprKind::kSelect:
      AppendDisplay(expr.child(0), out);
      if (expr.child(0).kind() == ExprKind::kLiteral && expr.child(0).literal().IsInteger()) {
        out->push_back(' ');
      }
      out->push_back('.');
      classad::AppendAttributeName(expr.name(), out);
      return;
    case ExprKind::kSubscript:
      AppendDisplay(expr.child(0), out);
      out->push_back('[');
      AppendDisplay(expr.child(1), out);
      out->push_back(']');
      return;
    case ExprKind::kUnary:
      out->append(classad::OpSpelling(expr.op()));
      // `- -x` and `!-x` stay apart from a sign that follows.
      if (expr.child(0).kind() == ExprKind::kUnary || StartsWithMinus(expr.child(0))) {
        out->push_back(' ');
      }
      AppendDisplay(expr.child(0), out);
      return;
    case ExprKind::kBinary:
      AppendDisplay(expr.child(0), out);
      out->push_back(' ');
      if (expr.op() == Op::kIs) {
        out->append("=?=");
      } else if (expr.op() == Op::kIsnt) {
        out->append("=!=");
      } else {
        out->append(classad::OpSpelling(expr.op()));
      }
      out->push_back(' ');
      AppendDisplay(expr.child(1), out);
      return;
    case ExprKind::kConditional:
      AppendDisplay(expr.child(0), out);
      out->append(" ? ");
      AppendDisplay(expr.child(1), out);
      out->append(" : ");
      AppendDisplay(expr.child(2), out);
      return;
    case ExprKind::kElvis:
      AppendDisplay(expr.child(0), out);
      out->append(" ?: ");
      AppendDisplay(expr.child(1), out);
      return;
    case ExprKind::kCall:
      out->append(expr.name());
      out->push_back('(');
      for (size_t i = 0; i < expr.children().size(); ++i) {
        if (i > 0) out->append(", ");
        AppendDisplay(expr.child(i), out);
      }
      out->push_back(')');
      return;
    case ExprKind::kList: {
      const classad::ExprList& items = *expr.items();
      if (items.empty()) {
        out->append("{ }");
        return;
      }
      out->append("{ ");
      for (size_t i = 0; i < items.size(); ++i) {
        if (i > 0) out->append(", ");
        AppendDisplay(*items[i], out);
      }
      out->append(" }");
      return;
    }
    case ExprKind::kAd:
      classad::UnparseAdTo(*expr.ad(), out);
      return;
    case ExprKind::kParens:
      out->push_back('(');
      AppendDisplay(expr.child(0), out);
      out->push_back(')');
      return;
  }
}

}  // namespace

std::string DisplayText(const Expr& expr) {
  std::string out;
  AppendDisplay(expr, &out);
  return out;
}

std::string DisplayValue(const classad::Value& value) {
  std::string out;
  AppendDisplayValue(value, &out);
  return out;
}

}  // namespace negotiator::explain
