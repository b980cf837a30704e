// UTF-8 for the whole project: recognising a valid sequence (shortest
// form, no surrogates, nothing above U+10FFFF) and encoding a code point.
// The parser, the configuration reader, the JSON reader and writer and
// the accountant's name checks all decide validity the same way through
// these. Pure functions; thread-safe.
#ifndef CLASSAD_UTF8_H_
#define CLASSAD_UTF8_H_

#include <cstddef>
#include <cstdint>
#include <string>
#include <string_view>

namespace classad {

// The length (1..4) of the valid UTF-8 sequence that starts `text`, or 0
// when `text` is empty or does not start with one (a stray continuation
// byte, an overlong form, a surrogate, a code point above U+10FFFF, a
// sequence cut short).
size_t Utf8SequenceLength(std::string_view text);

// Whether all of `text` is valid UTF-8.
bool IsValidUtf8(std::string_view text);

// The offset of the first byte of `text` that does not start a valid
// sequence, or std::string_view::npos when all of it is valid UTF-8.
size_t FindInvalidUtf8(std::string_view text);

// Appends the UTF-8 encoding of `code` (at most U+10FFFF) to `*out`.
void AppendUtf8(uint32_t code, std::string* out);

}  // namespace classad

#endif  // CLASSAD_UTF8_H_
