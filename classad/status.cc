#include "classad/status.h"

namespace classad {

Status Status::WithOrigin(const std::string& file, int line, int column) const {
  Status shifted = *this;
  shifted.where_.file = file;
  if (where_.line > 0) {
    // Columns only shift on the first line of the inner text.
    shifted.where_.column = where_.line == 1 ? where_.column + column - 1 : where_.column;
    shifted.where_.line = where_.line + line - 1;
  } else {
    shifted.where_.line = line;
    shifted.where_.column = column;
  }
  return shifted;
}

std::string Status::ToString() const {
  if (ok()) return "OK";
  std::string out;
  if (!where_.file.empty()) out += where_.file + ":";
  if (where_.line > 0) {
    out += std::to_string(where_.line) + ":";
    if (where_.column > 0) out += std::to_string(where_.column) + ":";
  }
  if (!out.empty()) out += " ";
  out += message_;
  return out;
}

}  // namespace classad
