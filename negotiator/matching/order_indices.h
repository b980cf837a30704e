// OrderIndices: a list of indices into an ordered array, two bytes each
// while the array has fewer than 65,536 entries, four otherwise. The
// matchmaker's lists of candidates in a shared slot order hold millions of
// such indices in a large pool (a match class's list is most of the slots
// considered), so the narrow form halves their memory.
//
// Not thread-safe (an ordinary container).
#ifndef NEGOTIATOR_MATCHING_ORDER_INDICES_H_
#define NEGOTIATOR_MATCHING_ORDER_INDICES_H_

#include <cstddef>
#include <cstdint>
#include <vector>

namespace negotiator {

class OrderIndices {
 public:
  // Empties the list, for indices into an array of `array_size` entries
  // (each index pushed must be below it).
  void Reset(size_t array_size) {
    narrow_.clear();
    wide_.clear();
    is_wide_ = array_size > UINT16_MAX + size_t{1};
  }
  // Makes room for `n` indices.
  void reserve(size_t n) {
    if (is_wide_) {
      wide_.reserve(n);
    } else {
      narrow_.reserve(n);
    }
  }
  // Appends index `i` (below the array size given to Reset).
  void push_back(uint32_t i) {
    if (is_wide_) {
      wide_.push_back(i);
    } else {
      narrow_.push_back(static_cast<uint16_t>(i));
    }
  }
  // The `k`th index (k < size()).
  uint32_t operator[](size_t k) const { return is_wide_ ? wide_[k] : narrow_[k]; }
  size_t size() const { return is_wide_ ? wide_.size() : narrow_.size(); }
  // Whether indices take four bytes.
  bool wide() const { return is_wide_; }

 private:
  std::vector<uint16_t> narrow_;
  std::vector<uint32_t> wide_;
  bool is_wide_ = false;
};

}  // namespace negotiator

#endif  // NEGOTIATOR_MATCHING_ORDER_INDICES_H_
