// ExprPositions (expr_positions.h): a small lexer for the ClassAd grammar
// and a walk of the tree in source order that consumes its tokens.
#include "policy/lint/expr_positions.h"

#include <string>
#include <vector>

#include "policy/text_util.h"

namespace policy::lint {

namespace {

enum class TokenKind { kName, kNumber, kString, kQuotedName, kSymbol };

struct Token {
  TokenKind kind;
  size_t begin, end;
};

// The tokens of `text`; false when it holds something the lexer does not
// know (the parser accepted the text, so this means a disagreement).
bool Tokenize(std::string_view text, std::vector<Token>* tokens) {
  static constexpr std::string_view kSymbols[] = {"=?=", "=!=", ">>>", "==", "!=", "<=", ">=", ">>",
                                                  "<<",  "||",  "&&",  "?:", "|",  "^",  "&",  "+",
                                                  "-",   "*",   "/",   "%",  "!",  "~",  "?",  ":",
                                                  "=",   ".",   ",",   ";",  "(",  ")",  "[",  "]",
                                                  "{",   "}",   "<",   ">"};
  size_t i = 0;
  while (i < text.size()) {
    const char c = text[i];
    if (IsAsciiSpace(c)) {
      ++i;
    } else if (text.substr(i, 2) == "//") {
      while (i < text.size() && text[i] != '\n') ++i;
    } else if (text.substr(i, 2) == "/*") {
      const size_t end = text.find("*/", i + 2);
      if (end == std::string_view::npos) return false;
      i = end + 2;
    } else if (IsAsciiLetter(c) || c == '_') {
      size_t end = i + 1;
      while (end < text.size() && (IsAsciiAlnum(text[end]) || text[end] == '_')) ++end;
      tokens->push_back({TokenKind::kName, i, end});
      i = end;
    } else if (IsAsciiDigit(c) || (c == '.' && i + 1 < text.size() && IsAsciiDigit(text[i + 1]))) {
      size_t end = i;
      while (end < text.size() && (IsAsciiAlnum(text[end]) || text[end] == '.')) {
        // An exponent's sign belongs to the number (1e-5).
        if ((text[end] == 'e' || text[end] == 'E') && end + 1 < text.size() &&
            (text[end + 1] == '+' || text[end + 1] == '-')) {
          ++end;
        }
        ++end;
      }
      tokens->push_back({TokenKind::kNumber, i, end});
      i = end;
    } else if (c == '"' || c == '\'') {
      size_t end = i + 1;
      while (end < text.size() && text[end] != c) end += text[end] == '\\' ? 2 : 1;
      if (end >= text.size()) return false;
      tokens->push_back({c == '"' ? TokenKind::kString : TokenKind::kQuotedName, i, end + 1});
      i = end + 1;
    } else {
      bool matched = false;
      for (std::string_view symbol : kSymbols) {
        if (text.substr(i, symbol.size()) == symbol) {
          tokens->push_back({TokenKind::kSymbol, i, i + symbol.size()});
          i += symbol.size();
          matched = true;
          break;
        }
      }
      if (!matched) return false;
    }
  }
  return true;
}

// Follows a tree along the tokens, recording where each node starts.
class Walker {
 public:
  Walker(std::string_view text, const std::vector<Token>& tokens,
         std::unordered_map<const classad::Expr*, std::pair<size_t, size_t>>* places)
      : text_(text), tokens_(tokens), places_(places) {}

  bool Walk(const classad::Expr& e);
  bool AtEnd() const { return next_ == tokens_.size(); }

 private:
  std::string_view Text(size_t i) const {
    return text_.substr(tokens_[i].begin, tokens_[i].end - tokens_[i].begin);
  }
  bool Is(std::string_view symbol, size_t ahead = 0) const {
    const size_t i = next_ + ahead;
    return i < tokens_.size() && tokens_[i].kind == TokenKind::kSymbol && Text(i) == symbol;
  }
  bool IsKind(TokenKind kind, size_t ahead = 0) const {
    return next_ + ahead < tokens_.size() && tokens_[next_ + ahead].kind == kind;
  }
  bool Expect(std::string_view symbol) {
    if (!Is(symbol)) return false;
    ++next_;
    return true;
  }
  // A name token (or a quoted name); its offset in `at`.
  bool ExpectName(size_t* at) {
    if (!IsKind(TokenKind::kName) && !IsKind(TokenKind::kQuotedName)) return false;
    *at = tokens_[next_++].begin;
    return true;
  }
  // Skips a bracketed group starting at the next token (`open`).
  bool SkipGroup(std::string_view open, std::string_view close) {
    if (!Expect(open)) return false;
    int depth = 1;
    while (next_ < tokens_.size() && depth > 0) {
      if (Is(open)) ++depth;
      if (Is(close)) --depth;
      ++next_;
    }
    return depth == 0;
  }
  bool Literal(const classad::Expr& e);
  bool Arguments(const classad::Expr& e, std::string_view open, std::string_view close);

