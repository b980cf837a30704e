// Accountant edits (negotiator/accountant/accountant_edit.h): each one
// applied to the records and reported as condor_userprio reports it.
#include "negotiator/accountant/accountant_edit.h"

#include <gtest/gtest.h>

#include <string>

#include "tests/negotiator/accountant_test_util.h"

namespace negotiator {
namespace {

using testing_util::MakePolicy;

constexpr int64_t kNow = 1767225600;

AccountantEdit Edit(AccountantEditKind kind, const std::string& name, double real = 0,
                    int64_t integer = 0) {
  AccountantEdit e;
  e.kind = kind;
  e.name = name;
  e.real = real;
  e.integer = integer;
  return e;
}

TEST(AccountantEditTest, EachEditChangesItsFieldAndSaysSo) {
  Accountant a(MakePolicy("UID_DOMAIN = x\n"));
  a.Initialize(kNow);
  const std::string u = "alice@x";
  struct Case {
    AccountantEdit edit;
    std::string report;
  };
  const Case cases[] = {
      {Edit(AccountantEditKind::kSetPriority, u, 2.5),
       "The priority of alice@x was set to 2.500000"},
      {Edit(AccountantEditKind::kSetFactor, u, 10),
       "The priority factor of alice@x was set to 10.000000"},
      {Edit(AccountantEditKind::kSetFloor, u, 0, 3),
       "The floor of alice@x was set to 3"},
      {Edit(AccountantEditKind::kSetCeiling, u, 0, -1),
       "The ceiling of alice@x was set to -1"},
      {Edit(AccountantEditKind::kSetAccumulatedUsage, u, 7),
       "The Accumulated Usage of alice@x was set to 7.000000"},
      {Edit(AccountantEditKind::kSetBeginUsageTime, u, 0, 100),
       "The Begin Usage Time of alice@x was set to 100"},
      {Edit(AccountantEditKind::kSetLastUsageTime, u, 0, 200),
       "The Last Usage Time of alice@x was set to 200"},
  };
  for (const Case& c : cases) {
    ASSERT_TRUE(ApplyEdit(c.edit, kNow, &a).ok());
    EXPECT_EQ(EditReport(c.edit), c.report);
  }
  const CustomerRecord* r = a.FindCustomer(u);
  ASSERT_NE(r, nullptr);
  EXPECT_EQ(r->priority, 2.5);
  EXPECT_EQ(r->priority_factor, 10);
  EXPECT_EQ(r->floor, 3);
  EXPECT_EQ(r->ceiling, -1);
  EXPECT_EQ(r->weighted_accumulated_usage, 7);
  EXPECT_EQ(r->begin_usage_time, 100);
  EXPECT_EQ(r->last_usage_time, 200);

  const AccountantEdit reset = Edit(AccountantEditKind::kResetUsage, u);
  ASSERT_TRUE(ApplyEdit(reset, kNow + 5, &a).ok());
  EXPECT_EQ(a.FindCustomer(u)->weighted_accumulated_usage, 0);
  EXPECT_EQ(a.FindCustomer(u)->begin_usage_time, kNow + 5);
  EXPECT_EQ(EditReport(reset), "The accumulated usage of alice@x was reset");
  EXPECT_EQ(EditReport(Edit(AccountantEditKind::kResetAllUsage, "")),
            "The accumulated usage was reset for all users");
}

TEST(AccountantEditTest, DeletingARecordThatIsNotThereIsNotFound) {
  Accountant a(MakePolicy("UID_DOMAIN = x\n"));
  a.Initialize(kNow);
  const AccountantEdit del = Edit(AccountantEditKind::kDelete, "bob@x");
  EXPECT_EQ(ApplyEdit(del, kNow, &a).code(), classad::StatusCode::kNotFound);
  ASSERT_TRUE(ApplyEdit(Edit(AccountantEditKind::kSetPriority, "bob@x", 1), kNow, &a).ok());
  ASSERT_TRUE(ApplyEdit(del, kNow, &a).ok());
  EXPECT_EQ(a.FindCustomer("bob@x"), nullptr);
  EXPECT_EQ(EditReport(del), "The accountant record named bob@x was deleted");
}

TEST(AccountantEditTest, ALongNameIsReportedWhole) {
  const std::string name(1000, 'n');
  EXPECT_EQ(EditReport(Edit(AccountantEditKind::kResetUsage, name)),
            "The accumulated usage of " + name + " was reset");
}

}  // namespace
}  // namespace negotiator
