// Parser front-end: runs the ANTLR-generated lexer and parser and turns the
// parse tree into our AST. ANTLR types stay inside this file.
#include "classad/parser.h"

#include <cerrno>
#include <charconv>
#include <clocale>
#include <cstdlib>
#include <cstring>
#include <exception>
#include <locale.h>

#include <boost/multiprecision/cpp_int.hpp>

#include "ClassAdLexer.h"
#include "ClassAdParser.h"
#include "antlr4-runtime.h"
#include "classad/builtins.h"
#include "classad/time_util.h"

namespace classad {
namespace {

using G = ::ClassAdParser;  // generated parser (global namespace)

// Thrown inside this file only, caught by the entry points.
struct BuildError {
  Status status;
};

[[noreturn]] void Fail(StatusCode code, std::string message, antlr4::Token* at) {
  SourceLocation where;
  if (at != nullptr) {
    where.line = static_cast<int>(at->getLine());
    where.column = static_cast<int>(at->getCharPositionInLine()) + 1;
  }
  throw BuildError{Status(code, std::move(message), where)};
}

[[noreturn]] void FailAt(std::string message, antlr4::ParserRuleContext* ctx,
                         StatusCode code = StatusCode::kParseError) {
  Fail(code, std::move(message), ctx ? ctx->getStart() : nullptr);
}

// ---------------------------------------------------------------- input checks

// Validates UTF-8 and rejects NUL bytes; reports the first bad byte.
Status CheckEncoding(std::string_view text) {
  int line = 1, column = 1;
  for (size_t i = 0; i < text.size();) {
    unsigned char c = static_cast<unsigned char>(text[i]);
    size_t len = 0;
    if (c == 0) {
      return Status(StatusCode::kParseError, "NUL byte in input", {"", line, column});
    } else if (c < 0x80) {
      len = 1;
    } else if ((c & 0xE0) == 0xC0 && c >= 0xC2) {
      len = 2;
    } else if ((c & 0xF0) == 0xE0) {
      len = 3;
    } else if ((c & 0xF8) == 0xF0 && c <= 0xF4) {
      len = 4;
    } else {
      return Status(StatusCode::kParseError, "invalid UTF-8 byte in input", {"", line, column});
    }
    if (i + len > text.size()) {
      return Status(StatusCode::kParseError, "truncated UTF-8 sequence in input", {"", line, column});
    }
    for (size_t k = 1; k < len; ++k) {
      if ((static_cast<unsigned char>(text[i + k]) & 0xC0) != 0x80) {
        return Status(StatusCode::kParseError, "invalid UTF-8 sequence in input", {"", line, column});
      }
    }
    if (len == 3) {
      unsigned char c1 = static_cast<unsigned char>(text[i + 1]);
      if ((c == 0xE0 && c1 < 0xA0) || (c == 0xED && c1 >= 0xA0)) {
        return Status(StatusCode::kParseError, "invalid UTF-8 sequence in input", {"", line, column});
      }
    } else if (len == 4) {
      unsigned char c1 = static_cast<unsigned char>(text[i + 1]);
      if ((c == 0xF0 && c1 < 0x90) || (c == 0xF4 && c1 >= 0x90)) {
        return Status(StatusCode::kParseError, "invalid UTF-8 sequence in input", {"", line, column});
      }
    }
    if (c == '\n') {
      ++line;
      column = 1;
    } else {
      ++column;
    }
    i += len;
  }
  return Status::Ok();
}

bool EndsOperand(size_t type) {
  switch (type) {
    case ClassAdLexer::INTEGER: case ClassAdLexer::REAL: case ClassAdLexer::STRING:
    case ClassAdLexer::TRUE: case ClassAdLexer::FALSE: case ClassAdLexer::UNDEFINED:
    case ClassAdLexer::ERROR: case ClassAdLexer::IDENTIFIER: case ClassAdLexer::QUOTED_NAME:
    case ClassAdLexer::RPAREN: case ClassAdLexer::RBRACKET: case ClassAdLexer::RBRACE:
      return true;
    default:
      return false;
  }
}

// Bounds the parser's recursion before it runs: brackets, prefix operators
// and ?: each add a level of recursion in the generated parser.
Status CheckNesting(const std::vector<antlr4::Token*>& tokens, int max_depth) {
  std::vector<int> extra_per_level{0};
  int depth = 0;  // brackets + all extra levels currently open
  size_t previous = 0;
  for (antlr4::Token* t : tokens) {
    size_t type = t->getType();
    bool deeper = false;
    switch (type) {
      case ClassAdLexer::LPAREN: case ClassAdLexer::LBRACKET: case ClassAdLexer::LBRACE:
        extra_per_level.push_back(0);
        ++depth;
        deeper = true;
        break;
      case ClassAdLexer::RPAREN: case ClassAdLexer::RBRACKET: case ClassAdLexer::RBRACE:
        if (extra_per_level.size() > 1) {
          depth -= 1 + extra_per_level.back();
          extra_per_level.pop_back();
        }
        break;
      case ClassAdLexer::NOT: case ClassAdLexer::TILDE: case ClassAdLexer::QUESTION:
      case ClassAdLexer::ELVIS:
        ++extra_per_level.back();
        ++depth;
        deeper = true;
        break;
      case ClassAdLexer::MINUS: case ClassAdLexer::PLUS:
        if (!EndsOperand(previous)) {
          ++extra_per_level.back();
          ++depth;
          deeper = true;
        }
        break;
      default:
        break;
    }
    if (deeper && depth > max_depth) {
      return Status(StatusCode::kLimitExceeded,
                    "expression nested more than " + std::to_string(max_depth) +
                        " levels deep (Limits::max_nesting_depth)",
                    {"", static_cast<int>(t->getLine()),
                     static_cast<int>(t->getCharPositionInLine()) + 1});
    }
    previous = type;
  }
  return Status::Ok();
}

// ---------------------------------------------------------------- errors from ANTLR

std::string Describe(antlr4::Token* token) {
  if (token == nullptr || token->getType() == antlr4::Token::EOF) return "end of input";
  std::string text = token->getText();
  if (text.size() > 40) text = text.substr(0, 40) + "...";
  return "'" + text + "'";
}

// Records the first syntax error with a message naming what went wrong.
class FirstErrorListener : public antlr4::BaseErrorListener {
 public:
  void syntaxError(antlr4::Recognizer*, antlr4::Token* offending, size_t line,
                   size_t column, const std::string& msg, std::exception_ptr) override {
    if (!status_.ok()) return;
    std::string message = msg;
    if (offending != nullptr) {
      switch (offending->getType()) {
        case ClassAdLexer::UNTERMINATED_STRING: message = "unterminated string literal"; break;
        case ClassAdLexer::UNTERMINATED_NAME: message = "unterminated quoted attribute name"; break;
        case ClassAdLexer::UNTERMINATED_COMMENT: message = "unterminated /* comment"; break;
        case ClassAdLexer::HEX_INTEGER:
          message = "hexadecimal literal " + Describe(offending) + " is not supported";
          break;
        case ClassAdLexer::BAD_NUMBER:
          message = "malformed number " + Describe(offending) + ": a digit must follow '.'";
          break;
        case ClassAdLexer::BAD_CHAR:
          message = "unexpected character " + Describe(offending);
          break;
        default:
          message = "syntax error at " + Describe(offending) + ": " + msg;
          break;
      }
    }
    status_ = Status(StatusCode::kParseError, message,
                     {"", static_cast<int>(line), static_cast<int>(column) + 1});
  }
  const Status& status() const { return status_; }

