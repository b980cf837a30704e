// FastParseExpression (fast_parser.h): a lexer and a precedence-climbing
// parser over the common subset; everything else goes to ANTLR.
#include "classad/fast_parser.h"

#include <locale.h>

#include <array>
#include <charconv>
#include <cstdlib>
#include <limits>
#include <string>
#include <utility>
#include <vector>

#include "classad/builtins/builtins.h"
#include "classad/classad.h"
#include "classad/tree_builder.h"

namespace classad {

double ParseRealLiteralText(const std::string& text) {
  static const locale_t c_locale = newlocale(LC_ALL_MASK, "C", static_cast<locale_t>(0));
  return strtod_l(text.c_str(), nullptr, c_locale);
}

bool AppendDecodedQuoted(std::string_view body, size_t max_bytes, std::string* out) {
  bool ok = true;
  const size_t end = body.size();
  for (size_t i = 0; i < end; ++i) {
    const char c = body[i];
    if (c != '\\' || i + 1 >= end) {
      out->push_back(c);
    } else {
      const char e = body[++i];
      switch (e) {
        case 'a': out->push_back('\a'); break;
        case 'b': out->push_back('\b'); break;
        case 'f': out->push_back('\f'); break;
        case 'n': out->push_back('\n'); break;
        case 'r': out->push_back('\r'); break;
        case 't': out->push_back('\t'); break;
        case 'v': out->push_back('\v'); break;
        default:
          if (e >= '0' && e <= '7') {
            int value = e - '0';
            const size_t max_digits = (e <= '3') ? 3 : 2;
            size_t digits = 1;
            while (digits < max_digits && i + 1 < end && body[i + 1] >= '0' && body[i + 1] <= '7') {
              value = value * 8 + (body[++i] - '0');
              ++digits;
            }
            if (value == 0) ok = false;
            out->push_back(static_cast<char>(value));
          } else {
            out->push_back(e);  // \\ \" \' \? and unknown escapes stand for the character
          }
      }
    }
    if (out->size() > max_bytes) break;
  }
  return ok;
}

namespace {

enum class Tok : uint8_t {
  kEnd,
  kInteger,
  kReal,
  kString,
  kIdentifier,
  kTrue,
  kFalse,
  kUndefined,
  kError,
  kBinary,    // a binary-only operator (op says which; `is`/`isnt` too)
  kMinus,     // - (binary or unary)
  kPlus,      // + (binary or unary)
  kNot,       // !
  kTilde,     // ~
  kQuestion,  // ?
  kElvis,     // ?:
  kColon,
  kDot,
  kComma,
  kLParen,
  kRParen,
  kLBracket,
  kRBracket,
  kLBrace,
  kRBrace,
};

// Trivial (no initializers), so that Tokens' in-place array costs nothing.
struct Token {
  Tok kind;
  Op op;  // kBinary
  uint32_t begin;
  uint32_t end;
};

// The tokens of one text, at most one per byte and the end: in place for
// the texts of ads and policy (no allocation), on the heap for longer ones.
class Tokens {
 public:
  explicit Tokens(size_t text_bytes) {
    if (text_bytes + 1 > kInPlace) {
      spilled_.resize(text_bytes + 1);
      data_ = spilled_.data();
    }
  }
  void push_back(const Token& t) { data_[size_++] = t; }
  const Token& operator[](size_t i) const { return data_[i]; }
  size_t size() const { return size_; }