  std::string_view text_;
  const std::vector<Token>& tokens_;
  std::unordered_map<const classad::Expr*, std::pair<size_t, size_t>>* places_;
  size_t next_ = 0;
};

bool Walker::Literal(const classad::Expr& e) {
  const classad::Value& v = e.literal();
  if (IsKind(TokenKind::kString)) {
    if (!v.IsString()) return false;
    while (IsKind(TokenKind::kString)) ++next_;  // "a" "b" is one literal
    return true;
  }
  if (Is("-") && IsKind(TokenKind::kNumber, 1)) {  // -5 is one literal
    next_ += 2;
    return true;
  }
  if (IsKind(TokenKind::kNumber)) {
    ++next_;
    return true;
  }
  if (IsKind(TokenKind::kName)) {
    const std::string_view word = Text(next_);
    if (EqualsNoCase(word, "true") || EqualsNoCase(word, "false") ||
        EqualsNoCase(word, "undefined") || EqualsNoCase(word, "error")) {
      ++next_;
      return true;
    }
    // absTime("...") and relTime("...") became time literals.
    if ((EqualsNoCase(word, "absTime") || EqualsNoCase(word, "relTime")) && Is("(", 1)) {
      ++next_;
      return SkipGroup("(", ")");
    }
  }
  return false;
}

bool Walker::Arguments(const classad::Expr& e, std::string_view open, std::string_view close) {
  if (!Expect(open)) return false;
  const auto& children = e.children();
  for (size_t i = 0; i < children.size(); ++i) {
    if (i > 0 && !Expect(",") && !Expect(";")) return false;
    if (children[i] == nullptr || !Walk(*children[i])) return false;
  }
  return Expect(close);
}

bool Walker::Walk(const classad::Expr& e) {
  if (next_ >= tokens_.size()) return false;
  const size_t begin = tokens_[next_].begin;
  size_t name = begin;
  bool ok = false;
  switch (e.kind()) {
    case classad::ExprKind::kLiteral:
      ok = Literal(e);
      break;
    case classad::ExprKind::kAttribute:
      ok = (!e.absolute() || Expect(".")) && ExpectName(&name);
      break;
    case classad::ExprKind::kSelect:
      ok = Walk(e.child(0)) && Expect(".") && ExpectName(&name);
      break;
    case classad::ExprKind::kSubscript:
      ok = Walk(e.child(0)) && Expect("[") && Walk(e.child(1)) && Expect("]");
      break;
    case classad::ExprKind::kUnary:
      ok = (Expect("-") || Expect("+") || Expect("!") || Expect("~")) && Walk(e.child(0));
      break;
    case classad::ExprKind::kBinary: {
      if (!Walk(e.child(0)) || next_ >= tokens_.size()) break;
      // The operator as written: its spelling, or =?= / =!= for is / isnt.
      const std::string_view op = Text(next_);
      const std::string_view spelling = classad::OpSpelling(e.op());
      const bool is = e.op() == classad::Op::kIs, isnt = e.op() == classad::Op::kIsnt;
      if (!EqualsNoCase(op, spelling) && !(is && op == "=?=") && !(isnt && op == "=!=")) break;
      ++next_;
      ok = Walk(e.child(1));
      break;
    }
    case classad::ExprKind::kConditional:
      ok = Walk(e.child(0)) && Expect("?") && Walk(e.child(1)) && Expect(":") && Walk(e.child(2));
      break;
    case classad::ExprKind::kElvis:
      ok = Walk(e.child(0)) && (Expect("?:") || (Expect("?") && Expect(":"))) && Walk(e.child(1));
      break;
    case classad::ExprKind::kCall:
      ok = ExpectName(&name) && Arguments(e, "(", ")");
      break;
    case classad::ExprKind::kList:
      ok = Arguments(e, "{", "}");
      break;
    case classad::ExprKind::kAd:
      ok = SkipGroup("[", "]");
      break;
    case classad::ExprKind::kParens: {
      // Written parentheses, or ones the parser added around a `c ? : d`
      // operand (not in the text): try the first, then the second.
      const size_t saved = next_;
      if (Expect("(") && Walk(e.child(0)) && Expect(")")) {
        ok = true;
        break;
      }
      next_ = saved;
      ok = Walk(e.child(0));
      break;
    }
  }
  if (ok) (*places_)[&e] = {begin, name};
  return ok;
}

}  // namespace

ExprPositions ExprPositions::Compute(std::string_view text, const classad::Expr& expr) {
  ExprPositions out;
  std::vector<Token> tokens;
  if (!Tokenize(text, &tokens)) return out;
  std::unordered_map<const classad::Expr*, std::pair<size_t, size_t>> places;
  Walker walker(text, tokens, &places);
  if (!walker.Walk(expr) || !walker.AtEnd()) return out;
  out.places_.reserve(places.size());
  for (const auto& [node, place] : places) out.places_[node] = {place.first, place.second};
  out.complete_ = true;
  return out;
}

std::optional<size_t> ExprPositions::Begin(const classad::Expr& node) const {
  auto it = places_.find(&node);
  if (it == places_.end()) return std::nullopt;
  return it->second.begin;
}

std::optional<size_t> ExprPositions::NameAt(const classad::Expr& node) const {
  auto it = places_.find(&node);
  if (it == places_.end()) return std::nullopt;
  return it->second.name;
}

}  // namespace policy::lint
