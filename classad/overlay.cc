// AttributeOverlay (overlay.h).
#include "classad/overlay.h"

#include "classad/classad.h"
#include "classad/expr.h"

namespace classad {

int AttributeOverlay::IndexOf(std::string_view name) const {
  const uint64_t hash = HashAttributeName(name);
  for (size_t i = 0; i < entries_.size(); ++i) {
    if (entries_[i].hash == hash && AttributeNamesEqual(entries_[i].name, name)) {
      return static_cast<int>(i);
    }
  }
  return -1;
}

int AttributeOverlay::Add(std::string_view name) {
  if (const int existing = IndexOf(name); existing >= 0) return existing;
  if (entries_.size() >= kMaxEntries) return -1;
  Entry entry;
  entry.name = std::string(name);
  entry.hash = HashAttributeName(name);
  entries_.push_back(std::move(entry));
  return static_cast<int>(entries_.size() - 1);
}

void AttributeOverlay::Set(int index, Value value) {
  Entry& e = entries_[static_cast<size_t>(index)];
  e.value = std::move(value);
  e.compute = nullptr;
  e.context = nullptr;
  if (!e.present) {
    e.present = true;
    present_mask_ |= MaskBit(e.hash);
  }
}

void AttributeOverlay::Compute(int index, ComputeFn fn, const void* context) {
  Entry& e = entries_[static_cast<size_t>(index)];
  e.value = Value::Undefined();
  e.compute = fn;
  e.context = context;
  if (!e.present) {
    e.present = true;
    present_mask_ |= MaskBit(e.hash);
  }
}

void AttributeOverlay::Clear(int index) {
  Entry& e = entries_[static_cast<size_t>(index)];
  if (!e.present) return;
  e.present = false;
  e.value = Value::Undefined();
  e.compute = nullptr;
  RebuildMask();
}

void AttributeOverlay::ClearAll() {
  for (Entry& e : entries_) {
    e.present = false;
    e.value = Value::Undefined();
    e.compute = nullptr;
  }
  present_mask_ = 0;
}

void AttributeOverlay::RebuildMask() {
  present_mask_ = 0;
  for (const Entry& e : entries_) {
    if (e.present) present_mask_ |= MaskBit(e.hash);
  }
}

const AttributeOverlay::Entry* AttributeOverlay::FindSlow(std::string_view name,
                                                          uint64_t hash) const {
  for (const Entry& e : entries_) {
    if (e.present && e.hash == hash && AttributeNamesEqual(e.name, name)) return &e;
  }
  return nullptr;
}

}  // namespace classad