 private:
  static constexpr size_t kInPlace = 512;
  Token in_place_[kInPlace];
  std::vector<Token> spilled_;
  Token* data_ = in_place_;
  size_t size_ = 0;
};

bool IsIdentifierStart(char c) {
  return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || c == '_';
}
bool IsIdentifierChar(char c) { return IsIdentifierStart(c) || (c >= '0' && c <= '9'); }
bool IsDigit(char c) { return c >= '0' && c <= '9'; }

// A word's token: a keyword's (true, false, undefined, error, is, isnt;
// any case), with `*op` set for is and isnt, or kIdentifier. Most words
// are names: their length or first letter rules the keywords out before
// any comparison.
Tok WordKind(std::string_view word, Op* op) {
  const char first = static_cast<char>(word[0] | 0x20);  // ASCII letters folded
  switch (word.size()) {
    case 2:
      if (first == 'i' && AttributeNamesEqual(word, "is")) {
        *op = Op::kIs;
        return Tok::kBinary;
      }
      break;
    case 4:
      if (first == 't' && AttributeNamesEqual(word, "true")) return Tok::kTrue;
      if (first == 'i' && AttributeNamesEqual(word, "isnt")) {
        *op = Op::kIsnt;
        return Tok::kBinary;
      }
      break;
    case 5:
      if (first == 'f' && AttributeNamesEqual(word, "false")) return Tok::kFalse;
      if (first == 'e' && AttributeNamesEqual(word, "error")) return Tok::kError;
      break;
    case 9:
      if (first == 'u' && AttributeNamesEqual(word, "undefined")) return Tok::kUndefined;
      break;
    default:
      break;
  }
  return Tok::kIdentifier;
}

// The bytes of the tree the parser builds from a text's tokens (the sum of
// their nodes' TreeBuilder::NodeBytes, or a little more), so that its
// block is allocated once at its size; counted as the lexer adds them.
// Call arguments and list items are trees of their own (tree_builder.h):
// a text with calls or lists is estimated again, item by item
// (EstimateTreeBytesWithItems).
class TreeEstimate {
 public:
  static constexpr size_t kOperator = TreeBuilder::NodeBytes(ExprKind::kBinary);
  static constexpr size_t kAttribute = TreeBuilder::NodeBytes(ExprKind::kAttribute);
  static constexpr size_t kSelect = TreeBuilder::NodeBytes(ExprKind::kSelect);
  static constexpr size_t kCall = TreeBuilder::NodeBytes(ExprKind::kCall);
  static constexpr size_t kList = TreeBuilder::NodeBytes(ExprKind::kList);

  // The bytes of what token `kind`, after `previous` (kEnd for the first),
  // builds in the tree it belongs to, without branches on the kinds. A `(`
  // counts as parentheses and `{` as nothing: calls and lists are told
  // apart by EstimateTreeBytesWithItems.
  static size_t TokenBytes(Tok previous, Tok kind) {
    return kPerKind[static_cast<size_t>(kind)] +
           // `.name`: a select, not an attribute.
           (previous == Tok::kDot) * (kSelect - kAttribute) +
           // `c ? : d` may add parentheses on both sides of its elvis.
           (previous == Tok::kQuestion && kind == Tok::kColon) * 2 * kOperator;
  }

  // Counts token `kind`, which follows `previous` (kEnd for the first).
  void Add(Tok previous, Tok kind) {
    bytes_ += TokenBytes(previous, kind);
    has_items_ |= (kind == Tok::kLBrace) | (previous == Tok::kIdentifier && kind == Tok::kLParen);
  }
  // The estimate, valid when the text has no calls or lists.
  size_t bytes() const { return bytes_; }
  bool has_items() const { return has_items_; }

 private:
  // The node each kind of token builds (a name: an attribute's).
  static constexpr auto kPerKind = [] {
    std::array<uint16_t, static_cast<size_t>(Tok::kRBrace) + 1> bytes{};
    for (Tok k : {Tok::kInteger, Tok::kReal, Tok::kString, Tok::kTrue, Tok::kFalse,
                  Tok::kUndefined, Tok::kError}) {
      bytes[static_cast<size_t>(k)] = TreeBuilder::NodeBytes(ExprKind::kLiteral);
    }
    bytes[static_cast<size_t>(Tok::kIdentifier)] = kAttribute;
    for (Tok k : {Tok::kBinary, Tok::kMinus, Tok::kPlus, Tok::kNot, Tok::kTilde, Tok::kQuestion,
                  Tok::kElvis, Tok::kLParen, Tok::kLBracket}) {
      bytes[static_cast<size_t>(k)] = kOperator;
    }
    return bytes;
  }();