 private:
  Status status_;
};

// ---------------------------------------------------------------- literals

// Decodes the escapes of a quoted token (quotes included in `text`).
std::string DecodeQuoted(const std::string& text, antlr4::Token* at, const Limits& limits) {
  std::string out;
  out.reserve(text.size());
  const size_t end = text.size() - 1;
  for (size_t i = 1; i < end; ++i) {
    char c = text[i];
    if (c != '\\') {
      out.push_back(c);
      continue;
    }
    char e = text[++i];
    switch (e) {
      case 'a': out.push_back('\a'); break;
      case 'b': out.push_back('\b'); break;
      case 'f': out.push_back('\f'); break;
      case 'n': out.push_back('\n'); break;
      case 'r': out.push_back('\r'); break;
      case 't': out.push_back('\t'); break;
      case 'v': out.push_back('\v'); break;
      default:
        if (e >= '0' && e <= '7') {
          // Up to three octal digits when the first is 0-3, else up to two.
          int value = e - '0';
          size_t max_digits = (e <= '3') ? 3 : 2;
          size_t digits = 1;
          while (digits < max_digits && i + 1 < end && text[i + 1] >= '0' && text[i + 1] <= '7') {
            value = value * 8 + (text[++i] - '0');
            ++digits;
          }
          if (value == 0) Fail(StatusCode::kParseError, "NUL character (\\0) in string", at);
          out.push_back(static_cast<char>(value));
        } else {
          out.push_back(e);  // \\ \" \' \? and unknown escapes stand for the character
        }
    }
    if (out.size() > limits.max_string_bytes) break;
  }
  if (out.size() > limits.max_string_bytes) {
    Fail(StatusCode::kLimitExceeded,
         "string longer than " + std::to_string(limits.max_string_bytes) +
             " bytes (Limits::max_string_bytes)", at);
  }
  return out;
}

Value ParseIntegerText(const std::string& digits, bool negative, antlr4::Token* at) {
  if (digits.size() > 1 && digits[0] == '0') {
    Fail(StatusCode::kParseError,
         "integer literal '" + digits + "' has a leading zero (octal is not supported)", at);
  }
  using boost::multiprecision::cpp_int;
  cpp_int value(digits);
  if (negative) value = -value;
  if (value > std::numeric_limits<int64_t>::max() || value < std::numeric_limits<int64_t>::min()) {
    Fail(StatusCode::kParseError,
         "integer literal " + std::string(negative ? "-" : "") + digits +
             " is outside the 64-bit range", at);
  }
  return Value::Integer(value.convert_to<int64_t>());
}

// Locale-independent strtod (std::from_chars reports subnormals and
// overflow as errors; strtod_l gives the IEEE results we want).
double ParseRealText(const std::string& text) {
  static const locale_t c_locale = newlocale(LC_ALL_MASK, "C", static_cast<locale_t>(0));
  return strtod_l(text.c_str(), nullptr, c_locale);
}

// ---------------------------------------------------------------- AST builder

class AstBuilder {
 public:
  explicit AstBuilder(const ParseOptions& options) : options_(options) {}

