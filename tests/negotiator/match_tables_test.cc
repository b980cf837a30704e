// MatchTables against MatchKernel: on random pools whose Requirements and
// Rank mix clauses, references to the ads' own expressions, names that
// fall through to the other ad, numbers as conditions, undefined and
// loops, the tables must say exactly what the kernel says for every
// (match class, slot) pair.
#include "negotiator/matching/match_tables.h"

#include <gtest/gtest.h>

#include <cmath>
#include <cstdio>
#include <random>
#include <string>
#include <vector>

#include "classad/match.h"
#include "negotiator/autoclusters/autoclusters.h"
#include "negotiator/matching/match_table_cache.h"
#include "negotiator/matching/preemption.h"
#include "negotiator/matching/slot_shapes.h"
#include "tests/negotiator/cycle_test_util.h"

namespace negotiator {
namespace {

using testing_util::MakePolicy;
using testing_util::MakePool;

using Random = testing_util::TestRandom;

// `image_size`: some slots have ImageSize, which jobs read unqualified.
// `every_memory`: every slot has a Memory, of any type (the job clauses
// comparing TARGET.Memory are then split, match_sides.h).
std::string SlotAd(Random& r, int i, bool image_size, bool every_memory) {
  static const std::vector<std::string> kRequirements = {
      "START && WithinLimits",
      "START",
      "true",
      "false",
      "WithinLimits && (KeyboardIdle > 5 || TARGET.Big =?= true)",
      "Helper && START",
      "1 && START",
      "undefined && START",
      "START && TARGET.NotThere",
      "Loop && WithinLimits",
      "RequestCpus <= Cpus && (START)",
      "(START && (WithinLimits)) && MY.Cpus >= 1",
      "ifThenElse(TARGET.Big =?= true, Cpus >= 2, true) && START",
      "START || TARGET.Big"};
  static const std::vector<std::string> kStart = {
      "true",
      "false",
      "KeyboardIdle > 10",
      "TARGET.RequestMemory < 3000",
      "(TARGET.Foo =!= undefined && TARGET.Foo) || KeyboardIdle > 20",
      "2",
      "0",
      "\"yes\"",
      "Owner =!= \"u3\""};
  std::string t = "[ Name = \"slot" + std::to_string(i) +
                  "@m\"; StartdIpAddr = \"<10.0.0.1:9618>\"; State = \"Unclaimed\"; "
                  "Activity = \"Idle\"; CurrentRank = 0.0; SlotWeight = 1";
  t += "; Cpus = " + std::to_string(r.Int(1, 4));
  if (every_memory) {
    t += "; Memory = " + r.Pick({"1024", "2048", "4096", "2048.0", "\"2048\"", "undefined",
                                 "error", "true", "1024 * 2", "Cpus * 1024"});
  } else if (r.Chance(85)) {
    t += "; Memory = " + r.Pick({"1024", "2048", "4096"});
  }
  t += "; Arch = " + r.Pick({"\"X86_64\"", "\"aarch64\""});
  if (r.Chance(60)) t += "; HasX = " + r.Pick({"true", "false", "1"});
  t += "; KFlops = " + std::to_string(r.Int(1, 5) * 100);
  if (r.Chance(80)) t += "; KeyboardIdle = " + std::to_string(r.Int(0, 30));
  // A name jobs read unqualified and may lack: their reading then depends
  // on the slot.
  if (image_size && r.Chance(30)) t += "; ImageSize = 4000000";
  if (r.Chance(90)) t += "; START = " + r.Pick(kStart);
  t += "; WithinLimits = " +
       r.Pick({"TARGET.RequestCpus <= MY.Cpus && TARGET.RequestMemory <= Memory",
               "TARGET.RequestCpus <= Cpus", "true", "Memory >= TARGET.RequestMemory",
               "TARGET.RequestMemory == MY.Memory || TARGET.RequestMemory =?= undefined"});
  t += "; Helper = " + r.Pick({"TARGET.Foo", "TARGET.Foo =?= true", "Foo =!= false"});
  t += "; SlotHelper = " + r.Pick({"TARGET.RequestCpus > 1", "Cpus > 1", "KFlops * 2"});
  t += "; Loop = Loop && true";
  if (r.Chance(90)) {
    t += "; Rank = " +
         r.Pick({"0.0", "ifThenElse(TARGET.RequestMemory >= 4096, 10, 0)",
                 "(TARGET.Owner == \"u2\") * 10", "TARGET.Big =?= true",
                 "KFlops + TARGET.RequestCpus", "JobPrioBoost", "\"x\"", "7", "SlotHelper * 2.5"});
  }
  if (r.Chance(95)) t += "; Requirements = " + r.Pick(kRequirements);
  return t + " ]";
}

std::string JobAd(Random& r, int cluster) {
  static const std::vector<std::string> kRequirements = {
      "TARGET.Memory >= RequestMemory && TARGET.Arch == \"X86_64\"",
      "TARGET.Cpus >= RequestCpus",
      "MyReq && TARGET.Cpus >= 1",
      "TARGET.Memory >= MY.NeedMem",
      "true",
      "2 && TARGET.Cpus",
      "Memory >= 1024 && (KFlops > 200)",
      "TARGET.SlotHelper",
      "(TARGET.Cpus > 1) || Big",
      "false",
      "TARGET.HasX && RequestCpus < 3",
      "undefined",
      "TARGET.Memory >= RequestMemory && TARGET.Memory >= RequestMemory",
      "TARGET.Memory == RequestMemory && RequestCpus <= TARGET.Cpus",
      "(RequestMemory =?= TARGET.Memory) || TARGET.Memory is undefined",
      "TARGET.Memory != RequestMemory",
      "TARGET.Memory =!= RequestMemory && TARGET.Cpus < RequestCpus + 2",
      "RequestMemory < TARGET.Memory"};
  static const std::vector<std::string> kRank = {
      "0",    "TARGET.KFlops",     "TARGET.Memory + RequestMemory", "\"str\"",
      "true", "TARGET.SlotHelper", "KFlops / RequestCpus",          "TARGET.Memory =?= undefined"};
  std::string t = "[ Owner = \"u" + std::to_string(r.Int(1, 3)) +
                  "\"; ClusterId = " + std::to_string(cluster) + "; ProcId = 0; JobStatus = 1";
  t += "; RequestCpus = " + std::to_string(r.Int(1, 3));
  // Expressions that read only the job: tables share them by value.
  t += "; RequestMemory = " +
       r.Pick({"512", "2048", "4096", "ifThenElse(MemUse =!= undefined, MemUse, 2048)", "1024 * 2",
               "ifThenElse(TARGET.Cpus > 2, 4096, 512)", "2048.0", "\"2048\"", "undefined",
               "MemUse", "NotDefinedAnywhere"});
  if (r.Chance(50)) t += "; MemUse = " + r.Pick({"512", "4096", "(ImageSize + 1023) / 1024"});
  if (r.Chance(50)) t += "; ImageSize = " + r.Pick({"1000", "2000", "500000"});
  if (r.Chance(50)) t += "; Foo = " + r.Pick({"true", "false", "3"});
  if (r.Chance(30)) t += "; Big = true";
  if (r.Chance(30)) t += "; JobPrioBoost = " + r.Pick({"3", "RequestCpus * 4", "TARGET.KFlops"});
  t += "; MyReq = " + r.Pick({"TARGET.HasX =?= true", "TARGET.HasX", "RequestCpus == 1"});
  t += "; NeedMem = " + r.Pick({"RequestMemory * 2", "RequestMemory", "TARGET.Cpus * 512"});
  if (r.Chance(95)) t += "; Requirements = " + r.Pick(kRequirements);
  if (r.Chance(85)) t += "; Rank = " + r.Pick(kRank);
  return t + " ]";
}

// Every (class, slot) pair: the tables against the kernel; counts the
// pairs that match and those that do not.
// `*shortcut_tables` counts the tables found with one evaluation or from a
// shared column (match_sides.h).
// Odd seeds read the pool from files, as the tools do, with twins of
// some slots: the slots then share their expressions and twins fall into
// one shape (slot_shapes.h), counted in `*shapes` against `*slots_asked`.
void CheckPool(uint64_t seed, int* matched_pairs, int* unmatched_pairs, size_t* shortcut_tables,
               size_t* shapes, size_t* slots_asked) {
  Random r(seed);
  std::vector<std::string> slots, jobs;
  const int n_slots = r.Int(1, 80);
  for (int i = 0; i < n_slots; ++i) {
    slots.push_back(SlotAd(r, i, seed % 2 == 0, seed % 3 == 0));
    // Read from a file, machines of one kind are alike but for their names.
    if (seed % 2 == 1 && r.Chance(60)) {
      std::string twin = slots.back();
      twin.replace(twin.find("@m\""), 2, "@twin");
      slots.push_back(twin);
    }
  }
  const int n_jobs = r.Int(1, 40);
  for (int i = 0; i < n_jobs; ++i) jobs.push_back(JobAd(r, 100 + i));
  auto policy = MakePolicy("");
  policy::testing_util::TempFolder folder;
  auto pool = seed % 2 == 1 ? testing_util::ReadPool(policy, slots, jobs, AdHolding::kWhole, folder)
                            : MakePool(policy, slots, jobs);
  const Autoclusters autoclusters = BuildAutoclusters(*pool);
  std::vector<uint32_t> positions;
  for (uint32_t s = 0; s < pool->slots().size(); ++s) {
    if (r.Chance(90)) positions.push_back(s);  // a trimmed list, as a cycle has
  }
  classad::EvalOptions options;
  SlotShapes slot_shapes;
  const std::vector<const classad::ClassAd*> distinct = slot_shapes.Distinct(*pool, positions);
  *shapes += distinct.size();
  *slots_asked += positions.size();
  MatchTables tables(*pool, autoclusters, positions, distinct, 2, options);
  ASSERT_TRUE(tables.active()) << "seed " << seed;
  *shortcut_tables += tables.tables_evaluated_once() + tables.tables_from_columns();
  std::vector<uint64_t> bits;
  for (uint32_t c = 0; c < autoclusters.class_representative.size(); ++c) {
    const classad::ClassAd& job = *pool->jobs()[autoclusters.class_representative[c]].ad;
    classad::MatchKernel kernel(&job, options);
    tables.Matching(c, &bits);
    for (size_t p = 0; p < positions.size(); ++p) {
      const classad::ClassAd& slot = *pool->slots()[positions[p]].ad;
      const classad::MatchResult expected = kernel.MatchOne(slot);
      const bool matched = (bits[p / 64] >> (p % 64)) & 1;
      ++*(matched ? matched_pairs : unmatched_pairs);
      ASSERT_EQ(matched, expected.matched)
          << "seed " << seed << " class " << c << " slot " << positions[p] << "\njob "
          << jobs[autoclusters.class_representative[c]] << "\nslot " << slots[positions[p]];
      // The slot's Rank of the job, as the preemption decision compares
      // it: a number, a boolean as 1 or 0, else NaN (compared by
      // evaluating HTCondor's rank conditions).
      const double expected_slot_rank =
          RankForComparison(classad::EvaluateAttr(slot, "Rank", &job, options));
      ASSERT_TRUE(tables.slot_ranks_active()) << "seed " << seed;
      const double slot_rank = tables.SlotRank(c, p);
      ASSERT_TRUE(std::isnan(expected_slot_rank) ? std::isnan(slot_rank)
                                                 : slot_rank == expected_slot_rank)
          << slot_rank << " != " << expected_slot_rank
          << "seed " << seed << "\njob " << jobs[autoclusters.class_representative[c]] << "\nslot "
          << slots[positions[p]];
      if (matched) {
        ASSERT_EQ(tables.JobRank(c, p), expected.rank)
            << "seed " << seed << "\njob " << jobs[autoclusters.class_representative[c]]
            << "\nslot " << slots[positions[p]];
      }
    }
  }
}

TEST(MatchTablesTest, AgreeWithTheKernelOnRandomPools) {
  int matched = 0, unmatched = 0;
  size_t shortcut_tables = 0, shapes = 0, slots_asked = 0;
  for (uint64_t seed = 1; seed <= 300; ++seed) {
    CheckPool(seed, &matched, &unmatched, &shortcut_tables, &shapes, &slots_asked);
    if (HasFatalFailure()) return;
  }
  // Both outcomes are common (the pools are not degenerate), many tables
  // took the shortcuts, and the slots read from files were asked about
  // through far fewer shapes.
  EXPECT_GT(matched, 10000);
  EXPECT_GT(unmatched, 10000);
  EXPECT_GT(shortcut_tables, 1000u);
  EXPECT_LT(shapes, slots_asked * 9 / 10) << shapes << " shapes for " << slots_asked << " slots";
}

// One idle job of user u per RequestMemory in `memories`, each with
// `requirements`.
std::vector<std::string> MemoryJobs(std::initializer_list<const char*> memories,
                                    const std::string& requirements) {
  std::vector<std::string> jobs;
  for (const char* memory : memories) {
    jobs.push_back("[ Owner = \"u\"; ClusterId = " + std::to_string(jobs.size() + 10) +
                   "; ProcId = 0; JobStatus = 1; RequestCpus = 1; RequestMemory = " + memory +
                   "; Requirements = " + requirements + " ]");
  }
  return jobs;
}

// Every slot of `pool`, by position.
std::vector<uint32_t> EveryPosition(const Pool& pool) {
  std::vector<uint32_t> positions;
  for (uint32_t s = 0; s < pool.slots().size(); ++s) positions.push_back(s);
  return positions;
}

TEST(MatchTablesTest, ShareClausesAcrossClasses) {
  // Three classes (memory 512, 2048, 4096) read the Arch clause alike and
  // the memory clause three ways; the slot's two clauses are read alike by
  // all (they read nothing of the job but RequestCpus, which is 1).
  auto policy = MakePolicy("");
  std::vector<std::string> slots, jobs;
  for (int i = 0; i < 10; ++i) {
    slots.push_back(
        "[ Name = \"s" + std::to_string(i) +
        "\"; StartdIpAddr = \"<10.0.0.1:9618>\"; State = \"Unclaimed\"; Cpus = 1; "
        "Arch = \"X86_64\"; Memory = " +
        std::to_string(1024 * (i % 4 + 1)) + "; KeyboardIdle = " + std::to_string(i) +
        "; START = true; WithinLimits = TARGET.RequestCpus <= Cpus && KeyboardIdle > 0; "
        "Requirements = START && WithinLimits ]");
  }
  jobs = MemoryJobs({"512", "2048", "4096"},
                    "TARGET.Arch == \"X86_64\" && TARGET.Memory >= RequestMemory");
  auto pool = MakePool(policy, slots, jobs);
  const Autoclusters autoclusters = BuildAutoclusters(*pool);
  ASSERT_EQ(autoclusters.class_representative.size(), 3u);
  const std::vector<uint32_t> positions = EveryPosition(*pool);
  SlotShapes slot_shapes;
  MatchTables tables(*pool, autoclusters, positions, slot_shapes.Distinct(*pool, positions), 1,
                     classad::EvalOptions{});
  ASSERT_TRUE(tables.active());
  EXPECT_EQ(tables.slot_clause_texts(), 2u);
  EXPECT_EQ(tables.clause_tables(), 1u + 3u + 2u);
  // The memory clause's three tables share the slots' Memory values; the
  // other clauses are read one way each.
  EXPECT_EQ(tables.tables_from_columns(), 3u);
  EXPECT_EQ(tables.tables_evaluated_once(), 0u);
  std::vector<uint64_t> bits;
  tables.Matching(2, &bits);  // 4096 MB: slots 3 and 7; slot 0 has KeyboardIdle 0
  EXPECT_EQ(bits[0], (uint64_t{1} << 3) | (uint64_t{1} << 7));
  tables.Matching(0, &bits);  // 512 MB: every slot but slot 0
  EXPECT_EQ(bits[0], uint64_t{0x3fe});
}

// The keys of the classes' jobs are kept from one cycle to the next while
// the slots' clause texts and shapes stay: the next cycle's tables are the
// same, made without keying the jobs again. A key holding a value read
// with the clock is not kept, and other slot texts forget every key.
TEST(MatchTablesTest, ClassKeysAreKeptWhileTheSlotsStay) {
  auto policy = MakePolicy("");
  auto slot = [](int i, const std::string& requirements) {
    return "[ Name = \"s" + std::to_string(i) +
           "\"; StartdIpAddr = \"<10.0.0.1:9618>\"; State = \"Unclaimed\"; Cpus = 1; "
           "Memory = " + std::to_string(1024 * (i % 4 + 1)) + "; Requirements = " + requirements +
           " ]";
  };
  std::vector<std::string> slots, jobs;
  for (int i = 0; i < 8; ++i) slots.push_back(slot(i, "TARGET.RequestCpus <= Cpus"));
  jobs = MemoryJobs({"512", "2048", "ifThenElse(time() > 0, 4096, 1)"},
                    "TARGET.Memory >= RequestMemory");
  auto pool = MakePool(policy, slots, jobs);
  const Autoclusters autoclusters = BuildAutoclusters(*pool);
  ASSERT_EQ(autoclusters.class_representative.size(), 3u);
  const std::vector<uint32_t> positions = EveryPosition(*pool);
  classad::EvalOptions options;
  options.now = [] { return int64_t{1700000000}; };
  SlotShapes slot_shapes;
  MatchTableCache cache;
  std::vector<std::vector<uint64_t>> first(3);
  for (int cycle = 0; cycle < 3; ++cycle) {
    std::vector<std::shared_ptr<const classad::ClassAd>> owners;
    const std::vector<const classad::ClassAd*> shapes =
        slot_shapes.Distinct(*pool, positions, &owners);
    cache.BeginCycle(*pool, positions, owners);
    MatchTables tables(*pool, autoclusters, positions, shapes, 1, options, &cache);
    ASSERT_TRUE(tables.active());
    EXPECT_EQ(cache.class_keys(), 2u) << cycle;  // not the class whose key read the clock
    EXPECT_EQ(tables.class_keys_from_cache(), cycle == 0 ? 0u : 2u);
    for (uint32_t c = 0; c < 3; ++c) {
      std::vector<uint64_t> bits;
      tables.Matching(c, &bits);
      if (cycle == 0) first[c] = bits;
      EXPECT_EQ(bits, first[c]) << c;
    }
  }
  for (uint32_t c = 0; c < 3; ++c) {
    // 512 MB: every slot; 2048 MB: slots 1-3 and 5-7; 4096 MB: 3 and 7.
    const classad::ClassAd& job = *pool->jobs()[autoclusters.class_representative[c]].ad;
    double memory = 0;
    classad::EvaluateAttrNumber(job, "RequestMemory", &memory, options);
    const uint64_t want = memory <= 1024 ? 0xff : memory <= 2048 ? 0xee : 0x88;
    EXPECT_EQ(first[c][0], want) << c;
  }

  // Another slot text: the keys made against the old ones are forgotten.
  ASSERT_TRUE(pool->ReplaceSlot(0, testing_util::Ad(slot(0, "TARGET.RequestCpus < 2")), 0).ok());
  std::vector<std::shared_ptr<const classad::ClassAd>> owners;
  const std::vector<const classad::ClassAd*> shapes = slot_shapes.Distinct(*pool, positions, &owners);
  cache.BeginCycle(*pool, positions, owners);
  MatchTables again(*pool, autoclusters, positions, shapes, 1, options, &cache);
  ASSERT_TRUE(again.active());
  EXPECT_EQ(again.class_keys_from_cache(), 0u);
  EXPECT_EQ(cache.class_keys(), 2u);  // made again against the new texts
  std::vector<uint64_t> bits;
  again.Matching(0, &bits);
  EXPECT_EQ(bits[0], first[0][0]);

  // Without shapes nothing is kept.
  MatchTableCache unkept;
  unkept.BeginCycle(*pool, positions);
  MatchTables tables(*pool, autoclusters, positions, shapes, 1, options, &unkept);
  EXPECT_TRUE(tables.active());
  EXPECT_EQ(unkept.class_keys(), 0u);
}

TEST(MatchTablesTest, NotBuiltForExpressionsThatReadMoreThanNames) {
  auto policy = MakePolicy("");
  for (const std::string& requirements :
       {std::string("random(10) > 5"), std::string("eval(\"Cpus\") > 0"),
        std::string("TARGET[\"Cpus\"] > 0"), std::string("isUndefined(TARGET)"),
        std::string("[a = Cpus].a > 0")}) {
    auto pool = MakePool(policy, {testing_util::SlotText("s", "Requirements = " + requirements)},
                         {testing_util::JobText("u", 1, 0)});
    const Autoclusters autoclusters = BuildAutoclusters(*pool);
    const std::vector<uint32_t> positions = {0};
    const std::vector<const classad::ClassAd*> shapes = {pool->slots()[0].ad.get()};
    MatchTables tables(*pool, autoclusters, positions, shapes, 1, classad::EvalOptions{});
    EXPECT_FALSE(tables.active()) << requirements;
  }
}

}  // namespace
}  // namespace negotiator