  size_t bytes_ = 0;
  bool has_items_ = false;
};

// Lexes `text` into `out`, estimating its tree in `estimate`; false when
// the text is outside the subset (or ANTLR would refuse it: the parse then
// fails there too).
bool Lex(std::string_view text, Tokens* out, TreeEstimate* estimate) {
  const size_t n = text.size();
  size_t i = 0;
  Tok previous = Tok::kEnd;
  auto add = [&](Tok kind, size_t begin, size_t end, Op op = Op::kNone) {
    estimate->Add(previous, kind);
    previous = kind;
    out->push_back(Token{kind, op, static_cast<uint32_t>(begin), static_cast<uint32_t>(end)});
  };
  while (i < n) {
    const char c = text[i];
    if (IsHtcondorSpace(c)) {
      ++i;
      continue;
    }
    if (c == '/' && i + 1 < n && text[i + 1] == '/') {
      // A comment to the end of the line (the line break is white space).
      while (i < n && text[i] != '\n' && text[i] != '\r') {
        const unsigned char b = static_cast<unsigned char>(text[i]);
        if (b == 0 || b >= 0x80) return false;
        ++i;
      }
      continue;
    }
    if (c == '/' && i + 1 < n && text[i + 1] == '*') {
      // A block comment; unterminated: ANTLR's error.
      size_t j = i + 2;
      while (j + 1 < n && !(text[j] == '*' && text[j + 1] == '/')) {
        const unsigned char b = static_cast<unsigned char>(text[j]);
        if (b == 0 || b >= 0x80) return false;
        ++j;
      }
      if (j + 1 >= n) return false;
      i = j + 2;
      continue;
    }
    const size_t begin = i;
    if (IsIdentifierStart(c)) {
      while (i < n && IsIdentifierChar(text[i])) ++i;
      const std::string_view word = text.substr(begin, i - begin);
      Op op = Op::kNone;
      const Tok kind = WordKind(word, &op);
      add(kind, begin, i, op);
      continue;
    }
    if (IsDigit(c)) {
      while (i < n && IsDigit(text[i])) ++i;
      Tok kind = Tok::kInteger;
      if (i < n && text[i] == '.') {
        if (i + 1 >= n || !IsDigit(text[i + 1])) return false;  // `1.`: ANTLR's error
        i += 2;
        while (i < n && IsDigit(text[i])) ++i;
        kind = Tok::kReal;
      }
      if (i < n && (text[i] == 'e' || text[i] == 'E')) {
        size_t j = i + 1;
        if (j < n && (text[j] == '+' || text[j] == '-')) ++j;
        if (j >= n || !IsDigit(text[j])) return false;
        while (j < n && IsDigit(text[j])) ++j;
        i = j;
        kind = Tok::kReal;
      }
      // A number run into a name or another number: ANTLR decides.
      if (i < n && (IsIdentifierChar(text[i]) || text[i] == '.')) return false;
      if (kind == Tok::kInteger && i - begin > 1 && text[begin] == '0') return false;
      add(kind, begin, i);
      continue;
    }
    if (c == '"') {
      ++i;
      while (i < n && text[i] != '"') {
        // NUL and anything not ASCII (ANTLR checks the encoding): ANTLR.
        const unsigned char b = static_cast<unsigned char>(text[i]);
        if (b == 0 || b >= 0x80) return false;
        if (b == '\\') {
          // An escape: the backslash and the character it escapes.
          if (i + 1 >= n) return false;
          const unsigned char e = static_cast<unsigned char>(text[i + 1]);
          if (e == 0 || e >= 0x80) return false;
          ++i;
        }
        ++i;
      }
      if (i >= n) return false;
      ++i;
      add(Tok::kString, begin, i);
      continue;
    }
    auto next = [&](size_t k) { return i + k < n ? text[i + k] : '\0'; };
    auto binary = [&](Op op, size_t length) {
      i += length;
      add(Tok::kBinary, begin, i, op);
    };
    switch (c) {
      case '=':
        if (next(1) == '?' && next(2) == '=') {
          binary(Op::kIs, 3);
        } else if (next(1) == '!' && next(2) == '=') {
          binary(Op::kIsnt, 3);
        } else if (next(1) == '=') {
          binary(Op::kEqual, 2);
        } else {
          return false;  // `=` is not an operator of expressions
        }
        continue;
      case '!':
        if (next(1) == '=') {
          binary(Op::kNotEqual, 2);
        } else {
          ++i;
          add(Tok::kNot, begin, i);
        }
        continue;
      case '<':
        if (next(1) == '=') {
          binary(Op::kLessEq, 2);
        } else if (next(1) == '<') {
          binary(Op::kShiftLeft, 2);
        } else {
          binary(Op::kLess, 1);
        }
        continue;
      case '>':
        if (next(1) == '=') {
          binary(Op::kGreaterEq, 2);
        } else if (next(1) == '>' && next(2) == '>') {
          binary(Op::kShiftRightLogical, 3);
        } else if (next(1) == '>') {
          binary(Op::kShiftRight, 2);
        } else {
          binary(Op::kGreater, 1);
        }
        continue;
      case '|':
        binary(next(1) == '|' ? Op::kOr : Op::kBitOr, next(1) == '|' ? 2 : 1);
        continue;
      case '&':
        binary(next(1) == '&' ? Op::kAnd : Op::kBitAnd, next(1) == '&' ? 2 : 1);
        continue;
      case '^':
        binary(Op::kBitXor, 1);
        continue;
      case '*':
        binary(Op::kMultiply, 1);
        continue;
      case '%':
        binary(Op::kModulo, 1);
        continue;
      case '/':
        binary(Op::kDivide, 1);
        continue;
      case '?': {
        // HTCondor's lexer skips white space after `?` (not comments):
        // `? :` is the elvis operator too.
        size_t j = i + 1;
        while (j < n && IsHtcondorSpace(text[j])) ++j;
        if (j < n && text[j] == ':') {
          i = j + 1;
          add(Tok::kElvis, begin, i);
          continue;
        }
        ++i;
        add(Tok::kQuestion, begin, i);
        continue;
      }
      case '.':
        if (IsDigit(next(1))) return false;  // `.5`: ANTLR
        if (next(1) == '.') return false;    // `..`, one token: ANTLR
        break;
      default:
        break;
    }
    Tok kind;
    switch (c) {
      case '-': kind = Tok::kMinus; break;
      case '+': kind = Tok::kPlus; break;
      case '~': kind = Tok::kTilde; break;
      case ':': kind = Tok::kColon; break;
      case '.': kind = Tok::kDot; break;
      case ',': kind = Tok::kComma; break;
      case '(': kind = Tok::kLParen; break;
      case ')': kind = Tok::kRParen; break;
      case '[': kind = Tok::kLBracket; break;
      case ']': kind = Tok::kRBracket; break;
      case '{': kind = Tok::kLBrace; break;
      case '}': kind = Tok::kRBrace; break;
      default: return false;  // `;`, quotes, anything not ASCII, NUL, ...: ANTLR
    }
    ++i;
    add(kind, begin, i);
  }
  add(Tok::kEnd, n, n);
  return true;
}

bool EndsOperand(Tok kind) {
  switch (kind) {
    case Tok::kInteger:
    case Tok::kReal:
    case Tok::kString:
    case Tok::kTrue:
    case Tok::kFalse:
    case Tok::kUndefined:
    case Tok::kError:
    case Tok::kIdentifier:
    case Tok::kRParen:
    case Tok::kRBracket:
    case Tok::kRBrace:
      return true;
    default:
      return false;
  }
}

// The nesting the ANTLR path measures before it parses (parser.cc's
// CheckNesting, on the same tokens): within brackets, every prefix
// operator and `?` adds a level until the bracket closes. False when it
// passes `max_depth` (ANTLR then refuses the text).
bool NestingWithin(const Tokens& tokens, int max_depth) {
  NestingCounter nesting;
  Tok previous = Tok::kEnd;
  for (size_t i = 0; i < tokens.size(); ++i) {
    const Tok kind = tokens[i].kind;
    switch (kind) {
      case Tok::kLParen:
      case Tok::kLBracket:
      case Tok::kLBrace:
        nesting.Open();
        break;
      case Tok::kRParen:
      case Tok::kRBracket:
      case Tok::kRBrace:
        nesting.Close();
        break;
      case Tok::kNot:
      case Tok::kTilde:
      case Tok::kQuestion:
      case Tok::kElvis:
        nesting.Prefix();
        break;
      case Tok::kMinus:
      case Tok::kPlus:
        if (!EndsOperand(previous)) nesting.Prefix();
        break;
      default:
        break;
    }
    if (nesting.depth() > max_depth) return false;
    previous = kind;
  }
  return true;
}

// TreeEstimate for texts with calls or lists: the estimate of the
// arguments of each call and the items of each list (a block of their own)
// goes to `(*item_bytes)[i]`, `i` the index of the token after the opening
// bracket, and is left out of the enclosing tree's. Returns the estimate
// of the whole text's tree. Brackets that do not match are the parser's
// to refuse: the estimate only stays in bounds.
size_t EstimateTreeBytesWithItems(const Tokens& tokens, std::vector<uint32_t>* item_bytes) {
  // The items of a call or list being estimated.
  struct Items {
    size_t first_token;
    size_t bytes;
    size_t plain_depth;  // brackets opened within them and not closed
  };
  std::vector<Items> open;  // innermost last
  size_t top = 0;           // the whole text's tree
  item_bytes->assign(tokens.size(), 0);
  Tok previous = Tok::kEnd;
  for (size_t i = 0; i < tokens.size(); previous = tokens[i].kind, ++i) {
    size_t& bytes = open.empty() ? top : open.back().bytes;
    const Tok kind = tokens[i].kind;
    if (kind == Tok::kLParen && previous == Tok::kIdentifier) {
      bytes += TreeEstimate::kCall - TreeEstimate::kAttribute;  // a call, not an attribute
      open.push_back(Items{i + 1, 0, 0});
      continue;
    }
    bytes += TreeEstimate::TokenBytes(previous, kind);
    switch (kind) {
      case Tok::kLParen:
      case Tok::kLBracket:
        if (!open.empty()) ++open.back().plain_depth;
        break;
      case Tok::kLBrace:
        bytes += TreeEstimate::kList;
        open.push_back(Items{i + 1, 0, 0});
        break;
      case Tok::kRParen:
      case Tok::kRBracket:
      case Tok::kRBrace:
        if (open.empty()) break;
        if (open.back().plain_depth > 0) {
          --open.back().plain_depth;
        } else {
          const Items& items = open.back();
          (*item_bytes)[items.first_token] =
              static_cast<uint32_t>(std::min<size_t>(items.bytes, UINT32_MAX));
          open.pop_back();
        }
        break;
      default:
        break;
    }
  }
  return top;
}

// Binding strength of a binary operator, loosest 1 (||) to tightest 10 (*).
int Precedence(const Token& t) {
  switch (t.kind) {
    case Tok::kMinus:
    case Tok::kPlus:
      return 9;
    case Tok::kBinary:
      switch (t.op) {
        case Op::kOr:
          return 1;
        case Op::kAnd:
          return 2;
        case Op::kBitOr:
          return 3;
        case Op::kBitXor:
          return 4;
        case Op::kBitAnd:
          return 5;
        case Op::kEqual:
        case Op::kNotEqual:
        case Op::kIs:
        case Op::kIsnt:
          return 6;
        case Op::kLess:
        case Op::kLessEq:
        case Op::kGreater:
        case Op::kGreaterEq:
          return 7;
        case Op::kShiftLeft:
        case Op::kShiftRight:
        case Op::kShiftRightLogical:
          return 8;
        default:
          return 10;  // * / %
      }
    default:
      return 0;
  }
}

// The parser over one text's tokens. Nothing is thrown: every failure
// returns null and the whole parse gives up (the caller then runs ANTLR).
class Parser {
 public:
  // `item_bytes`: EstimateTreeBytesWithItems's estimates of call arguments and
  // list items.
  Parser(std::string_view text, const Tokens& tokens, const ParseOptions& options,
         const std::vector<uint32_t>& item_bytes)
      : text_(text), tokens_(tokens), options_(options), item_bytes_(item_bytes) {}