  ExprPtr Expression(G::ExpressionContext* ctx);
  std::shared_ptr<ClassAd> Ad(G::ClassAdContext* ctx);

 private:
  ExprPtr Or(G::OrExprContext* ctx);
  ExprPtr And(G::AndExprContext* ctx);
  ExprPtr BitOr(G::BitOrExprContext* ctx);
  ExprPtr BitXor(G::BitXorExprContext* ctx);
  ExprPtr BitAnd(G::BitAndExprContext* ctx);
  ExprPtr Equality(G::EqualityExprContext* ctx);
  ExprPtr Relational(G::RelationalExprContext* ctx);
  ExprPtr Shift(G::ShiftExprContext* ctx);
  ExprPtr Additive(G::AdditiveExprContext* ctx);
  ExprPtr Multiplicative(G::MultiplicativeExprContext* ctx);
  ExprPtr Unary(G::UnaryExprContext* ctx);
  ExprPtr Postfix(G::PostfixExprContext* ctx);
  ExprPtr Primary(G::PrimaryContext* ctx);
  ExprPtr Call(G::CallExprContext* ctx);
  std::string AttrName(G::AttrNameContext* ctx);
  ExprPtr CheckDepth(ExprPtr e, antlr4::ParserRuleContext* ctx);

  const ParseOptions& options_;
};

ExprPtr AstBuilder::CheckDepth(ExprPtr e, antlr4::ParserRuleContext* ctx) {
  if (e->depth() > static_cast<uint32_t>(options_.limits.max_tree_depth)) {
    Fail(StatusCode::kLimitExceeded,
         "expression tree deeper than " + std::to_string(options_.limits.max_tree_depth) +
             " levels (Limits::max_tree_depth)", ctx->getStart());
  }
  return e;
}

// Whether `e` prints as a postfix-level expression (a primary, possibly
// followed by `.name` or `[index]`), which an operator may take as is.
bool IsPostfixLevel(const Expr& e) {
  switch (e.kind()) {
    case ExprKind::kLiteral: case ExprKind::kAttribute: case ExprKind::kSelect:
    case ExprKind::kSubscript: case ExprKind::kCall: case ExprKind::kList:
    case ExprKind::kAd: case ExprKind::kParens:
      return true;
    default:
      return false;
  }
}

// Wraps `e` in parentheses unless `fits` says it prints as an operand that
// reads back as itself.
ExprPtr ParenthesizeUnless(bool fits, ExprPtr e) {
  return fits ? e : Expr::Parens(std::move(e));
}

ExprPtr AstBuilder::Expression(G::ExpressionContext* ctx) {
  ExprPtr cond = Or(ctx->orExpr());
  if (ctx->QUESTION() == nullptr) return cond;
  if (ctx->expression().size() == 1) {
    // `c ? : d` binds loosest, but its canonical form `c ?: d` binds at
    // postfix level; parentheses keep the printed text meaning the same:
    // the left side must be a postfix-level operand, the right side a
    // unary-level one.
    const bool left_fits = IsPostfixLevel(*cond);
    ExprPtr left = ParenthesizeUnless(left_fits, std::move(cond));
    ExprPtr right = Expression(ctx->expression(0));
    const bool right_fits = IsPostfixLevel(*right) || right->kind() == ExprKind::kUnary ||
                            right->kind() == ExprKind::kElvis;
    right = ParenthesizeUnless(right_fits, std::move(right));
    return CheckDepth(Expr::Elvis(std::move(left), std::move(right)), ctx);
  }
  return CheckDepth(Expr::Conditional(std::move(cond), Expression(ctx->expression(0)),
                                      Expression(ctx->expression(1))), ctx);
}

ExprPtr AstBuilder::Or(G::OrExprContext* ctx) {
  auto operands = ctx->andExpr();
  ExprPtr left = And(operands[0]);
  for (size_t i = 1; i < operands.size(); ++i) {
    left = CheckDepth(Expr::Binary(Op::kOr, std::move(left), And(operands[i])), ctx);
  }
  return left;
}

ExprPtr AstBuilder::And(G::AndExprContext* ctx) {
  auto operands = ctx->bitOrExpr();
  ExprPtr left = BitOr(operands[0]);
  for (size_t i = 1; i < operands.size(); ++i) {
    left = CheckDepth(Expr::Binary(Op::kAnd, std::move(left), BitOr(operands[i])), ctx);
  }
  return left;
}

ExprPtr AstBuilder::BitOr(G::BitOrExprContext* ctx) {
  auto operands = ctx->bitXorExpr();
  ExprPtr left = BitXor(operands[0]);
  for (size_t i = 1; i < operands.size(); ++i) {
    left = CheckDepth(Expr::Binary(Op::kBitOr, std::move(left), BitXor(operands[i])), ctx);
  }
  return left;
}

ExprPtr AstBuilder::BitXor(G::BitXorExprContext* ctx) {
  auto operands = ctx->bitAndExpr();
  ExprPtr left = BitAnd(operands[0]);
  for (size_t i = 1; i < operands.size(); ++i) {
    left = CheckDepth(Expr::Binary(Op::kBitXor, std::move(left), BitAnd(operands[i])), ctx);
  }
  return left;
}

ExprPtr AstBuilder::BitAnd(G::BitAndExprContext* ctx) {
  auto operands = ctx->equalityExpr();
  ExprPtr left = Equality(operands[0]);
  for (size_t i = 1; i < operands.size(); ++i) {
    left = CheckDepth(Expr::Binary(Op::kBitAnd, std::move(left), Equality(operands[i])), ctx);
  }
  return left;
}

ExprPtr AstBuilder::Equality(G::EqualityExprContext* ctx) {
  auto operands = ctx->relationalExpr();
  auto ops = ctx->equalityOp();
  ExprPtr left = Relational(operands[0]);
  for (size_t i = 1; i < operands.size(); ++i) {
    Op op = Op::kEqual;
    auto* o = ops[i - 1];
    if (o->NE()) op = Op::kNotEqual;
    else if (o->META_EQ() || o->IS()) op = Op::kIs;
    else if (o->META_NE() || o->ISNT()) op = Op::kIsnt;
    left = CheckDepth(Expr::Binary(op, std::move(left), Relational(operands[i])), ctx);
  }
  return left;
}

ExprPtr AstBuilder::Relational(G::RelationalExprContext* ctx) {
  auto operands = ctx->shiftExpr();
  auto ops = ctx->relationalOp();
  ExprPtr left = Shift(operands[0]);
  for (size_t i = 1; i < operands.size(); ++i) {
    auto* o = ops[i - 1];
    Op op = o->LT() ? Op::kLess : o->LE() ? Op::kLessEq : o->GT() ? Op::kGreater : Op::kGreaterEq;
    left = CheckDepth(Expr::Binary(op, std::move(left), Shift(operands[i])), ctx);
  }
  return left;
}

ExprPtr AstBuilder::Shift(G::ShiftExprContext* ctx) {
  auto operands = ctx->additiveExpr();
  auto ops = ctx->shiftOp();
  ExprPtr left = Additive(operands[0]);
  for (size_t i = 1; i < operands.size(); ++i) {
    auto* o = ops[i - 1];
    Op op = o->SHL() ? Op::kShiftLeft : o->SHR() ? Op::kShiftRight : Op::kShiftRightLogical;
    left = CheckDepth(Expr::Binary(op, std::move(left), Additive(operands[i])), ctx);
  }
  return left;
}

ExprPtr AstBuilder::Additive(G::AdditiveExprContext* ctx) {
  auto operands = ctx->multiplicativeExpr();
  auto ops = ctx->additiveOp();
  ExprPtr left = Multiplicative(operands[0]);
  for (size_t i = 1; i < operands.size(); ++i) {
    Op op = ops[i - 1]->PLUS() ? Op::kAdd : Op::kSubtract;
    left = CheckDepth(Expr::Binary(op, std::move(left), Multiplicative(operands[i])), ctx);
  }
  return left;
}

ExprPtr AstBuilder::Multiplicative(G::MultiplicativeExprContext* ctx) {
  auto operands = ctx->unaryExpr();
  auto ops = ctx->multiplicativeOp();
  ExprPtr left = Unary(operands[0]);
  for (size_t i = 1; i < operands.size(); ++i) {
    auto* o = ops[i - 1];
    Op op = o->STAR() ? Op::kMultiply : o->SLASH() ? Op::kDivide : Op::kModulo;
    left = CheckDepth(Expr::Binary(op, std::move(left), Unary(operands[i])), ctx);
  }
  return left;
}

ExprPtr AstBuilder::Unary(G::UnaryExprContext* ctx) {
  if (ctx->postfixExpr() != nullptr) return Postfix(ctx->postfixExpr());
  G::UnaryOpContext* o = ctx->unaryOp();
  G::UnaryExprContext* operand = ctx->unaryExpr();
  // `-` written directly before a number is part of the literal (so that
  // -9223372036854775808 is representable and `-1` unparses as `-1`).
  if (o->MINUS() != nullptr && operand->postfixExpr() != nullptr &&
      operand->postfixExpr()->postfixOp().empty()) {
    G::PrimaryContext* p = operand->postfixExpr()->primary();
    antlr4::Token* minus = o->MINUS()->getSymbol();
    antlr4::Token* number = p->getStart();
    bool adjacent = minus->getStopIndex() + 1 == number->getStartIndex();
    if (adjacent) {
      if (auto* i = dynamic_cast<G::IntegerLiteralContext*>(p)) {
        return Expr::Literal(ParseIntegerText(i->INTEGER()->getText(), true, number));
      }
      if (auto* r = dynamic_cast<G::RealLiteralContext*>(p)) {
        return Expr::Literal(Value::Real(-ParseRealText(r->REAL()->getText())));
      }
    }
  }
  Op op = o->MINUS() ? Op::kNegate : o->PLUS() ? Op::kPlus : o->NOT() ? Op::kNot : Op::kBitNot;
  return CheckDepth(Expr::Unary(op, Unary(operand)), ctx);
}

ExprPtr AstBuilder::Postfix(G::PostfixExprContext* ctx) {
  ExprPtr e = Primary(ctx->primary());
  for (G::PostfixOpContext* op : ctx->postfixOp()) {
    if (auto* s = dynamic_cast<G::SelectOpContext*>(op)) {
      e = Expr::Select(std::move(e), AttrName(s->attrName()));
    } else if (auto* sub = dynamic_cast<G::SubscriptOpContext*>(op)) {
      e = Expr::Subscript(std::move(e), Expression(sub->expression()));
    } else {
      auto* elvis = static_cast<G::ElvisOpContext*>(op);
      e = Expr::Elvis(std::move(e), Unary(elvis->unaryExpr()));
    }
    e = CheckDepth(std::move(e), op);
  }
  return e;
}

std::string AstBuilder::AttrName(G::AttrNameContext* ctx) {
  if (ctx->IDENTIFIER() != nullptr) return ctx->IDENTIFIER()->getText();
  antlr4::Token* t = ctx->QUOTED_NAME()->getSymbol();
  return DecodeQuoted(t->getText(), t, options_.limits);
}

ExprPtr AstBuilder::Primary(G::PrimaryContext* ctx) {
  if (auto* i = dynamic_cast<G::IntegerLiteralContext*>(ctx)) {
    return Expr::Literal(ParseIntegerText(i->INTEGER()->getText(), false, i->getStart()));
  }
  if (auto* r = dynamic_cast<G::RealLiteralContext*>(ctx)) {
    return Expr::Literal(Value::Real(ParseRealText(r->REAL()->getText())));
  }
  if (auto* s = dynamic_cast<G::StringLiteralContext*>(ctx)) {
    std::string text;
    for (antlr4::tree::TerminalNode* piece : s->STRING()) {
      text += DecodeQuoted(piece->getText(), piece->getSymbol(), options_.limits);
      if (text.size() > options_.limits.max_string_bytes) {
        Fail(StatusCode::kLimitExceeded, "string longer than Limits::max_string_bytes",
             piece->getSymbol());
      }
    }
    return Expr::Literal(Value::String(std::move(text)));
  }
  if (dynamic_cast<G::TrueLiteralContext*>(ctx)) return Expr::Literal(Value::Boolean(true));
  if (dynamic_cast<G::FalseLiteralContext*>(ctx)) return Expr::Literal(Value::Boolean(false));
  if (dynamic_cast<G::UndefinedLiteralContext*>(ctx)) return Expr::Literal(Value::Undefined());
  if (dynamic_cast<G::ErrorLiteralContext*>(ctx)) return Expr::Literal(Value::Error());
  if (auto* c = dynamic_cast<G::CallExprContext*>(ctx)) return Call(c);
  if (auto* a = dynamic_cast<G::AbsoluteAttrContext*>(ctx)) {
    return Expr::Attribute(AttrName(a->attrName()), true);
  }
  if (auto* a = dynamic_cast<G::AttrRefContext*>(ctx)) {
    return Expr::Attribute(AttrName(a->attrName()), false);
  }
  if (auto* p = dynamic_cast<G::ParenExprContext*>(ctx)) {
    return CheckDepth(Expr::Parens(Expression(p->expression())), ctx);
  }
  if (auto* l = dynamic_cast<G::ListLiteralContext*>(ctx)) {
    auto items = l->expression();
    if (items.size() > options_.limits.max_list_items) {
      FailAt("list literal with more than " + std::to_string(options_.limits.max_list_items) +
                 " items (Limits::max_list_items)", ctx, StatusCode::kLimitExceeded);
    }
    std::vector<ExprPtr> built;
    built.reserve(items.size());
    for (auto* item : items) built.push_back(Expression(item));
    return CheckDepth(Expr::List(std::move(built)), ctx);
  }
  auto* ad = static_cast<G::AdLiteralContext*>(ctx);
  return CheckDepth(Expr::Ad(Ad(ad->classAd())), ctx);
}

ExprPtr AstBuilder::Call(G::CallExprContext* ctx) {
  std::string name = ctx->IDENTIFIER()->getText();
  std::vector<ExprPtr> args;
  if (G::ArgListContext* list = ctx->argList()) {
    if (!options_.compat) {
      for (G::ArgSeparatorContext* sep : list->argSeparator()) {
        if (sep->SEMI() != nullptr) {
          Fail(StatusCode::kParseError,
               "';' separates function arguments only in compat mode; use ','", sep->getStart());
        }
      }
    }
    for (G::ExpressionContext* arg : list->expression()) args.push_back(Expression(arg));
  }
  // absTime("literal") and relTime("literal") become time literals.
  const bool is_abs = AttributeNamesEqual(name, "absTime");
  const bool is_rel = AttributeNamesEqual(name, "relTime");
  if ((is_abs || is_rel) && args.size() == 1 && args[0]->kind() == ExprKind::kLiteral &&
      args[0]->literal().IsString()) {
    const std::string& text = args[0]->literal().string();
    if (is_abs) {
      AbsTime t;
      if (!ParseAbsTimeString(text, &t)) FailAt("invalid absolute time \"" + text + "\"", ctx);
      return Expr::Literal(Value::AbsoluteTime(t));
    }
    double seconds;
    if (!ParseRelTimeString(text, &seconds)) FailAt("invalid relative time \"" + text + "\"", ctx);
    return Expr::Literal(Value::RelTime(seconds));
  }
  const Builtin* builtin = FindBuiltin(name);
  return CheckDepth(Expr::Call(std::move(name), std::move(args), builtin), ctx);
}

std::shared_ptr<ClassAd> AstBuilder::Ad(G::ClassAdContext* ctx) {
  auto ad = std::make_shared<ClassAd>();
  for (G::AttrDefContext* def : ctx->attrDef()) {
    std::string name = AttrName(def->attrName());
    ad->Insert(name, Expression(def->expression()));
    if (ad->size() > options_.limits.max_ad_attributes) {
      FailAt("ad with more than " + std::to_string(options_.limits.max_ad_attributes) +
                 " attributes (Limits::max_ad_attributes)", def, StatusCode::kLimitExceeded);
    }
  }
  return ad;
}

// ---------------------------------------------------------------- driver

// Returned by an entry rule that saw syntax errors; RunParser replaces it
// with the first error the listener recorded.
Status SyntaxErrorPlaceholder() { return Status(StatusCode::kParseError, "syntax error"); }

// Lexes and parses `text`, then hands the entry rule to `build`.
template <typename Build>
auto RunParser(std::string_view text, const ParseOptions& options, Build build)
    -> decltype(build(std::declval<G&>(), std::declval<AstBuilder&>())) {
  if (text.size() > options.limits.max_input_bytes) {
    return Status(StatusCode::kLimitExceeded,
                  "input of " + std::to_string(text.size()) + " bytes exceeds " +
                      std::to_string(options.limits.max_input_bytes) +
                      " (Limits::max_input_bytes)");
  }
  Status encoding = CheckEncoding(text);
  if (!encoding.ok()) return encoding;
  try {
    antlr4::ANTLRInputStream input(text.data(), text.size());
    ClassAdLexer lexer(&input);
    FirstErrorListener errors;
    lexer.removeErrorListeners();
    lexer.addErrorListener(&errors);
    antlr4::CommonTokenStream tokens(&lexer);
    tokens.fill();
    if (!errors.status().ok()) return errors.status();
    Status nesting = CheckNesting(tokens.getTokens(), options.limits.max_nesting_depth);
    if (!nesting.ok()) return nesting;
    G parser(&tokens);
    parser.removeErrorListeners();
    parser.addErrorListener(&errors);
    AstBuilder builder(options);
    auto result = build(parser, builder);
    if (!errors.status().ok()) return errors.status();
    return result;
  } catch (const BuildError& e) {
    return e.status;
  } catch (const std::exception& e) {
    return Status(StatusCode::kParseError, std::string("parser failure: ") + e.what());
  }
}

}  // namespace

Result<ExprPtr> ParseExpression(std::string_view text, const ParseOptions& options) {
  return RunParser(text, options, [](G& parser, AstBuilder& builder) -> Result<ExprPtr> {
    G::ExprEntryContext* entry = parser.exprEntry();
    if (parser.getNumberOfSyntaxErrors() > 0) return SyntaxErrorPlaceholder();
    return builder.Expression(entry->expression());
  });
}

Result<std::shared_ptr<ClassAd>> ParseAd(std::string_view text, const ParseOptions& options) {
  return RunParser(text, options,
                   [](G& parser, AstBuilder& builder) -> Result<std::shared_ptr<ClassAd>> {
                     G::AdEntryContext* entry = parser.adEntry();
                     if (parser.getNumberOfSyntaxErrors() > 0) return SyntaxErrorPlaceholder();
                     return builder.Ad(entry->classAd());
                   });
}

Result<std::vector<std::shared_ptr<ClassAd>>> ParseAdSequence(std::string_view text,
                                                              const ParseOptions& options) {
  return RunParser(
      text, options,
      [](G& parser, AstBuilder& builder) -> Result<std::vector<std::shared_ptr<ClassAd>>> {
        G::AdSeqEntryContext* entry = parser.adSeqEntry();
        if (parser.getNumberOfSyntaxErrors() > 0) return SyntaxErrorPlaceholder();
        std::vector<std::shared_ptr<ClassAd>> ads;
        for (G::ClassAdContext* ad : entry->classAd()) ads.push_back(builder.Ad(ad));
        return ads;
      });
}

}  // namespace classad
