// Value: the result of evaluating a ClassAd expression.
#ifndef CLASSAD_VALUE_H_
#define CLASSAD_VALUE_H_

#include <atomic>
#include <bit>
#include <cassert>
#include <cstdint>
#include <cstring>
#include <memory>
#include <new>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

namespace classad {

class ClassAd;
class Expr;
struct Scope;

// Expressions are immutable once built and shared between ads and values.
using ExprPtr = std::shared_ptr<const Expr>;
// The elements of a list, kept as expressions: HTCondor lists hold
// unevaluated expressions, evaluated where an element is used.
using ExprList = std::vector<ExprPtr>;

// The order is Value's: the exceptional types first, then the scalars,
// then the types that hold a shared payload (so that one comparison tells
// each group).
enum class ValueType : uint8_t {
  kUndefined,
  kError,
  kBoolean,
  kInteger,
  kReal,
  kAbsTime,
  kRelTime,
  kString,
  kList,
  kAd,
};

// An absolute time: seconds since the Unix epoch (UTC) and the time zone
// offset, in seconds east of UTC, that it is shown in.
struct AbsTime {
  int64_t seconds = 0;
  int32_t offset = 0;
};

namespace value_internal {
// A reference-counted, immutable payload shared by copies of a Value
// (strings, lists, ads). The count is atomic so that values and the
// expressions holding them can be shared between threads.
// (No virtual destructor: Value::Release deletes each kind by its type, so
// a payload carries no vtable pointer.)
struct Payload {
  explicit Payload(ValueType t) : type(t) {}
  std::atomic<uint32_t> refs{1};
  ValueType type;
};
// A string payload and its characters in one allocation: the characters
// (and a terminating NUL) follow the object.
struct StringPayload : Payload {
  ~StringPayload() = default;
  static StringPayload* Make(std::string_view text) {
    void* memory = ::operator new(sizeof(StringPayload) + text.size() + 1);
    auto* payload = new (memory) StringPayload(text.size());
    char* chars = payload->data();
    if (!text.empty()) std::memcpy(chars, text.data(), text.size());
    chars[text.size()] = '\0';
    return payload;
  }
  // Allocated by Make with its characters: deleted whole.
  static void operator delete(void* memory) { ::operator delete(memory); }

  char* data() { return reinterpret_cast<char*>(this + 1); }
  const char* data() const { return reinterpret_cast<const char*>(this + 1); }
  std::string_view text() const { return std::string_view(data(), size); }
  size_t size;

 private:
  explicit StringPayload(size_t n) : Payload(ValueType::kString), size(n) {}
};
struct ListPayload;
struct AdPayload;
// An expression held by an ad's slot (see Value::HoldExpr).
struct ExprPayload : Payload {
  ExprPayload(ExprPtr e, ValueType held) : Payload(held), expr(std::move(e)) {}
  ExprPtr expr;
};
}  // namespace value_internal

// A ClassAd value in 16 bytes: scalars inline, strings, lists and ads in a
// shared immutable payload (copying a Value is a reference-count increment).
// A Value that refers to an ad (kAd) or to a list taken from an ad borrows
// from the ads being evaluated: it is valid while those ads live.
// Const access is safe from many threads; copies may be used on any thread.
class Value {
 public:
  Value() : type_(ValueType::kUndefined), offset_(0), i_(0) {}
  Value(const Value& other) : type_(other.type_), offset_(other.offset_), i_(other.i_) {
    if (HasPayload()) payload_->refs.fetch_add(1, std::memory_order_relaxed);
  }
  Value(Value&& other) noexcept : type_(other.type_), offset_(other.offset_), i_(other.i_) {
    other.type_ = ValueType::kUndefined;
  }
  Value& operator=(const Value& other) {
    if (this != &other) {
      Value copy(other);
      Swap(copy);
    }
    return *this;
  }
  Value& operator=(Value&& other) noexcept {
    if (this != &other) {
      if (HasPayload()) Release();
      type_ = other.type_;
      offset_ = other.offset_;
      i_ = other.i_;
      other.type_ = ValueType::kUndefined;
    }
    return *this;
  }
  ~Value() {
    if (HasPayload()) Release();
  }