  // The whole text as one tree built in `builder`, or null.
  ExprPtr Run(TreeBuilder* builder) {
    builder_ = builder;
    const Expr* e = Expression();
    if (e == nullptr || Peek().kind != Tok::kEnd) return nullptr;
    return builder->Finish(e);
  }

 private:
  static ExprPtr View(const Expr* node) { return TreeBuilder::View(node); }
  const Token& Peek() const { return tokens_[at_]; }
  const Token& Take() { return tokens_[at_++]; }
  std::string_view TextOf(const Token& t) const { return text_.substr(t.begin, t.end - t.begin); }

  const Expr* Checked(const Expr* e) const {
    if (e->depth() > static_cast<uint32_t>(options_.limits.max_tree_depth)) return nullptr;
    return e;
  }

  // c ? a : b (right-associative), or a binary expression.
  const Expr* Expression() {
    const Expr* test = Binary(1);
    if (test == nullptr || Peek().kind != Tok::kQuestion) return test;
    Take();
    const Expr* if_true = Expression();
    if (if_true == nullptr || Take().kind != Tok::kColon) return nullptr;
    const Expr* if_false = Expression();
    if (if_false == nullptr) return nullptr;
    return Checked(builder_->Conditional(View(test), View(if_true), View(if_false)));
  }

