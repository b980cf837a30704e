#include "classad/value.h"

#include <cassert>
#include <cmath>

#include "classad/classad.h"
#include "classad/scope.h"

namespace classad {

Value Value::List(std::shared_ptr<const ExprList> list) {
  Value v;
  v.type_ = ValueType::kList;
  v.list_ = std::move(list);
  return v;
}

Value Value::Ad(std::shared_ptr<const Scope> scope) {
  Value v;
  v.type_ = ValueType::kAd;
  v.scope_ = std::move(scope);
  return v;
}

Value Value::NewAd(std::shared_ptr<const ClassAd> ad) {
  auto scope = std::make_shared<Scope>();
  scope->ad = ad.get();
  scope->keep_alive = std::move(ad);
  return Ad(std::move(scope));
}

const ExprList& Value::list() const {
  assert(type_ == ValueType::kList);
  return *list_;
}

const std::shared_ptr<const ExprList>& Value::list_ptr() const { return list_; }

const ClassAd& Value::ad() const {
  assert(type_ == ValueType::kAd);
  return *scope_->ad;
}

const std::shared_ptr<const Scope>& Value::ad_scope() const { return scope_; }

bool Value::ToReal(double* out) const {
  switch (type_) {
    case ValueType::kInteger: *out = static_cast<double>(i_); return true;
    case ValueType::kReal:
    case ValueType::kRelTime: *out = r_; return true;
    case ValueType::kBoolean: *out = b_ ? 1.0 : 0.0; return true;
    case ValueType::kAbsTime: *out = static_cast<double>(t_.seconds); return true;
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
    case ValueType::kAbsTime: *out = t_.seconds; return true;
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