  static Value Undefined() { return Value(); }
  static Value Error() { Value v; v.type_ = ValueType::kError; return v; }
  // Writes the whole word (b_ is its first byte on the little-endian
  // machines we build for), so that moving the value right after reads
  // what was just written without a partial-store stall.
  static Value Boolean(bool b) {
    static_assert(std::endian::native == std::endian::little, "b_ is i_'s low byte");
    Value v;
    v.type_ = ValueType::kBoolean;
    v.i_ = b ? 1 : 0;
    return v;
  }
  static Value Integer(int64_t i) { Value v; v.type_ = ValueType::kInteger; v.i_ = i; return v; }
  static Value Real(double r) { Value v; v.type_ = ValueType::kReal; v.r_ = r; return v; }
  static Value String(std::string_view s);
  static Value RelTime(double seconds) {
    Value v; v.type_ = ValueType::kRelTime; v.r_ = seconds; return v;
  }
  static Value AbsoluteTime(AbsTime t) {
    Value v; v.type_ = ValueType::kAbsTime; v.i_ = t.seconds; v.offset_ = t.offset; return v;
  }
  // A list value. `home` is the scope the list's expressions belong to (the
  // ad holding the list); its elements are evaluated there. Null when the
  // elements need no scope (for example values made by a built-in).
  static Value List(std::shared_ptr<const ExprList> list,
                    std::shared_ptr<const Scope> home = nullptr);
  // An ad value: the ad together with the chain of enclosing scopes that
  // unqualified names inside it resolve through.
  static Value Ad(std::shared_ptr<const Scope> scope);
  // A new, free-standing ad (for example the result of splitTime()).
  static Value NewAd(std::shared_ptr<const ClassAd> ad);

  ValueType type() const { return type_; }
  bool IsUndefined() const { return type_ == ValueType::kUndefined; }
  bool IsError() const { return type_ == ValueType::kError; }
  bool IsBoolean() const { return type_ == ValueType::kBoolean; }
  bool IsInteger() const { return type_ == ValueType::kInteger; }
  bool IsReal() const { return type_ == ValueType::kReal; }
  bool IsNumber() const { return type_ == ValueType::kInteger || type_ == ValueType::kReal; }
  bool IsString() const { return type_ == ValueType::kString; }
  bool IsList() const { return type_ == ValueType::kList; }
  bool IsAd() const { return type_ == ValueType::kAd; }
  bool IsAbsTime() const { return type_ == ValueType::kAbsTime; }
  bool IsRelTime() const { return type_ == ValueType::kRelTime; }
  // Undefined or error: the values every operator propagates.
  bool IsExceptional() const { return type_ <= ValueType::kError; }

  // Accessors: call only when the type matches (checked in debug builds).
  bool boolean() const { return b_; }
  int64_t integer() const { return i_; }
  double real() const { return r_; }
  double reltime() const { return r_; }
  AbsTime abstime() const { return AbsTime{i_, offset_}; }
  // The characters of a string value, stored with a NUL after them (so
  // data() may go where a C string is expected, as the comparison
  // operators do); valid while this value or a copy of it lives.
  std::string_view string() const {
    assert(type_ == ValueType::kString);
    return static_cast<const value_internal::StringPayload*>(payload_)->text();
  }
  // The string, copied out; the value is left undefined.
  std::string take_string();
  const ExprList& list() const;
  const std::shared_ptr<const ExprList>& list_ptr() const;
  // The scope a list's elements are evaluated in, or null (see List()).
  const std::shared_ptr<const Scope>& list_home() const;
  const ClassAd& ad() const;
  const std::shared_ptr<const Scope>& ad_scope() const;

  // Numeric view: integer, real, boolean (0/1), relative time and absolute
  // time (seconds) convert; returns false for every other type.
  bool ToReal(double* out) const;
  // Integer view: integer, boolean, real (truncated), times (truncated).
  bool ToInteger(int64_t* out) const;

 private:
  friend class ClassAd;
  friend class StoredAttr;
  friend class ValueCopier;  // asks whether a payload is shared
  // Ads (classad.h) store each attribute in one Value: the literal itself,
  // or, through this internal type, a shared non-literal expression. Such a
  // Value never leaves ClassAd.
  static constexpr ValueType kHeldExpr = static_cast<ValueType>(0x7f);  // above every type
  static_assert(ValueType::kString < ValueType::kList && ValueType::kList < ValueType::kAd &&
                ValueType::kAd < kHeldExpr && ValueType::kRelTime < ValueType::kString);
  static Value HoldExpr(ExprPtr expr);
  bool holds_expr() const { return type_ == kHeldExpr; }
  const ExprPtr& held_expr() const {
    return static_cast<const value_internal::ExprPayload*>(payload_)->expr;
  }

  // kString, kList, kAd and kHeldExpr (see the order of ValueType).
  bool HasPayload() const { return type_ >= ValueType::kString; }
  void Release();
  void Swap(Value& other) {
    std::swap(type_, other.type_);
    std::swap(offset_, other.offset_);
    std::swap(i_, other.i_);
  }

  ValueType type_;
  int32_t offset_;  // kAbsTime: the zone offset
  union {
    bool b_;
    int64_t i_;  // kInteger; kAbsTime: the seconds
    double r_;
    value_internal::Payload* payload_;
  };
};
static_assert(sizeof(Value) == 16, "Value is meant to stay two words");

// Human-readable name of a type ("integer", "string", ...), for messages.
const char* TypeName(ValueType type);

}  // namespace classad

#endif  // CLASSAD_VALUE_H_
