#include "classad/scope.h"

namespace classad {

const Scope* Scope::TopLevel() const {
  const Scope* s = this;
  while (s->parent) s = s->parent.get();
  return s;
}

std::shared_ptr<const Scope> BorrowScope(const Scope* scope) {
  // Aliasing constructor with an empty owner: no reference count at all.
  return std::shared_ptr<const Scope>(std::shared_ptr<const Scope>(), scope);
}

}  // namespace classad
