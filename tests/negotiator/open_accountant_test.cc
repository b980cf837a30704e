// OpenAccountant (negotiator/accountant/open_accountant.h): the one way a
// tool opens its accountant: a store, a JSON export, or none.
#include "negotiator/accountant/open_accountant.h"

#include <gtest/gtest.h>
#include <stdlib.h>

#include <string>

#include "tests/negotiator/accountant_test_util.h"
#include "tests/tool_run.h"

namespace negotiator {
namespace {

using testing_util::MakePolicy;

constexpr int64_t kNow = 1700000000;

std::string TempDir() {
  std::string pattern = ::testing::TempDir() + "open_accountant_XXXXXX";
  char* made = mkdtemp(pattern.data());
  EXPECT_NE(made, nullptr);
  return pattern;
}

TEST(OpenAccountantTest, NoneIsAFreshAccountantInMemory) {
  auto opened = OpenAccountant(MakePolicy("GROUP_NAMES = a\n"), {}, {}, kNow);
  ASSERT_TRUE(opened.ok()) << opened.status().ToString();
  EXPECT_EQ(opened->durable(), nullptr);
  EXPECT_EQ(opened->name(), "a fresh accountant");
  // Initialized: a record for every configured group.
  EXPECT_NE(opened->accountant().FindCustomer("a"), nullptr);
  ASSERT_TRUE(opened->Update([](Accountant& a) {
                      a.SetPriorityFactor("u@x", 7);
                      return classad::Status::Ok();
                    }).ok());
  EXPECT_EQ(opened->accountant().FindCustomer("u@x")->priority_factor, 7);
}

TEST(OpenAccountantTest, AJsonExportIsRestoredAndNeverWritten) {
  const std::string file = std::string(CLASSAD_EXAMPLES_DIR) + "/accountant/accountant.json";
  auto opened = OpenAccountant(MakePolicy(""), {.json_file = file},
                               {.write = false, .initialize = false}, kNow);
  ASSERT_TRUE(opened.ok()) << opened.status().ToString();
  EXPECT_EQ(opened->name(), file);
  EXPECT_NE(opened->accountant().FindCustomer("group_physics.hep.alice@pool.example.org"),
            nullptr);
  auto missing = OpenAccountant(MakePolicy(""), {.json_file = "/nonexistent/a.json"}, {}, kNow);
  EXPECT_FALSE(missing.ok());
}

TEST(OpenAccountantTest, AStoreIsCreatedOnlyForWriting) {
  const std::string path = TempDir() + "/acct.db";
  auto policy = MakePolicy("");
  auto reading = OpenAccountant(policy, {.store = path}, {.write = false}, kNow);
  EXPECT_FALSE(reading.ok());  // read-only: never created
  auto writing = OpenAccountant(policy, {.store = path}, {.write = true}, kNow);
  ASSERT_TRUE(writing.ok()) << writing.status().ToString();
  ASSERT_NE(writing->durable(), nullptr);
  ASSERT_TRUE(writing->Update([](Accountant& a) {
                       a.SetPriorityFactor("u@x", 3);
                       return classad::Status::Ok();
                     }).ok());
  auto again = OpenAccountant(policy, {.store = path}, {.write = false, .initialize = false}, kNow);
  ASSERT_TRUE(again.ok()) << again.status().ToString();
  ASSERT_NE(again->accountant().FindCustomer("u@x"), nullptr);
  EXPECT_EQ(again->accountant().FindCustomer("u@x")->priority_factor, 3);
}

TEST(OpenAccountantTest, AReadOnlyStoreIsInitializedInACopy) {
  // What simulate and compare do with --state: the startup steps run, the
  // store is not changed.
  const std::string path = TempDir() + "/acct.db";
  auto policy = MakePolicy("GROUP_NAMES = a\n");
  {
    auto writing = OpenAccountant(policy, {.store = path}, {.write = true, .initialize = false},
                                  kNow);
    ASSERT_TRUE(writing.ok()) << writing.status().ToString();
    ASSERT_TRUE(writing->Update([](Accountant& a) {
                         a.SetPriority("u@x", 10);
                         return classad::Status::Ok();
                       }).ok());
  }
  const std::string bytes = test_tools::Slurp(path);
  auto reading = OpenAccountant(policy, {.store = path}, {.write = false, .initialize = true},
                                kNow + 3600);
  ASSERT_TRUE(reading.ok()) << reading.status().ToString();
  EXPECT_EQ(reading->durable(), nullptr);
  EXPECT_NE(reading->name().find("acct.db"), std::string::npos) << reading->name();
  // Initialized: the group's record made, the priority decayed over the hour.
  EXPECT_NE(reading->accountant().FindCustomer("a"), nullptr);
  EXPECT_LT(reading->accountant().FindCustomer("u@x")->priority, 10);
  EXPECT_EQ(reading->accountant().last_update_time(), kNow + 3600);
  ASSERT_TRUE(reading->Update([](Accountant& a) {
                       a.SetPriority("u@x", 99);
                       return classad::Status::Ok();
                     }).ok());
  EXPECT_EQ(test_tools::Slurp(path), bytes);  // the store untouched
}

TEST(OpenAccountantTest, BothPlacesAtOnceAreRefused) {
  auto opened = OpenAccountant(MakePolicy(""), {.store = "a.db", .json_file = "a.json"}, {}, kNow);
  EXPECT_EQ(opened.status().code(), classad::StatusCode::kInvalidArgument);
}

}  // namespace
}  // namespace negotiator
