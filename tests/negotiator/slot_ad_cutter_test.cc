// Slot ads cut to what a pool reads (ad_cutter.h, AdHolding::kCut): what a
// cut slot ad keeps, that a pool reads its slot files again when a job
// comes to read what was cut (keeping its own changes to the slots), and
// when slots are held whole.
#include <gtest/gtest.h>

#include <fstream>
#include <memory>
#include <string>
#include <vector>

#include "classad/evaluator.h"
#include "classad/unparse.h"
#include "negotiator/pool/ad_cutter.h"
#include "negotiator/pool/pool.h"
#include "tests/negotiator/cycle_test_util.h"
#include "tests/policy/config_test_util.h"

namespace negotiator {
namespace {

using policy::testing_util::TempFolder;
using testing_util::Ad;
using testing_util::JobText;
using testing_util::MakePolicy;
using testing_util::ReadPool;
using testing_util::SlotText;

constexpr int64_t kNow = testing_util::kCycleNow;

bool Has(const PoolSlot& slot, const char* name) { return static_cast<bool>(slot.ad->Find(name)); }

std::string StringOf(const PoolSlot& slot, const char* name) {
  std::string out;
  classad::EvaluateAttrString(*slot.ad, name, &out);
  return out;
}

// A slot with what jobs read, what its own expressions read, and much
// that nothing reads (a partitionable slot's lists of its children).
std::string Slot(const std::string& name, const std::string& extra = "") {
  return SlotText(name,
                  "Arch = \"X86_64\"; Unread = \"u\"; Also = 7; ChildCpus = { 1, 2 }; "
                  "Busy = LoadAvg > 1; LoadAvg = 0.5; KeyboardIdle = 600; "
                  "Start = KeyboardIdle > 300; Requirements = START; " +
                      extra);
}

std::vector<std::string> Jobs() {
  return {JobText("alice", 1, 0, "Requirements = TARGET.Arch == \"X86_64\"")};
}

TEST(SlotAdCutterTest, ACutSlotAdKeepsWhatIsRead) {
  TempFolder folder;
  auto policy = MakePolicy("UID_DOMAIN = x\n");
  auto pool = ReadPool(policy, {Slot("slot1@m")}, Jobs(), AdHolding::kCut, folder);
  ASSERT_EQ(pool->slots().size(), 1u);
  const PoolSlot& slot = pool->slots()[0];
  EXPECT_EQ(slot.cut_from, 0u);
  for (const char* kept : {"Name", "State", "StartdIpAddr", "SlotWeight", "Cpus", "Requirements",
                           "Arch",                // a job reads it
                           "Start",               // Requirements reads it
                           "KeyboardIdle",        // and Start reads that
                           "Busy", "LoadAvg"}) {  // every expression, and what it reads
    EXPECT_TRUE(Has(slot, kept)) << kept;
  }
  for (const char* cut : {"Unread", "Also", "ChildCpus"}) EXPECT_FALSE(Has(slot, cut)) << cut;
  EXPECT_TRUE(pool->CheckConsistency().ok());

  auto whole = ReadPool(policy, {Slot("slot1@m")}, Jobs(), AdHolding::kWhole, folder);
  EXPECT_EQ(whole->slots()[0].cut_from, kNoId);
  EXPECT_TRUE(Has(whole->slots()[0], "Unread"));
  EXPECT_TRUE(Has(whole->slots()[0], "ChildCpus"));
}

// Every name the negotiator reads from a slot directly is kept, whatever
// jobs and the policy read.
TEST(SlotAdCutterTest, TheNamesReadDirectlyAreKept) {
  TempFolder folder;
  auto policy = MakePolicy("UID_DOMAIN = x\n");
  std::string extra;
  for (std::string_view name : SlotNamesReadDirectly()) {
    if (name != "Name" && name != "StartdIpAddr" && name != "State" && name != "Activity" &&
        name != "Cpus" && name != "Memory" && name != "SlotWeight" && name != "Requirements" &&
        name != "Rank" && name != "CurrentRank") {
      extra += std::string(name) + " = 1; ";
    }
  }
  auto pool = ReadPool(policy, {SlotText("slot1@m", extra + "Unread = 1")}, Jobs(), AdHolding::kCut,
                       folder);
  ASSERT_EQ(pool->slots().size(), 1u);
  for (std::string_view name : SlotNamesReadDirectly()) {
    EXPECT_TRUE(pool->slots()[0].ad->Find(name)) << name;
  }
  EXPECT_FALSE(Has(pool->slots()[0], "Unread"));
}

// A job that arrives reading what was cut: the slots are completed from
// their file, and what the pool changed in them (a claim, a carved
// dynamic slot) stays as the pool made it.
TEST(SlotAdCutterTest, AJobThatReadsWhatWasCutCompletesTheSlotsAndKeepsThePoolsChanges) {
  TempFolder folder;
  auto policy = MakePolicy("UID_DOMAIN = x\n");
  const std::string partitionable =
      Slot("slot2@m",
           "PartitionableSlot = true; Cpus = 4; Memory = 8192; Disk = 100000; "
           "Requirements = START && TARGET.RequestCpus <= MY.Cpus");
  auto pool = ReadPool(policy, {Slot("slot1@m"), partitionable},
                       {JobText("alice", 1, 0, "Requirements = TARGET.Arch == \"X86_64\""),
                        JobText("alice", 1, 1, "RequestDisk = 10")},
                       AdHolding::kCut, folder);
  ASSERT_EQ(pool->slots().size(), 2u);
  ASSERT_TRUE(pool->ClaimSlot(0, 0, "alice@x", 0, "", kNow).ok());
  ASSERT_TRUE(pool->ClaimSlot(1, 1, "alice@x", 0, "", kNow).ok());
  ASSERT_EQ(pool->slots().size(), 3u);  // slot2_1@m carved
  EXPECT_EQ(pool->slots()[2].cut_from, 1u);
  for (const PoolSlot& slot : pool->slots()) EXPECT_FALSE(Has(slot, "Unread")) << slot.name;

  auto added =
      pool->AddJob(Ad(JobText("bob", 2, 0, "Requirements = TARGET.Unread == \"u\"")), "new job");
  ASSERT_TRUE(added.ok()) << added.status().ToString();
  ASSERT_TRUE(pool->CheckConsistency().ok());
  for (const PoolSlot& slot : pool->slots()) {
    EXPECT_EQ(StringOf(slot, "Unread"), "u") << slot.name;
    EXPECT_FALSE(Has(slot, "Also")) << slot.name;
  }
  EXPECT_EQ(StringOf(pool->slots()[0], "State"), "Claimed");
  EXPECT_EQ(StringOf(pool->slots()[0], "RemoteUser"), "alice@x");
  EXPECT_EQ(pool->slots()[2].name, "slot2_1@m");
  double cpus = 0;
  EXPECT_TRUE(classad::EvaluateAttrNumber(*pool->slots()[1].ad, "Cpus", &cpus));
  EXPECT_EQ(cpus, 3);  // what the carving left, not the file's 4
  EXPECT_TRUE(classad::EvaluateAttrNumber(*pool->slots()[2].ad, "Cpus", &cpus));
  EXPECT_EQ(cpus, 1);

  // The claim ends: the slot is unclaimed, and RemoveJob's release does not
  // bring the file's attributes back over the pool's.
  ASSERT_TRUE(pool->EndClaim(0, ClaimEnd::kJobDone, kNow + 60).ok());
  EXPECT_EQ(StringOf(pool->slots()[0], "State"), "Unclaimed");
  EXPECT_FALSE(Has(pool->slots()[0], "RemoteUser"));
  ASSERT_TRUE(
      pool->AddJob(Ad(JobText("carol", 3, 0, "Requirements = TARGET.Also == 7")), "job").ok());
  EXPECT_TRUE(Has(pool->slots()[0], "Also"));
  EXPECT_FALSE(Has(pool->slots()[0], "RemoteUser"));
  EXPECT_TRUE(pool->CheckConsistency().ok());
}

// A slot file that changed since it was read cannot give back what was
// cut: the job is refused, with an error naming the file, and is refused
// again; a job that reads nothing new is taken.
TEST(SlotAdCutterTest, ASlotFileThatChangedIsAnErrorAndNothingChanges) {
  TempFolder folder;
  auto policy = MakePolicy("UID_DOMAIN = x\n");
  auto pool = ReadPool(policy, {Slot("slot1@m")}, Jobs(), AdHolding::kCut, folder);
  {
    std::ofstream out(folder.path() + "/slots.ads", std::ios::app);
    out << Slot("slot9@m") << "\n";
  }
  const auto job = Ad(JobText("bob", 2, 0, "Requirements = TARGET.Unread == \"u\""));
  auto added = pool->AddJob(job, "new job");
  ASSERT_FALSE(added.ok());
  EXPECT_NE(added.status().message().find("slots.ads"), std::string::npos)
      << added.status().ToString();
  EXPECT_NE(added.status().message().find("changed"), std::string::npos);
  EXPECT_EQ(pool->present_jobs(), 1u);
  EXPECT_FALSE(pool->AddJob(job, "new job").ok());
  EXPECT_EQ(pool->present_jobs(), 1u);
  EXPECT_TRUE(pool->AddJob(Ad(JobText("carol", 3, 0)), "plain job").ok());
  EXPECT_EQ(pool->present_jobs(), 2u);
}

// Jobs read from a file after the slots: the slots are completed with what
// they read (the usual order, slots first, costs one more reading of the
// slot file).
TEST(SlotAdCutterTest, JobsReadAfterTheSlotsCompleteThem) {
  TempFolder folder;
  auto policy = MakePolicy("UID_DOMAIN = x\n");
  auto pool =
      ReadPool(policy, {Slot("slot1@m")},
               {JobText("alice", 1, 0, "Requirements = TARGET.Also > 1")}, AdHolding::kCut, folder);
  EXPECT_TRUE(Has(pool->slots()[0], "Also"));
  EXPECT_FALSE(Has(pool->slots()[0], "Unread"));
}

// Where what is read cannot be told, slots are held whole: a job that
// calls eval(), and NEGOTIATOR_CROSS_SLOT_PRIOS (whose Remote* attributes
// read names made of a slot number).
TEST(SlotAdCutterTest, SlotsAreWholeWhenWhatIsReadCannotBeTold) {
  TempFolder folder;
  auto policy = MakePolicy("UID_DOMAIN = x\n");
  auto pool = ReadPool(policy, {Slot("slot1@m")},
                       {JobText("alice", 1, 0, "Requirements = eval(\"TARGET.Ar\" + \"ch\") == 1")},
                       AdHolding::kCut, folder);
  EXPECT_TRUE(Has(pool->slots()[0], "Unread"));
  EXPECT_TRUE(Has(pool->slots()[0], "ChildCpus"));

  auto cross = MakePolicy("UID_DOMAIN = x\nNEGOTIATOR_CROSS_SLOT_PRIOS = true\n");
  auto held = ReadPool(cross, {Slot("slot1@m")}, Jobs(), AdHolding::kCut, folder);
  EXPECT_TRUE(Has(held->slots()[0], "Unread"));
  EXPECT_TRUE(Has(held->slots()[0], "ChildCpus"));
}

// Every name the pool writes into a slot ad is one a cut keeps: what a cut
// slot ad lacks is never what the pool changed (AdCutter::Widen relies on
// it).
TEST(SlotAdCutterTest, TheNamesThePoolWritesAreKept) {
  TempFolder folder;
  auto policy = MakePolicy("UID_DOMAIN = x\n");
  auto pool = ReadPool(policy,
                       {Slot("slot2@m",
                             "PartitionableSlot = true; Cpus = 4; Memory = 8192; "
                             "Disk = 100000")},
                       {JobText("alice", 1, 0, "RequestDisk = 10")}, AdHolding::kCut, folder);
  const classad::ClassAd before = *pool->slots()[0].ad;
  ASSERT_TRUE(pool->ClaimSlot(0, 0, "alice@x", 0, "", kNow).ok());
  ASSERT_TRUE(pool->EndClaim(1, ClaimEnd::kPreempted, kNow + 1).ok());
  ASSERT_TRUE(pool->ClaimSlot(0, 0, "alice@x", 0, "lim", kNow + 2).ok());
  std::vector<std::string> written;
  for (const PoolSlot& slot : pool->slots()) {
    if (!slot.present) continue;
    for (size_t i = 0; i < slot.ad->size(); ++i) {
      if (!before.Find(slot.ad->name(i))) written.push_back(slot.ad->name(i));
    }
  }
  EXPECT_FALSE(written.empty());
  for (const std::string& name : written) {
    bool kept = false;
    for (std::string_view n : SlotNamesReadDirectly()) kept |= n == name;
    EXPECT_TRUE(kept) << name;
  }
}

// An attribute named like a special name changes what `TARGET.x`
// resolves to in its ad's own expressions (here `TARGET.RequestMemory` in
// the slot's Requirements reads the slot's own `target`, a string): a cut
// keeps it, on both sides, so the significant attributes and the matches
// are those of whole ads. Found by fuzz_negotiator
// (fuzz/regressions/fuzz_negotiator/slot_attribute_named_target).
TEST(SlotAdCutterTest, AttributesNamedLikeSpecialNamesAreKept) {
  TempFolder folder;
  auto policy = MakePolicy("UID_DOMAIN = x\n");
  const std::vector<std::string> slots = {
      SlotText("slot1@m", "target = \"Unclaimed\"; Memory = 8192; "
                          "Requirements = TARGET.RequestMemory <= MY.Memory; "
                          "Rank = ifThenElse(TARGET.Project == \"p1\", 10, 0)"),
      SlotText("slot2@m", "Memory = 4096; Requirements = TARGET.RequestMemory <= MY.Memory")};
  const std::vector<std::string> jobs = {
      JobText("alice", 1, 0, "Project = \"p1\"; My = 3; Requirements = MY.RequestMemory > 0"),
      JobText("bob", 2, 0, "Project = \"p2\"")};
  auto whole = ReadPool(policy, slots, jobs, AdHolding::kWhole, folder);
  auto cut = ReadPool(policy, slots, jobs, AdHolding::kCut, folder);
  EXPECT_TRUE(Has(cut->slots()[0], "target"));
  EXPECT_TRUE(static_cast<bool>(cut->jobs()[0].ad->Find("My")));
  Negotiator a(policy), b(policy);
  Accountant accountant_a(policy), accountant_b(policy);
  accountant_a.Initialize(kNow);
  accountant_b.Initialize(kNow);
  const CycleResult with_whole = testing_util::RunOneCycle(a, *whole, accountant_a);
  const CycleResult with_cut = testing_util::RunOneCycle(b, *cut, accountant_b);
  EXPECT_EQ(with_cut.significant_attributes, with_whole.significant_attributes);
  EXPECT_EQ(testing_util::MatchesBySubmitter(with_cut), testing_util::MatchesBySubmitter(with_whole));
}

// A pool read with two threads keeps copies of the values the reading
// threads parsed (classad/value_copier.h): the same ads, attribute for
// attribute, as read on one thread, shared where they were shared, and
// the same cycle. Some slots read job attributes that are read again.
// Read on two threads, the slot ads are copies in small arenas until
// widening replaces them; an ad that widening leaves as it is leaves its
// arena too, so that the pool holds no ad in those arenas afterwards.
TEST(SlotAdCutterTest, WideningLeavesNoSlotAdInAnArena) {
  TempFolder folder;
  auto policy = MakePolicy("UID_DOMAIN = x\n");
  std::string slot_text;
  for (int i = 0; i < 30; ++i) {
    const std::string n = std::to_string(i);
    // Every third slot has no Speed: widening adds nothing to it.
    slot_text += Slot("slot" + n + "@m" + n, i % 3 == 0 ? "" : "Speed = " + n) + "\n";
  }
  const std::string slots = folder.Write("slots.ads", slot_text);
  const std::string jobs =
      folder.Write("jobs.ads", JobText("alice", 1, 0, "Requirements = TARGET.Speed > 3") + "\n");
  Pool pool(policy, AdHolding::kCut);
  PoolOptions options;
  options.read_threads = 2;
  ASSERT_TRUE(pool.ReadSlots(slots, options).ok());
  for (const PoolSlot& slot : pool.slots()) {
    EXPECT_TRUE(slot.ad->in_arena()) << slot.name;
    EXPECT_FALSE(Has(slot, "Speed")) << slot.name;
  }
  ASSERT_TRUE(pool.ReadJobs(jobs, options).ok());
  for (size_t i = 0; i < pool.slots().size(); ++i) {
    const PoolSlot& slot = pool.slots()[i];
    EXPECT_FALSE(slot.ad->in_arena()) << slot.name;
    EXPECT_EQ(Has(slot, "Speed"), i % 3 != 0) << slot.name;
    EXPECT_TRUE(Has(slot, "Start")) << slot.name;
  }
  // Read on one thread, the ads are the reader's own (no copies, no arena).
  Pool one(policy, AdHolding::kCut);
  ASSERT_TRUE(one.ReadSlots(slots, PoolOptions()).ok());
  EXPECT_FALSE(one.slots()[0].ad->in_arena());
}

TEST(SlotAdCutterTest, ReadingOnTwoThreadsKeepsTheSameAds) {
  TempFolder folder;
  auto policy = MakePolicy("UID_DOMAIN = x\n");
  std::string slot_text, job_text;
  for (int i = 0; i < 40; ++i) {
    const std::string n = std::to_string(i);
    slot_text += Slot("slot" + n + "@m" + n, "Rank = TARGET.Department == \"d" +
                                                 std::to_string(i % 3) + "\"; Speed = " + n +
                                                 ".5; Owner_" + n + " = \"own" + n + "\"") +
                 "\n";
  }
  for (int i = 0; i < 60; ++i) {
    job_text +=
        JobText("user" + std::to_string(i % 4), i + 1, 0,
                "Department = \"d" + std::to_string(i % 3) + "\"; Requirements = TARGET.Speed > " +
                    std::to_string(i % 7) + " && TARGET.Arch == \"X86_64\"; Note = \"n" +
                    std::to_string(i) + "\"") +
        "\n";
  }
  const std::string slots = folder.Write("slots.ads", slot_text);
  const std::string jobs = folder.Write("jobs.ads", job_text);
  auto read = [&](int threads) {
    auto pool = std::make_unique<Pool>(policy, AdHolding::kCut);
    PoolOptions options;
    options.read_threads = threads;
    EXPECT_TRUE(pool->ReadSlots(slots, options).ok());
    EXPECT_TRUE(pool->ReadJobs(jobs, options).ok());
    return pool;
  };
  std::unique_ptr<Pool> one = read(1), two = read(2);
  ASSERT_EQ(one->slots().size(), two->slots().size());
  ASSERT_EQ(one->jobs().size(), two->jobs().size());
  for (size_t i = 0; i < one->slots().size(); ++i) {
    EXPECT_EQ(classad::UnparseAd(*one->slots()[i].ad), classad::UnparseAd(*two->slots()[i].ad));
    EXPECT_TRUE(Has(two->slots()[i], "Department") || !Has(one->slots()[i], "Department"));
  }
  for (size_t i = 0; i < one->jobs().size(); ++i) {
    EXPECT_EQ(classad::UnparseAd(*one->jobs()[i].ad), classad::UnparseAd(*two->jobs()[i].ad));
    // Equal cut job ads are still one object.
    for (size_t j = 0; j < i; ++j) {
      EXPECT_EQ(one->jobs()[i].ad == one->jobs()[j].ad, two->jobs()[i].ad == two->jobs()[j].ad);
    }
  }
  // Expressions shared between slot ads read on one thread are shared
  // when read on two.
  auto same_tree = [](const Pool& pool, size_t i, size_t j, const char* name) {
    const classad::AttrRef a = pool.slots()[i].ad->Find(name);
    const classad::AttrRef b = pool.slots()[j].ad->Find(name);
    return a && b && !a.is_literal() && !b.is_literal() && a.expr_ptr() == b.expr_ptr();
  };
  for (const char* name : {"Rank", "Start", "Busy", "SlotWeight"}) {
    EXPECT_EQ(same_tree(*one, 0, 3, name), same_tree(*two, 0, 3, name)) << name;
  }

  Negotiator a(policy), b(policy);
  Accountant accountant_a(policy), accountant_b(policy);
  accountant_a.Initialize(kNow);
  accountant_b.Initialize(kNow);
  EXPECT_EQ(testing_util::MatchesBySubmitter(testing_util::RunOneCycle(a, *one, accountant_a)),
            testing_util::MatchesBySubmitter(testing_util::RunOneCycle(b, *two, accountant_b)));
}

}  // namespace
}  // namespace negotiator
