// Helpers for the tests of the stored group quota table
// (GroupQuotaRecord): a sample table with awkward doubles, and comparing
// tables field by field, doubles bit for bit.
#ifndef TESTS_NEGOTIATOR_GROUP_QUOTA_RECORD_TEST_UTIL_H_
#define TESTS_NEGOTIATOR_GROUP_QUOTA_RECORD_TEST_UTIL_H_

#include <bit>
#include <cmath>
#include <cstdint>
#include <limits>
#include <string>
#include <vector>

#include "negotiator/accountant/records.h"

namespace negotiator::testing_util {

// A group quota table of three groups, sorted by name, whose doubles do
// not survive a round trip through a short decimal (0.1, 1/3, 1e-300,
// the largest double, infinity).
inline std::vector<GroupQuotaRecord> SampleGroupQuotas(int64_t cycle_time = 1767225600) {
  GroupQuotaRecord none;
  none.name = "<none>";
  none.configured_quota = 0;
  none.subtree_quota = 100.0 / 3;
  none.effective_quota = 0.1;
  none.requested = 7;
  none.surplus = 1e-300;
  none.allocated = 2.5;
  none.usage = 3;
  none.cycle_time = cycle_time;
  GroupQuotaRecord physics;
  physics.name = "group_physics";
  physics.static_quota = true;
  physics.configured_quota = 20;
  physics.subtree_quota = 20;
  physics.effective_quota = 20;
  physics.requested = 25.5;
  physics.surplus = 2.0 / 3;
  physics.allocated = 20.666666666666668;
  physics.usage = 20;
  physics.cycle_time = cycle_time;
  GroupQuotaRecord lep;
  lep.name = "group_physics.lep";
  lep.configured_quota = 0.29;
  lep.subtree_quota = std::numeric_limits<double>::max();
  lep.effective_quota = std::numeric_limits<double>::infinity();
  lep.requested = 0;
  lep.surplus = 0;
  lep.allocated = 5;
  lep.usage = 4.75;
  lep.cycle_time = cycle_time;
  return {none, physics, lep};
}

// Whether two tables are identical, doubles bit for bit; the first
// difference is described in `*why`.
inline bool SameGroupQuotas(const std::vector<GroupQuotaRecord>& a,
                            const std::vector<GroupQuotaRecord>& b, std::string* why) {
  auto bits = [](double x) { return std::bit_cast<uint64_t>(x); };
  if (a.size() != b.size()) {
    *why = "group quota count " + std::to_string(a.size()) + " vs " + std::to_string(b.size());
    return false;
  }
  for (size_t i = 0; i < a.size(); ++i) {
    const GroupQuotaRecord& x = a[i];
    const GroupQuotaRecord& y = b[i];
    if (x.name != y.name || x.static_quota != y.static_quota ||
        bits(x.configured_quota) != bits(y.configured_quota) ||
        bits(x.subtree_quota) != bits(y.subtree_quota) ||
        bits(x.effective_quota) != bits(y.effective_quota) ||
        bits(x.requested) != bits(y.requested) || bits(x.surplus) != bits(y.surplus) ||
        bits(x.allocated) != bits(y.allocated) || bits(x.usage) != bits(y.usage) ||
        x.cycle_time != y.cycle_time) {
      *why = "group quota " + x.name + " / " + y.name;
      return false;
    }
  }
  return true;
}

}  // namespace negotiator::testing_util

#endif  // TESTS_NEGOTIATOR_GROUP_QUOTA_RECORD_TEST_UTIL_H_
