// Status and Result<T>: errors returned as values, never thrown across layers.
#ifndef CLASSAD_STATUS_H_
#define CLASSAD_STATUS_H_

#include <optional>
#include <string>
#include <utility>
#include <variant>

namespace classad {

// Where in a text an error was found. Lines and columns count from 1;
// 0 means "unknown". `file` is empty for in-memory text.
struct SourceLocation {
  std::string file;
  int line = 0;
  int column = 0;
};

enum class StatusCode {
  kOk,
  kParseError,      // the text is not valid ClassAd syntax
  kLimitExceeded,   // a documented limit (ParseOptions/EvalOptions) was hit
  kInvalidArgument, // a caller passed something meaningless
  kIoError,         // a file could not be read or written
  kNotFound,
  kUnavailable,        // a resource is busy or unreachable (a database lock, a server); retry later
  kAborted,            // a transaction lost a conflict with another writer; retry it
  kDataLoss,           // stored data is corrupt or unreadable
  kFailedPrecondition, // the state is not one this program can work on (a newer schema)
};

// The outcome of an operation: OK, or a code with a human-readable message
// and, for errors in text, the location. Cheap to copy when OK.
class Status {
 public:
  Status() = default;
  Status(StatusCode code, std::string message, SourceLocation where = {})
      : code_(code), message_(std::move(message)), where_(std::move(where)) {}

  static Status Ok() { return Status(); }

  bool ok() const { return code_ == StatusCode::kOk; }
  StatusCode code() const { return code_; }
  const std::string& message() const { return message_; }
  const SourceLocation& where() const { return where_; }

  // Returns a copy whose location is shifted into a containing text: `line`
  // and `column` give where the inner text started, `file` names the file.
  Status WithOrigin(const std::string& file, int line, int column) const;

  // "file:line:column: message" (parts that are unknown are left out).
  std::string ToString() const;

 private:
  StatusCode code_ = StatusCode::kOk;
  std::string message_;
  SourceLocation where_;
};

// Either a value of type T or a non-OK Status.
template <typename T>
class Result {
 public:
  Result(T value) : value_(std::move(value)) {}           // NOLINT: implicit by design
  Result(Status status) : status_(std::move(status)) {}   // NOLINT: implicit by design

  bool ok() const { return value_.has_value(); }
  const Status& status() const { return status_; }
  T& value() & { return *value_; }
  const T& value() const& { return *value_; }
  T&& value() && { return std::move(*value_); }
  T* operator->() { return &*value_; }
  const T* operator->() const { return &*value_; }
  T& operator*() & { return *value_; }
  const T& operator*() const& { return *value_; }

 private:
  std::optional<T> value_;
  Status status_;
};

}  // namespace classad

#endif  // CLASSAD_STATUS_H_