  // Left-associative binary operators binding at least `min_precedence`.
  const Expr* Binary(int min_precedence) {
    const Expr* left = Unary();
    while (left != nullptr) {
      const Token& t = Peek();
      const int precedence = Precedence(t);
      if (precedence < min_precedence || precedence == 0) break;
      Take();
      const Op op = t.kind == Tok::kMinus ? Op::kSubtract : t.kind == Tok::kPlus ? Op::kAdd : t.op;
      const Expr* right = Binary(precedence + 1);
      if (right == nullptr) return nullptr;
      left = Checked(builder_->Binary(op, View(left), View(right)));
    }
    return left;
  }

  // Prefix operators, then a postfix-level operand.
  const Expr* Unary() {
    const Token& t = Peek();
    Op op;
    switch (t.kind) {
      case Tok::kMinus:
        op = Op::kNegate;
        break;
      case Tok::kPlus:
        op = Op::kPlus;
        break;
      case Tok::kNot:
        op = Op::kNot;
        break;
      case Tok::kTilde:
        op = Op::kBitNot;
        break;
      default:
        return Postfix();
    }
    Take();
    if (op == Op::kNegate) {
      // `-` written right before a number is part of the literal, as
      // HTCondor's lexer makes it one token wherever a prefix `-` may
      // stand: the literal is the primary that `.name`, `[i]` and `?:`
      // then apply to (`-2 ?: x` is `(-2) ?: x`, not `-(2 ?: x)`).
      const Token& number = Peek();
      if ((number.kind == Tok::kInteger || number.kind == Tok::kReal) && number.begin == t.end) {
        Take();
        return PostfixChain(NumberLiteral(number, /*negative=*/true), /*with_elvis=*/true);
      }
    }
    const Expr* operand = Unary();
    if (operand == nullptr) return nullptr;
    return Checked(builder_->Unary(op, View(operand)));
  }

