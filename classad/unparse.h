// The canonical unparser: expressions and values back to new-syntax text,
// byte for byte as HTCondor's ClassAdUnParser writes them.
#ifndef CLASSAD_UNPARSE_H_
#define CLASSAD_UNPARSE_H_

#include <string>
#include <string_view>

#include "classad/classad.h"
#include "classad/expr.h"
#include "classad/value.h"

namespace classad {

// Appends the canonical form of `expr` (parentheses as written, one space
// around binary operators, ` -x` for unary operators, `is`/`isnt`).
void UnparseTo(const Expr& expr, std::string* out);
std::string Unparse(const Expr& expr);

// Appends `expr` as HTCondor's PrettyPrint unparser writes it (what its
// unparse() built-in returns): the canonical form, except that every ad and
// list opens on a new line indented by 4 (ads) or 3 (lists) more than the
// enclosing one, with one attribute or item per line.
void UnparsePrettyTo(const Expr& expr, std::string* out);

// Appends a value as one line: literals in canonical form, lists and ads
// with their elements unparsed as expressions.
void UnparseValueTo(const Value& value, std::string* out);
std::string UnparseValue(const Value& value);

// Appends `[ a = 1; b = 2 ]` (attributes by name length, then
// case-insensitively by name; `[  ]` when empty).
void UnparseAdTo(const ClassAd& ad, std::string* out);
std::string UnparseAd(const ClassAd& ad);

// Attributes of `ad` in the order the unparser prints them.
std::vector<Attribute> AttributesInPrintOrder(const ClassAd& ad);

// A real as HTCondor prints it: %1.15E, `0.0`/`-0.0` for zeros,
// real("NaN"), real("INF"), real("-INF").
void AppendReal(double value, std::string* out);

// A string literal with its quotes: \a \b \f \n \r \t \v \\ and the quote
// escaped, other non-printable bytes (and every byte >= 0x80) as \ooo.
void AppendQuotedString(std::string_view text, char quote, std::string* out);

// Whether `name` lexes as a bare identifier: [A-Za-z_][A-Za-z0-9_]*.
bool IsIdentifierName(std::string_view name);

// Whether `name` is a reserved word that must be quoted where it stands for
// an attribute: error, false, is, isnt, parent, true, undefined (any case).
bool IsReservedName(std::string_view name);

// An attribute name: bare when it is an identifier and not a reserved word,
// otherwise in single quotes with escapes.
void AppendAttributeName(std::string_view name, std::string* out);

}  // namespace classad

#endif  // CLASSAD_UNPARSE_H_
