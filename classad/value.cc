#include "classad/value.h"

#include <cassert>
#include <cmath>
#include <cstring>
#include <new>

#include "classad/classad.h"
#include "classad/scope.h"

namespace classad {

namespace value_internal {

struct ListPayload : Payload {
  ListPayload(std::shared_ptr<const ExprList> l, std::shared_ptr<const Scope> h)
      : Payload(ValueType::kList), list(std::move(l)), home(std::move(h)) {}
  std::shared_ptr<const ExprList> list;
  std::shared_ptr<const Scope> home;
};

struct AdPayload : Payload {
  explicit AdPayload(std::shared_ptr<const Scope> s) : Payload(ValueType::kAd), scope(std::move(s)) {}
  std::shared_ptr<const Scope> scope;
};

}  // namespace value_internal

using value_internal::ExprPayload;
using value_internal::AdPayload;
using value_internal::ListPayload;
using value_internal::StringPayload;

void Value::Release() {
  if (payload_->refs.fetch_sub(1, std::memory_order_acq_rel) != 1) return;
  switch (type_) {
    case ValueType::kString: delete static_cast<StringPayload*>(payload_); return;
    case ValueType::kList: delete static_cast<ListPayload*>(payload_); return;
    case ValueType::kAd: delete static_cast<AdPayload*>(payload_); return;
    default: delete static_cast<ExprPayload*>(payload_); return;  // kHeldExpr
  }
}

Value Value::String(std::string_view s) {
  Value v;
  v.payload_ = StringPayload::Make(s);
  v.type_ = ValueType::kString;
  return v;
}

Value Value::List(std::shared_ptr<const ExprList> list, std::shared_ptr<const Scope> home) {
  Value v;
  v.payload_ = new ListPayload(std::move(list), std::move(home));
  v.type_ = ValueType::kList;
  return v;
}

Value Value::Ad(std::shared_ptr<const Scope> scope) {
  Value v;
  v.payload_ = new AdPayload(std::move(scope));
  v.type_ = ValueType::kAd;
  return v;
}

Value Value::HoldExpr(ExprPtr expr) {
  Value v;
  v.payload_ = new ExprPayload(std::move(expr), kHeldExpr);
  v.type_ = kHeldExpr;
  return v;
}

Value Value::NewAd(std::shared_ptr<const ClassAd> ad) {
  auto scope = std::make_shared<Scope>();
  scope->ad = ad.get();
  scope->keep_alive = std::move(ad);
  return Ad(std::move(scope));
}

std::string Value::take_string() {
  assert(type_ == ValueType::kString);
  std::string out(string());
  *this = Value();
  return out;
}

const ExprList& Value::list() const {
  assert(type_ == ValueType::kList);
  return *static_cast<const ListPayload*>(payload_)->list;
}

const std::shared_ptr<const ExprList>& Value::list_ptr() const {
  assert(type_ == ValueType::kList);
  return static_cast<const ListPayload*>(payload_)->list;
}

const std::shared_ptr<const Scope>& Value::list_home() const {
  assert(type_ == ValueType::kList);
  return static_cast<const ListPayload*>(payload_)->home;
}

const ClassAd& Value::ad() const {
  assert(type_ == ValueType::kAd);
  return *static_cast<const AdPayload*>(payload_)->scope->ad;
}

const std::shared_ptr<const Scope>& Value::ad_scope() const {
  assert(type_ == ValueType::kAd);
  return static_cast<const AdPayload*>(payload_)->scope;
}

bool Value::ToReal(double* out) const {
  switch (type_) {
    case ValueType::kInteger: *out = static_cast<double>(i_); return true;
    case ValueType::kReal:
    case ValueType::kRelTime: *out = r_; return true;
    case ValueType::kBoolean: *out = b_ ? 1.0 : 0.0; return true;
    case ValueType::kAbsTime: *out = static_cast<double>(i_); return true;
    default: return false;
  }
}

bool Value::ToInteger(int64_t* out) const {
  switch (type_) {
    case ValueType::kInteger: *out = i_; return true;
    case ValueType::kBoolean: *out = b_ ? 1 : 0; return true;
    case ValueType::kReal:
    case ValueType::kRelTime:
      if (!std::isfinite(r_) || r_ >= 9.2233720368547758e18 || r_ < -9.2233720368547758e18) return false;
      *out = static_cast<int64_t>(r_);
      return true;
    case ValueType::kAbsTime: *out = i_; return true;
    default: return false;
  }
}

const char* TypeName(ValueType type) {
  switch (type) {
    case ValueType::kUndefined: return "undefined";
    case ValueType::kError: return "error";
    case ValueType::kBoolean: return "boolean";
    case ValueType::kInteger: return "integer";
    case ValueType::kReal: return "real";
    case ValueType::kString: return "string";
    case ValueType::kList: return "list";
    case ValueType::kAd: return "classad";
    case ValueType::kAbsTime: return "absolute time";
    case ValueType::kRelTime: return "relative time";
  }
  return "?";
}

}  // namespace classad