  // A primary followed by `.name`, `[index]` and `?: operand` (all binding
  // tighter than prefix operators; `?:` chains to the left).
  const Expr* Postfix() { return PostfixChain(Primary(), /*with_elvis=*/true); }

  // The right operand of `?:`: what binds tighter than it (a primary with
  // `.name` and `[index]`); null (ANTLR's error) for a prefix operator.
  const Expr* ElvisOperand() {
    switch (Peek().kind) {
      case Tok::kMinus: {
        // HTCondor reads it as a postfix expression: only a `-` glued to a
        // number (one literal in its lexer) may start it; other prefix
        // operators are ANTLR's parse error.
        const Token& minus = Take();
        const Token& number = Peek();
        if ((number.kind != Tok::kInteger && number.kind != Tok::kReal) ||
            number.begin != minus.end) {
          return nullptr;
        }
        Take();
        // The literal is the operand's primary (`a ?: -3[1]` is
        // `a ?: (-3)[1]`); a `?:` after it chains on (to the left, as every
        // `?:` here).
        return PostfixChain(NumberLiteral(number, /*negative=*/true), /*with_elvis=*/false);
      }
      case Tok::kPlus:
      case Tok::kNot:
      case Tok::kTilde:
        return nullptr;
      default:
        return PostfixChain(Primary(), /*with_elvis=*/false);
    }
  }

