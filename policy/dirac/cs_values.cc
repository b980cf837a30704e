// DIRAC's value conversions (cs_values.h).
#include "policy/dirac/cs_values.h"

#include <limits>

#include "policy/text_util.h"

namespace policy::dirac {

ParsedInteger ParseDiracInteger(std::string_view text) {
  text = TrimSpace(text);
  bool negative = false;
  if (!text.empty() && (text.front() == '+' || text.front() == '-')) {
    negative = text.front() == '-';
    text.remove_prefix(1);
  }
  if (text.empty() || !IsAsciiDigit(text.front()) || !IsAsciiDigit(text.back())) return {};
  // Magnitudes up to 2^63 (the most negative int64 has no positive twin).
  constexpr uint64_t kLimit = uint64_t{1} << 63;
  uint64_t magnitude = 0;
  bool overflow = false;
  for (size_t i = 0; i < text.size(); ++i) {
    const char c = text[i];
    if (c == '_') {
      if (!IsAsciiDigit(text[i + 1])) return {};  // "1__0": the last byte is a digit
      continue;
    }
    if (!IsAsciiDigit(c)) return {};
    const uint64_t digit = static_cast<uint64_t>(c - '0');
    if (magnitude > (kLimit - digit) / 10) {
      overflow = true;
    } else {
      magnitude = magnitude * 10 + digit;
    }
  }
  if (overflow || (!negative && magnitude == kLimit)) return {IntegerReading::kOutOfRange, 0};
  const int64_t value = negative ? static_cast<int64_t>(0 - magnitude)
                                 : static_cast<int64_t>(magnitude);
  return {IntegerReading::kInteger, value};
}

bool ParseDiracBoolean(std::string_view text) {
  const std::string lower = LowerAscii(TrimSpace(text));
  return lower == "y" || lower == "yes" || lower == "true" || lower == "1";
}

bool IsDiracBooleanSpelling(std::string_view text) {
  const std::string lower = LowerAscii(TrimSpace(text));
  return ParseDiracBoolean(lower) || lower == "n" || lower == "no" || lower == "false" ||
         lower == "0";
}

std::vector<std::string> SplitDiracList(std::string_view text, char separator) {
  std::vector<std::string> out;
  size_t start = 0;
  while (start <= text.size()) {
    size_t end = text.find(separator, start);
    if (end == std::string_view::npos) end = text.size();
    const std::string_view piece = TrimSpace(text.substr(start, end - start));
    if (!piece.empty()) out.emplace_back(piece);
    start = end + 1;
  }
  return out;
}

}  // namespace policy::dirac
