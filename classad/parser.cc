// Parser front-end: runs the ANTLR-generated lexer and parser and turns the
// parse tree into our AST. ANTLR types stay inside this file.
#include "classad/parser.h"

#include <cerrno>
#include <charconv>
#include <clocale>
#include <cstdlib>
#include <cstring>
#include <exception>
#include <tuple>
#include <locale.h>

#include "ClassAdLexer.h"
#include "ClassAdParser.h"
#include "antlr4-runtime.h"
#include "classad/builtins/builtins.h"
#include "classad/fast_parser.h"
#include "classad/parse_depth.h"
#include "classad/time_util.h"
#include "classad/tree_builder.h"

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
    case ClassAdLexer::INTEGER: case ClassAdLexer::HEX_INTEGER: case ClassAdLexer::REAL:
    case ClassAdLexer::STRING:
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
  NestingCounter nesting;
  size_t previous = 0;
  for (antlr4::Token* t : tokens) {
    const size_t type = t->getType();
    switch (type) {
      case ClassAdLexer::LPAREN: case ClassAdLexer::LBRACKET: case ClassAdLexer::LBRACE:
        nesting.Open();
        break;
      case ClassAdLexer::RPAREN: case ClassAdLexer::RBRACKET: case ClassAdLexer::RBRACE:
        nesting.Close();
        break;
      case ClassAdLexer::NOT: case ClassAdLexer::TILDE: case ClassAdLexer::QUESTION:
      case ClassAdLexer::ELVIS:
        nesting.Prefix();
        break;
      case ClassAdLexer::MINUS: case ClassAdLexer::PLUS:
        if (!EndsOperand(previous)) nesting.Prefix();
        break;
      default:
        break;
    }
    if (nesting.depth() > max_depth) {
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

// Records the first syntax error with a message naming what went wrong,
// then stops the lexer or parser that reported it (by throwing
// ParseCancellationException, which RunParser catches): there is no error
// recovery, so rejecting bad input costs no more than reading up to the
// error. (ANTLR's recovery, which also went on to report every later error,
// cost about a millisecond per stray token after a deep prefix.)
class FirstErrorListener : public antlr4::BaseErrorListener {
 public:
  void syntaxError(antlr4::Recognizer*, antlr4::Token* offending, size_t line,
                   size_t column, const std::string& msg, std::exception_ptr) override {
    Record(offending, line, column, msg);
    throw antlr4::ParseCancellationException();
  }
  const Status& status() const { return status_; }
  // The offending token's index in the input's code points (npos: none).
  size_t offending_index() const { return offending_index_; }

 private:
  void Record(antlr4::Token* offending, size_t line, size_t column, const std::string& msg) {
    if (!status_.ok()) return;
    if (offending != nullptr && offending->getType() != antlr4::Token::EOF) {
      offending_index_ = offending->getStartIndex();
    }
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
          message = "malformed number " + Describe(offending) +
                    (offending->getText().back() == '.' ? ": a digit must follow '.'"
                                                        : ": its exponent has no digits");
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

  Status status_;
  size_t offending_index_ = std::string_view::npos;
};

// The byte offset in UTF-8 `text` of code point `index` (npos stays npos).
size_t ByteOffset(std::string_view text, size_t index) {
  if (index == std::string_view::npos) return index;
  size_t bytes = 0;
  for (size_t points = 0; bytes < text.size() && points < index; ++points) {
    ++bytes;
    while (bytes < text.size() && (static_cast<unsigned char>(text[bytes]) & 0xC0) == 0x80) ++bytes;
  }
  return bytes;
}

// ---------------------------------------------------------------- literals

// Decodes the escapes of a quoted token (quotes included in `text`).
std::string DecodeQuoted(const std::string& text, antlr4::Token* at, const Limits& limits) {
  std::string out;
  out.reserve(text.size());
  const std::string_view body = std::string_view(text).substr(1, text.size() - 2);
  if (!AppendDecodedQuoted(body, limits.max_string_bytes, &out)) {
    Fail(StatusCode::kParseError, "NUL character (\\0) in string", at);
  }
  if (out.size() > limits.max_string_bytes) {
    Fail(StatusCode::kLimitExceeded,
         "string longer than " + std::to_string(limits.max_string_bytes) +
             " bytes (Limits::max_string_bytes)", at);
  }
  return out;
}

// An integer literal as HTCondor's lexer reads it (lexer.cpp,
// tokenizeNumber). `text` is the token (decimal digits, or `0x` and hex
// digits), `negative` when a `-` is written right before it: HTCondor's lexer
// makes that one token, so no leading-zero check applies to it. A leading
// zero: in compat mode an error (no octal); in strict mode the digits must
// be octal ones and are still read as decimal (`010` is 10, `09` an error).
// Hexadecimal (`0x10`): only hex digits may follow, and the value is what a
// decimal reading of the text gives, 0. A value outside 64 bits becomes 0
// (HTCondor ignores std::from_chars's failure).
Value ParseIntegerText(const std::string& text, bool negative, bool compat, antlr4::Token* at) {
  const bool hex = text.size() > 1 && (text[1] == 'x' || text[1] == 'X');
  if (hex) {
    if (text.size() == 2 || text.find_first_not_of("0123456789abcdefABCDEF", 2) != std::string::npos) {
      Fail(StatusCode::kParseError, "malformed hexadecimal literal " + text, at);
    }
  } else if (text.size() > 1 && text[0] == '0') {
    if (text.find_first_of("89") != std::string::npos) {
      Fail(StatusCode::kParseError,
           "integer literal '" + text + "' has a leading zero and a non-octal digit", at);
    }
  }
  if ((hex || (text.size() > 1 && text[0] == '0')) && compat && !negative) {
    Fail(StatusCode::kParseError,
         "integer literal '" + text + "' has a leading zero (octal and hexadecimal are not "
         "supported)", at);
  }
  const std::string signed_text = (negative ? "-" : "") + text;
  int64_t value = 0;
  // Like HTCondor: a decimal reading that stops at the first non-digit, and
  // 0 when out of range.
  std::ignore = std::from_chars(signed_text.data(), signed_text.data() + signed_text.size(), value);
  return Value::Integer(value);
}

// ---------------------------------------------------------------- AST builder

// Builds our trees from ANTLR's parse tree, each in one block as the fast
// parser builds them (tree_builder.h): an expression's nodes together, the
// arguments of a call, the items of a list and the attributes of an ad each
// in a block of their own.
class AstBuilder {
 public:
  explicit AstBuilder(const ParseOptions& options) : options_(options) {}

  // The tree of a whole expression.
  ExprPtr Tree(G::ExpressionContext* ctx);
  std::shared_ptr<ClassAd> Ad(G::ClassAdContext* ctx);

 private:
  // Sets the builder the nodes go to while it lives, then restores the
  // one before (also when a BuildError unwinds).
  class UseBuilder {
   public:
    UseBuilder(AstBuilder* ast, TreeBuilder* builder) : ast_(ast), outer_(ast->builder_) {
      ast->builder_ = builder;
    }
    UseBuilder(const UseBuilder&) = delete;
    UseBuilder& operator=(const UseBuilder&) = delete;
    ~UseBuilder() { ast_->builder_ = outer_; }

   private:
    AstBuilder* ast_;
    TreeBuilder* outer_;
  };
  // What the nodes of the tokens from `first` to `last` take (an estimate
  // that is rarely short: a node per token, each at most an operator's).
  static size_t EstimateBytes(antlr4::Token* first, antlr4::Token* last);
  // `exprs`, each its own tree, all in one block: call arguments, list items.
  std::vector<ExprPtr> Items(const std::vector<G::ExpressionContext*>& exprs);
  static ExprPtr View(const Expr* node) { return TreeBuilder::View(node); }

  const Expr* Expression(G::ExpressionContext* ctx);
  // The parts of the expression rule whose first child is not itself an
  // expression (so they end a left-recursive chain).
  const Expr* Leaf(G::ExpressionContext* ctx);
  // Builds the node of `ctx` (a left-recursive alternative) on top of its
  // already built left operand.
  const Expr* ApplyLeft(G::ExpressionContext* ctx, const Expr* left);
  const Expr* Unary(G::UnaryExprContext* ctx);
  // `left ?: right` where `right` is a chain of `?:` built from a glued
  // negative literal (see Unary): re-nested to the left, as every `?:`
  // chain here.
  const Expr* ElvisOnto(const Expr* left, const Expr* right, antlr4::ParserRuleContext* ctx);
  const Expr* Primary(G::PrimaryContext* ctx);
  const Expr* Call(G::CallExprContext* ctx);
  std::string AttrName(G::AttrNameContext* ctx);
  const Expr* CheckDepth(const Expr* e, antlr4::ParserRuleContext* ctx);

  const ParseOptions& options_;
  TreeBuilder* builder_ = nullptr;  // where the nodes of the current tree go
};

size_t AstBuilder::EstimateBytes(antlr4::Token* first, antlr4::Token* last) {
  if (first == nullptr || last == nullptr || last->getTokenIndex() < first->getTokenIndex()) {
    return 0;
  }
  const size_t tokens = last->getTokenIndex() - first->getTokenIndex() + 1;
  return tokens * TreeBuilder::NodeBytes(ExprKind::kBinary);
}

ExprPtr AstBuilder::Tree(G::ExpressionContext* ctx) {
  TreeBuilder tree(EstimateBytes(ctx->getStart(), ctx->getStop()));
  UseBuilder use(this, &tree);
  return tree.Finish(Expression(ctx));
}

std::vector<ExprPtr> AstBuilder::Items(const std::vector<G::ExpressionContext*>& exprs) {
  std::vector<ExprPtr> items;
  if (exprs.empty()) return items;
  items.reserve(exprs.size());
  TreeBuilder block(EstimateBytes(exprs.front()->getStart(), exprs.back()->getStop()));
  UseBuilder use(this, &block);
  for (G::ExpressionContext* e : exprs) items.push_back(block.Share(Expression(e)));
  return items;
}

const Expr* AstBuilder::CheckDepth(const Expr* e, antlr4::ParserRuleContext* ctx) {
  if (e->depth() > static_cast<uint32_t>(options_.limits.max_tree_depth)) {
    Fail(StatusCode::kLimitExceeded,
         "expression tree deeper than " + std::to_string(options_.limits.max_tree_depth) +
             " levels (Limits::max_tree_depth)", ctx->getStart());
  }
  return e;
}

// The operator a token stands for in a binary position.
Op BinaryOpOf(size_t token_type) {
  switch (token_type) {
    case ClassAdLexer::STAR: return Op::kMultiply;
    case ClassAdLexer::SLASH: return Op::kDivide;
    case ClassAdLexer::PERCENT: return Op::kModulo;
    case ClassAdLexer::PLUS: return Op::kAdd;
    case ClassAdLexer::MINUS: return Op::kSubtract;
    case ClassAdLexer::SHL: return Op::kShiftLeft;
    case ClassAdLexer::SHR: return Op::kShiftRight;
    case ClassAdLexer::USHR: return Op::kShiftRightLogical;
    case ClassAdLexer::LT: return Op::kLess;
    case ClassAdLexer::LE: return Op::kLessEq;
    case ClassAdLexer::GT: return Op::kGreater;
    case ClassAdLexer::GE: return Op::kGreaterEq;
    case ClassAdLexer::EQ: return Op::kEqual;
    case ClassAdLexer::NE: return Op::kNotEqual;
    case ClassAdLexer::META_EQ: case ClassAdLexer::IS: return Op::kIs;
    case ClassAdLexer::META_NE: case ClassAdLexer::ISNT: return Op::kIsnt;
    case ClassAdLexer::BITAND: return Op::kBitAnd;
    case ClassAdLexer::BITXOR: return Op::kBitXor;
    case ClassAdLexer::BITOR: return Op::kBitOr;
    case ClassAdLexer::AND: return Op::kAnd;
    case ClassAdLexer::OR: return Op::kOr;
    default: return Op::kNone;
  }
}

// The first token of a parse-tree child (a token or a rule).
antlr4::Token* FirstToken(antlr4::tree::ParseTree* child) {
  if (auto* rule = dynamic_cast<antlr4::ParserRuleContext*>(child)) return rule->getStart();
  return static_cast<antlr4::tree::TerminalNode*>(child)->getSymbol();
}

// Whether `ctx` is an alternative whose first child is an expression.
bool IsLeftRecursive(const G::ExpressionContext* ctx) {
  const std::type_info& t = typeid(*ctx);
  return t != typeid(G::PrimaryExprContext) && t != typeid(G::UnaryExprContext) &&
         t != typeid(G::ConditionalExprContext);
}

G::ExpressionContext* ChildExpression(G::ExpressionContext* ctx, size_t i) {
  return static_cast<G::ExpressionContext*>(ctx->children[i]);
}

const Expr* AstBuilder::Expression(G::ExpressionContext* ctx) {
  // Left-recursive alternatives nest down their left operand: walk that
  // spine with a loop, not recursion, so `a || b || ... ` of any length
  // cannot exhaust the stack (the tree depth limit still applies).
  std::vector<G::ExpressionContext*> spine;
  G::ExpressionContext* cur = ctx;
  while (IsLeftRecursive(cur)) {
    spine.push_back(cur);
    cur = ChildExpression(cur, 0);
  }
  const Expr* e = Leaf(cur);
  for (auto it = spine.rbegin(); it != spine.rend(); ++it) e = ApplyLeft(*it, e);
  return e;
}

const Expr* AstBuilder::ApplyLeft(G::ExpressionContext* ctx, const Expr* left) {
  const std::type_info& t = typeid(*ctx);
  if (t == typeid(G::SelectExprContext)) {
    auto* name = static_cast<G::AttrNameContext*>(ctx->children[2]);
    return CheckDepth(builder_->Select(View(left), AttrName(name)), ctx);
  }
  const Expr* right = Expression(ChildExpression(ctx, 2));
  if (t == typeid(G::SubscriptExprContext)) {
    return CheckDepth(builder_->Subscript(View(left), View(right)), ctx);
  }
  if (t == typeid(G::ElvisExprContext)) {
    // HTCondor reads the right operand of `?:` as a postfix expression, so a
    // prefix operator cannot start it (a `-` glued to a number is part of
    // the literal there, and here, see Unary).
    if (right->kind() == ExprKind::kUnary) {
      FailAt("the right operand of ?: cannot start with a prefix operator "
             "(HTCondor's grammar; write it in parentheses)", ChildExpression(ctx, 2));
    }
    // An unparenthesized `?:` on the right comes only from a glued literal
    // that `?:` followed (`a ?: -3 ?: b`).
    return ElvisOnto(left, right, ctx);
  }
  const Op op = BinaryOpOf(FirstToken(ctx->children[1])->getType());
  return CheckDepth(builder_->Binary(op, View(left), View(right)), ctx);
}

const Expr* AstBuilder::ElvisOnto(const Expr* left, const Expr* right,
                                  antlr4::ParserRuleContext* ctx) {
  if (right->kind() == ExprKind::kElvis) {
    const Expr* inner = ElvisOnto(left, &right->child(0), ctx);
    return CheckDepth(builder_->Elvis(View(inner), right->children()[1]), ctx);
  }
  return CheckDepth(builder_->Elvis(View(left), View(right)), ctx);
}

const Expr* AstBuilder::Leaf(G::ExpressionContext* ctx) {
  const std::type_info& t = typeid(*ctx);
  if (t == typeid(G::PrimaryExprContext)) {
    return Primary(static_cast<G::PrimaryContext*>(ctx->children[0]));
  }
  if (t == typeid(G::UnaryExprContext)) return Unary(static_cast<G::UnaryExprContext*>(ctx));
  auto* cond = static_cast<G::ConditionalExprContext*>(ctx);
  const Expr* test = Expression(ChildExpression(cond, 0));
  const Expr* if_true = Expression(ChildExpression(cond, 2));
  const Expr* if_false = Expression(ChildExpression(cond, 4));
  return CheckDepth(builder_->Conditional(View(test), View(if_true), View(if_false)), ctx);
}

const Expr* AstBuilder::Unary(G::UnaryExprContext* ctx) {
  auto* o = static_cast<G::UnaryOpContext*>(ctx->children[0]);
  G::ExpressionContext* operand = ChildExpression(ctx, 1);
  const size_t op_type = o->getStart()->getType();
  // `-` written directly before a number is part of the literal, as
  // HTCondor's lexer makes it one token wherever a prefix `-` may stand (so
  // that -9223372036854775808 is representable and `-1` unparses as `-1`).
  // The literal is then the primary that the `.name`, `[i]` and `?:` of
  // the operand apply to: `-2 ?: x` is `(-2) ?: x`, not `-(2 ?: x)`.
  if (op_type == ClassAdLexer::MINUS) {
    std::vector<G::ExpressionContext*> spine;
    G::ExpressionContext* leaf = operand;
    while (IsLeftRecursive(leaf)) {  // only postfix operators bind tighter
      spine.push_back(leaf);
      leaf = ChildExpression(leaf, 0);
    }
    if (typeid(*leaf) == typeid(G::PrimaryExprContext)) {
      auto* p = static_cast<G::PrimaryContext*>(leaf->children[0]);
      antlr4::Token* minus = o->getStart();
      antlr4::Token* number = p->getStart();
      const Expr* literal = nullptr;
      // A real written `..5` does not glue: HTCondor's lexer wants a digit
      // right after the `-` or after its `.`.
      const bool glues = number->getText().rfind("..", 0) != 0;
      if (glues && minus->getStopIndex() + 1 == number->getStartIndex()) {
        if (typeid(*p) == typeid(G::IntegerLiteralContext)) {
          literal = builder_->Literal(
              ParseIntegerText(number->getText(), true, options_.compat, number));
        } else if (typeid(*p) == typeid(G::RealLiteralContext)) {
          literal = builder_->Literal(Value::Real(-ParseRealLiteralText(number->getText())));
        }
      }
      if (literal != nullptr) {
        for (auto it = spine.rbegin(); it != spine.rend(); ++it) literal = ApplyLeft(*it, literal);
        return literal;
      }
    }
  }
  Op op = op_type == ClassAdLexer::MINUS  ? Op::kNegate
          : op_type == ClassAdLexer::PLUS ? Op::kPlus
          : op_type == ClassAdLexer::NOT  ? Op::kNot
                                          : Op::kBitNot;
  return CheckDepth(builder_->Unary(op, View(Expression(operand))), ctx);
}

std::string AstBuilder::AttrName(G::AttrNameContext* ctx) {
  if (ctx->IDENTIFIER() != nullptr) return ctx->IDENTIFIER()->getText();
  std::string name;
  for (antlr4::tree::TerminalNode* part : ctx->QUOTED_NAME()) {
    antlr4::Token* t = part->getSymbol();
    name += DecodeQuoted(t->getText(), t, options_.limits);
  }
  return name;
}

const Expr* AstBuilder::Primary(G::PrimaryContext* ctx) {
  if (auto* i = dynamic_cast<G::IntegerLiteralContext*>(ctx)) {
    return builder_->Literal(
        ParseIntegerText(i->getStart()->getText(), false, options_.compat, i->getStart()));
  }
  if (auto* r = dynamic_cast<G::RealLiteralContext*>(ctx)) {
    return builder_->Literal(Value::Real(ParseRealLiteralText(r->REAL()->getText())));
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
    return builder_->Literal(Value::String(std::move(text)));
  }
  if (dynamic_cast<G::TrueLiteralContext*>(ctx)) return builder_->Literal(Value::Boolean(true));
  if (dynamic_cast<G::FalseLiteralContext*>(ctx)) return builder_->Literal(Value::Boolean(false));
  if (dynamic_cast<G::UndefinedLiteralContext*>(ctx)) return builder_->Literal(Value::Undefined());
  if (dynamic_cast<G::ErrorLiteralContext*>(ctx)) return builder_->Literal(Value::Error());
  if (auto* c = dynamic_cast<G::CallExprContext*>(ctx)) return Call(c);
  if (auto* a = dynamic_cast<G::AbsoluteAttrContext*>(ctx)) {
    return builder_->Attribute(AttrName(a->attrName()), true);
  }
  if (auto* a = dynamic_cast<G::AttrRefContext*>(ctx)) {
    return builder_->Attribute(AttrName(a->attrName()), false);
  }
  if (auto* p = dynamic_cast<G::ParenExprContext*>(ctx)) {
    return CheckDepth(builder_->Parens(View(Expression(p->expression()))), ctx);
  }
  if (auto* l = dynamic_cast<G::ListLiteralContext*>(ctx)) {
    auto items = l->expression();
    if (items.size() > options_.limits.max_list_items) {
      FailAt("list literal with more than " + std::to_string(options_.limits.max_list_items) +
                 " items (Limits::max_list_items)", ctx, StatusCode::kLimitExceeded);
    }
    return CheckDepth(builder_->List(Items(items)), ctx);
  }
  auto* ad = static_cast<G::AdLiteralContext*>(ctx);
  return CheckDepth(builder_->Ad(Ad(ad->classAd())), ctx);
}

const Expr* AstBuilder::Call(G::CallExprContext* ctx) {
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
    args = Items(list->expression());
  }
  // absTime("literal") and relTime("literal") become time literals.
  const bool is_abs = AttributeNamesEqual(name, "absTime");
  const bool is_rel = AttributeNamesEqual(name, "relTime");
  if ((is_abs || is_rel) && args.size() == 1 && args[0]->kind() == ExprKind::kLiteral &&
      args[0]->literal().IsString()) {
    std::string_view text = args[0]->literal().string();
    if (is_abs) {
      AbsTime t;
      if (!ParseAbsTimeString(text, &t)) FailAt("invalid absolute time \"" + std::string(text) + "\"", ctx);
      return builder_->Literal(Value::AbsoluteTime(t));
    }
    double seconds;
    if (!ParseRelTimeString(text, &seconds)) FailAt("invalid relative time \"" + std::string(text) + "\"", ctx);
    return builder_->RelTimeLiteral(seconds);
  }
  const Builtin* builtin = FindBuiltin(name);
  return CheckDepth(builder_->Call(std::move(name), std::move(args), builtin), ctx);
}

std::shared_ptr<ClassAd> AstBuilder::Ad(G::ClassAdContext* ctx) {
  auto ad = std::make_shared<ClassAd>();
  for (G::AttrDefContext* def : ctx->attrDef()) {
    std::string name = AttrName(def->attrName());
    // As HTCondor's ClassAd::Insert: an attribute needs a name (`'' = 1`).
    if (name.empty()) FailAt("empty attribute name", def->attrName());
    // Each attribute's tree in a block of its own: an ad keeps its
    // literals as values, so a shared block would outlive them.
    ad->Insert(name, Tree(def->expression()));
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
// On a syntax error, `*stop` (when given) is the byte offset of the
// offending token.
template <typename Build>
auto RunParser(std::string_view text, const ParseOptions& options, Build build,
               size_t* stop = nullptr)
    -> decltype(build(std::declval<G&>(), std::declval<AstBuilder&>())) {
  if (text.size() > options.limits.max_input_bytes) {
    return Status(StatusCode::kLimitExceeded,
                  "input of " + std::to_string(text.size()) + " bytes exceeds " +
                      std::to_string(options.limits.max_input_bytes) +
                      " (Limits::max_input_bytes)");
  }
  Status encoding = CheckEncoding(text);
  if (!encoding.ok()) return encoding;
  // The ANTLR runtime silently drops a byte order mark at the start of its
  // input; anywhere else it is an unexpected character, and so it is here
  // (the ad readers skip one at the start of a file themselves).
  if (text.substr(0, 3) == "\xEF\xBB\xBF") {
    return Status(StatusCode::kParseError, "unexpected character '\xEF\xBB\xBF' (byte order mark)",
                  {"", 1, 1});
  }
  FirstErrorListener errors;
  try {
    antlr4::ANTLRInputStream input(text.data(), text.size());
    ClassAdLexer lexer(&input);
    lexer.removeErrorListeners();
    lexer.addErrorListener(&errors);
    antlr4::CommonTokenStream tokens(&lexer);
    tokens.fill();
    if (!errors.status().ok()) return errors.status();
    if (tokens.size() > options.limits.max_tokens) {
      return Status(StatusCode::kLimitExceeded,
                    "input of " + std::to_string(tokens.size()) + " tokens exceeds " +
                        std::to_string(options.limits.max_tokens) + " (Limits::max_tokens)");
    }
    Status nesting = CheckNesting(tokens.getTokens(), options.limits.max_nesting_depth);
    if (!nesting.ok()) return nesting;
    G parser(&tokens);
    parser.removeErrorListeners();
    parser.addErrorListener(&errors);
    AstBuilder builder(options);
    auto result = build(parser, builder);
    if (!errors.status().ok()) {
      if (stop != nullptr) *stop = ByteOffset(text, errors.offending_index());
      return errors.status();
    }
    return result;
  } catch (const BuildError& e) {
    return e.status;
  } catch (const antlr4::ParseCancellationException&) {
    // The first syntax error stopped the lexer or parser (FirstErrorListener).
    if (stop != nullptr) *stop = ByteOffset(text, errors.offending_index());
    return errors.status();
  } catch (const std::exception& e) {
    return Status(StatusCode::kParseError, std::string("parser failure: ") + e.what());
  }
}

}  // namespace

namespace {

// The tree parsed from all of `text`, by the fast parser or ANTLR; on a
// syntax error, `*stop` is the byte offset of the offending token.
Result<ExprPtr> ParseWhole(std::string_view text, const ParseOptions& options, size_t* stop) {
  if (options.fast_path) {
    if (std::optional<ExprPtr> fast = FastParseExpression(text, options)) return std::move(*fast);
  }
  return RunParser(
      text, options,
      [](G& parser, AstBuilder& builder) -> Result<ExprPtr> {
        G::ExprEntryContext* entry = parser.exprEntry();
        if (parser.getNumberOfSyntaxErrors() > 0) return SyntaxErrorPlaceholder();
        return builder.Tree(entry->expression());
      },
      stop);
}

// Refuses a tree HTCondor's parser would refuse for its depth (parse_depth.h).
// No text shorter than this can go that deep (each level takes a character).
constexpr size_t kShortestTooDeep = kHtcondorMaxParserDepth / 3;

Status CheckHtcondorDepth(const Expr& e) {
  if (HtcondorParserDepth(e) <= kHtcondorMaxParserDepth) return Status::Ok();
  return Status(StatusCode::kParseError,
                "expression nested deeper than HTCondor's parser accepts (" +
                    std::to_string(kHtcondorMaxParserDepth) + " levels)",
                {"", 1, 1});
}

Status CheckHtcondorDepth(const ClassAd& ad, std::string_view text) {
  if (text.size() < kShortestTooDeep) return Status::Ok();
  for (const Attribute& a : ad.Attributes()) {
    Status depth = CheckHtcondorDepth(*a.expr);
    if (!depth.ok()) return depth;
  }
  return Status::Ok();
}

// Whether the token at `stop` is a quote left open to the end of `text`
// right after a literal closed by the same quote (white space between):
// HTCondor's lexer joins adjacent string literals (and quoted names) into
// one token, so it reads the open one as part of the last operand and
// fails, even where the text after a conditional is otherwise ignored.
bool ContinuesAnUnterminatedQuote(std::string_view text, size_t stop) {
  const char quote = text[stop];
  if (quote != '"' && quote != '\'') return false;
  size_t before = stop;
  while (before > 0 && IsHtcondorSpace(text[before - 1])) --before;
  if (before == 0 || text[before - 1] != quote) return false;
  for (size_t i = stop + 1; i < text.size(); ++i) {
    if (text[i] == '\\') {
      ++i;
    } else if (text[i] == quote) {
      return false;  // closed: a token of its own
    }
  }
  return true;
}

}  // namespace

Result<ExprPtr> ParseExpression(std::string_view text, const ParseOptions& options) {
  size_t stop = std::string_view::npos;
  Result<ExprPtr> whole = ParseWhole(text, options, &stop);
  const bool any_head = options.ignore_text_after_expression;
  if (!whole.ok() && (any_head || options.ignore_text_after_conditional) &&
      stop != std::string_view::npos && stop > 0) {
    // HTCondor's parser ends a top-level `c ? a : b` at its last operand and
    // ignores whatever follows (`1 ? 2 : 3 : 4` is 2), and a parse that is
    // not full ends any expression before the first token that cannot
    // continue it: when the text up to the offending token is such an
    // expression, that is the expression.
    size_t ignored = std::string_view::npos;
    Result<ExprPtr> head = ParseWhole(text.substr(0, stop), options, &ignored);
    if (head.ok() && (any_head || (*head)->kind() == ExprKind::kConditional) &&
        !ContinuesAnUnterminatedQuote(text, stop)) {
      whole = std::move(head);
    }
  }
  if (whole.ok() && text.size() >= kShortestTooDeep) {
    Status depth = CheckHtcondorDepth(**whole);
    if (!depth.ok()) return depth;
  }
  return whole;
}

Result<std::shared_ptr<ClassAd>> ParseAd(std::string_view text, const ParseOptions& options) {
  Result<std::shared_ptr<ClassAd>> ad =
      RunParser(text, options,
                [](G& parser, AstBuilder& builder) -> Result<std::shared_ptr<ClassAd>> {
                  G::AdEntryContext* entry = parser.adEntry();
                  if (parser.getNumberOfSyntaxErrors() > 0) return SyntaxErrorPlaceholder();
                  return builder.Ad(entry->classAd());
                });
  if (ad.ok()) {
    Status depth = CheckHtcondorDepth(**ad, text);
    if (!depth.ok()) return depth;
  }
  return ad;
}

Result<std::vector<std::shared_ptr<ClassAd>>> ParseAdSequence(std::string_view text,
                                                              const ParseOptions& options) {
  Result<std::vector<std::shared_ptr<ClassAd>>> ads = RunParser(
      text, options,
      [](G& parser, AstBuilder& builder) -> Result<std::vector<std::shared_ptr<ClassAd>>> {
        G::AdSeqEntryContext* entry = parser.adSeqEntry();
        if (parser.getNumberOfSyntaxErrors() > 0) return SyntaxErrorPlaceholder();
        std::vector<std::shared_ptr<ClassAd>> ads;
        for (G::ClassAdContext* ad : entry->classAd()) ads.push_back(builder.Ad(ad));
        return ads;
      });
  if (ads.ok()) {
    for (const std::shared_ptr<ClassAd>& ad : *ads) {
      Status depth = CheckHtcondorDepth(*ad, text);
      if (!depth.ok()) return depth;
    }
  }
  return ads;
}

}  // namespace classad