  // `e` followed by `.name` and `[index]`, and `?: operand` when
  // `with_elvis`.
  const Expr* PostfixChain(const Expr* e, bool with_elvis) {
    while (e != nullptr) {
      const Tok k = Peek().kind;
      if (k == Tok::kDot) {
        Take();
        const Token& name = Take();
        if (name.kind != Tok::kIdentifier) return nullptr;  // keywords, quoted names: ANTLR
        e = Checked(builder_->Select(View(e), TextOf(name)));
      } else if (k == Tok::kLBracket) {
        Take();
        const Expr* index = Expression();
        if (index == nullptr || Take().kind != Tok::kRBracket) return nullptr;
        e = Checked(builder_->Subscript(View(e), View(index)));
      } else if (k == Tok::kElvis && with_elvis) {
        Take();
        const Expr* right = ElvisOperand();
        if (right == nullptr) return nullptr;
        e = Checked(builder_->Elvis(View(e), View(right)));
      } else {
        break;
      }
    }
    return e;
  }

  const Expr* NumberLiteral(const Token& t, bool negative) {
    const std::string_view digits = TextOf(t);
    if (t.kind == Tok::kReal) {
      const double value = ParseRealLiteralText(std::string(digits));
      return builder_->Literal(Value::Real(negative ? -value : value));
    }
    uint64_t magnitude = 0;
    const auto [end, error] =
        std::from_chars(digits.data(), digits.data() + digits.size(), magnitude);
    if (error != std::errc() || end != digits.data() + digits.size()) return nullptr;
    constexpr uint64_t kMax = static_cast<uint64_t>(std::numeric_limits<int64_t>::max());
    if (magnitude > kMax + (negative ? 1 : 0)) return nullptr;  // ANTLR's range error
    if (negative) {
      return builder_->Literal(Value::Integer(magnitude == kMax + 1
                                              ? std::numeric_limits<int64_t>::min()
                                              : -static_cast<int64_t>(magnitude)));
    }
    return builder_->Literal(Value::Integer(static_cast<int64_t>(magnitude)));
  }

  const Expr* Primary() {
    const Token& t = Take();
    switch (t.kind) {
      case Tok::kInteger:
      case Tok::kReal:
        return NumberLiteral(t, false);
      case Tok::kString: {
        // Adjacent strings are one literal; escapes decoded as ANTLR's path
        // decodes them (a NUL escape or a string over the limit: ANTLR).
        const size_t max_bytes = options_.limits.max_string_bytes;
        std::string value;
        if (!AppendDecodedQuoted(TextOf(t).substr(1, t.end - t.begin - 2), max_bytes, &value)) {
          return nullptr;
        }
        while (Peek().kind == Tok::kString) {
          const Token& more = Take();
          if (!AppendDecodedQuoted(TextOf(more).substr(1, more.end - more.begin - 2), max_bytes,
                                   &value)) {
            return nullptr;
          }
        }
        if (value.size() > max_bytes) return nullptr;
        return builder_->Literal(Value::String(std::move(value)));
      }
      case Tok::kTrue:
        return builder_->Literal(Value::Boolean(true));
      case Tok::kFalse:
        return builder_->Literal(Value::Boolean(false));
      case Tok::kUndefined:
        return builder_->Literal(Value::Undefined());
      case Tok::kError:
        return builder_->Literal(Value::Error());
      case Tok::kIdentifier:
        if (Peek().kind == Tok::kLParen) return Call(t);
        return builder_->Attribute(TextOf(t), false);
      case Tok::kLParen: {
        const Expr* inner = Expression();
        if (inner == nullptr || Take().kind != Tok::kRParen) return nullptr;
        return Checked(builder_->Parens(View(inner)));
      }
      case Tok::kLBrace: {
        std::vector<ExprPtr> items;
        if (!Items(Tok::kRBrace, &items)) return nullptr;
        if (items.size() > options_.limits.max_list_items) return nullptr;
        return Checked(builder_->List(std::move(items)));
      }
      default:
        return nullptr;  // nested ads, `.name`, anything else: ANTLR
    }
  }

  const Expr* Call(const Token& name_token) {
    std::string name(TextOf(name_token));
    // absTime("...") and relTime("...") may become time literals: ANTLR.
    if (AttributeNamesEqual(name, "absTime") || AttributeNamesEqual(name, "relTime")) {
      return nullptr;
    }
    Take();  // (
    std::vector<ExprPtr> args;
    if (!Items(Tok::kRParen, &args)) return nullptr;
    const Builtin* builtin = FindBuiltin(name);
    return Checked(builder_->Call(std::move(name), std::move(args), builtin));
  }

  // The comma-separated expressions up to `closer` (the next token is the
  // first of them, or `closer`), and `closer`: call arguments or list
  // items, built in a block of their own (one for them all) and appended
  // to `*items` as owning pointers (tree_builder.h). False on failure.
  bool Items(Tok closer, std::vector<ExprPtr>* items) {
    if (Peek().kind == closer) {
      Take();
      return true;
    }
    TreeBuilder* outer = builder_;
    TreeBuilder inner(at_ < item_bytes_.size() ? item_bytes_[at_] : 0);
    builder_ = &inner;
    bool ok = true;
    while (ok) {
      const Expr* e = Expression();
      if (e == nullptr) {
        ok = false;
        break;
      }
      items->push_back(inner.Share(e));
      if (Peek().kind != Tok::kComma) break;
      Take();
    }
    builder_ = outer;
    return ok && Take().kind == closer;
  }

  std::string_view text_;
  const Tokens& tokens_;
  const ParseOptions& options_;
  const std::vector<uint32_t>& item_bytes_;
  TreeBuilder* builder_ = nullptr;  // where the nodes of the current tree go
  size_t at_ = 0;
};

}  // namespace

std::optional<ExprPtr> FastParseExpression(std::string_view text, const ParseOptions& options) {
  if (text.size() > options.limits.max_input_bytes || text.size() > UINT32_MAX) return std::nullopt;
  Tokens tokens(text.size());
  TreeEstimate estimate;
  if (!Lex(text, &tokens, &estimate)) return std::nullopt;
  if (tokens.size() > options.limits.max_tokens) return std::nullopt;  // as ANTLR counts: EOF too
  if (!NestingWithin(tokens, options.limits.max_nesting_depth)) return std::nullopt;
  std::vector<uint32_t> item_bytes;
  TreeBuilder builder(estimate.has_items() ? EstimateTreeBytesWithItems(tokens, &item_bytes)
                                           : estimate.bytes());
  ExprPtr e = Parser(text, tokens, options, item_bytes).Run(&builder);
  if (e == nullptr) return std::nullopt;
  return e;
}

}  // namespace classad
