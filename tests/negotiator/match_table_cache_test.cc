// MatchTableCache: match tables built with the results kept from earlier
// cycles equal tables evaluated afresh, cycle after cycle, while slots
// change, come and go, jobs arrive and leave, the clock advances (slots
// and jobs read CurrentTime) and evaluations go through HTCondor quirks
// (which each cycle must still note).
#include "negotiator/matching/match_table_cache.h"

#include <gtest/gtest.h>

#include <cstdint>
#include <random>
#include <string>
#include <vector>

#include "classad/quirks.h"
#include "negotiator/autoclusters/autoclusters.h"
#include "negotiator/matching/match_tables.h"
#include "negotiator/matching/slot_shapes.h"
#include "tests/negotiator/accountant_test_util.h"
#include "tests/negotiator/cycle_test_util.h"

namespace negotiator {
namespace {

using testing_util::Ad;

using Random = testing_util::TestRandom;

// A slot `name` whose START may read the clock or go through a quirk
// (pow() of integers through a double).
std::string SlotAd(Random& r, const std::string& name, int64_t now) {
  std::string t = "[ Name = \"" + name +
                  "\"; StartdIpAddr = \"<10.0.0.1:9618>\"; State = \"Unclaimed\"; "
                  "Activity = \"Idle\"; CurrentRank = 0.0";
  t += "; Cpus = " + std::to_string(r.Int(1, 4));
  t += "; Memory = " + r.Pick({"1024", "2048", "4096", "8192"});
  t += "; KeyboardIdle = " + std::to_string(r.Int(0, 30));
  t += "; EnteredCurrentState = " + std::to_string(now - r.Int(0, 900));
  t += "; START = " + r.Pick({"true", "KeyboardIdle > 5", "CurrentTime - EnteredCurrentState > 300",
                              "TARGET.RequestMemory <= Memory",
                              "pow(Cpus, 38) > 0 || KeyboardIdle > 10"});
  t += "; Requirements = " + r.Pick({"START", "START && TARGET.RequestCpus <= Cpus", "true"});
  t += "; Rank = " + r.Pick({"0", "TARGET.JobPrio", "Memory"});
  return t + " ]";
}

std::string JobAd(Random& r, int cluster) {
  std::string t = "[ Owner = \"u" + std::to_string(r.Int(1, 3)) +
                  "\"; ClusterId = " + std::to_string(cluster) + "; ProcId = 0; JobStatus = 1";
  t += "; RequestCpus = " + std::to_string(r.Int(1, 3));
  t += "; RequestMemory = " + r.Pick({"1024", "2048", "4096"});
  t += "; JobPrio = " + std::to_string(r.Int(0, 2));
  t += "; Requirements = " + r.Pick({"TARGET.Memory >= RequestMemory",
                                     "TARGET.Cpus >= RequestCpus && TARGET.Memory >= RequestMemory",
                                     "true", "TARGET.KeyboardIdle > 3",
                                     "TARGET.Memory >= RequestMemory && CurrentTime % 120 < 60",
                                     "TARGET.Memory - CurrentTime % 3000 >= RequestMemory"});
  t += "; Rank = " + r.Pick({"TARGET.Memory", "0", "TARGET.Cpus + (CurrentTime % 7)"});
  return t + " ]";
}

// Drives one pool through `rounds` cycles of changes; after each, the
// tables built with `cache` must equal tables evaluated afresh, quirk
// notes included. Counts the results the cache gave in `*reused`.
void DrivePool(uint64_t seed, int rounds, size_t* reused) {
  Random r(seed);
  int64_t now = testing_util::kCycleNow;
  std::vector<std::string> slots, jobs;
  const int n_slots = r.Int(5, 40);
  for (int i = 0; i < n_slots; ++i) slots.push_back(SlotAd(r, "slot" + std::to_string(i), now));
  int next_cluster = 100;
  for (int i = r.Int(1, 25); i > 0; --i) jobs.push_back(JobAd(r, next_cluster++));
  auto pool = testing_util::MakePool(testing_util::MakePolicy(""), slots, jobs);
  MatchTableCache cache;
  SlotShapes shapes;
  for (int round = 0; round < rounds; ++round) {
    if (round > 0) {
      now += r.Pick({"60", "60", "240"}) == "240" ? 240 : 60;
      // Slots change (a new ad), leave and come; jobs leave and arrive.
      for (SlotId s = 0; s < pool->slots().size(); ++s) {
        if (!pool->slots()[s].present || !r.Chance(15)) continue;
        ASSERT_TRUE(pool->ReplaceSlot(s, Ad(SlotAd(r, pool->slots()[s].name, now)), now).ok());
      }
      if (r.Chance(40) && pool->present_slots() > 1) {
        const SlotId gone = static_cast<SlotId>(r.Int(0, static_cast<int>(pool->slots().size()) - 1));
        if (pool->slots()[gone].present) {
          ASSERT_TRUE(pool->RemoveSlot(gone, now).ok());
        }
      }
      if (r.Chance(40)) {
        ASSERT_TRUE(pool->AddSlot(Ad(SlotAd(r, "new" + std::to_string(round), now)), "new").ok());
      }
      for (JobId j = 0; j < pool->jobs().size(); ++j) {
        if (pool->jobs()[j].present && r.Chance(10)) {
          ASSERT_TRUE(pool->RemoveJob(j, now).ok());
        }
      }
      for (int i = r.Int(0, 3); i > 0; --i) {
        ASSERT_TRUE(pool->AddJob(Ad(JobAd(r, next_cluster++)), "job").ok());
      }
    }
    const Autoclusters autoclusters = BuildAutoclusters(*pool);
    std::vector<uint32_t> positions;
    for (uint32_t s = 0; s < pool->slots().size(); ++s) {
      if (pool->slots()[s].present && r.Chance(90)) positions.push_back(s);
    }
    shapes.Prune(*pool);
    const std::vector<const classad::ClassAd*> distinct = shapes.Distinct(*pool, positions);
    classad::QuirkNotes cached_notes, fresh_notes;
    classad::EvalOptions cached_options, fresh_options;
    cached_options.now = fresh_options.now = [now] { return now; };
    cached_options.quirk_notes = &cached_notes;
    fresh_options.quirk_notes = &fresh_notes;
    cache.BeginCycle(*pool, positions);
    MatchTables cached(*pool, autoclusters, positions, distinct, 2, cached_options, &cache);
    MatchTables fresh(*pool, autoclusters, positions, distinct, 2, fresh_options);
    ASSERT_EQ(cached.active(), fresh.active());
    ASSERT_TRUE(fresh.active()) << "seed " << seed;
    *reused += cached.results_from_cache();
    std::vector<uint64_t> a, b;
    for (uint32_t c = 0; c < autoclusters.class_representative.size(); ++c) {
      cached.Matching(c, &a);
      fresh.Matching(c, &b);
      ASSERT_EQ(a, b) << "seed " << seed << " round " << round << " class " << c;
      for (size_t p = 0; p < positions.size(); ++p) {
        ASSERT_EQ(cached.JobRank(c, p), fresh.JobRank(c, p))
            << "seed " << seed << " round " << round << " class " << c << " position " << p;
      }
    }
    ASSERT_EQ(cached_notes.List(), fresh_notes.List()) << "seed " << seed << " round " << round;
  }
}

TEST(MatchTableCacheTest, CachedTablesEqualFreshOnesThroughChangesTheClockAndQuirks) {
  size_t reused = 0;
  for (uint64_t seed = 1; seed <= 60; ++seed) {
    DrivePool(seed, 10, &reused);
    if (HasFatalFailure()) return;
  }
  EXPECT_GT(reused, 10000u);  // the cache did serve
}

TEST(MatchTableCacheTest, RowsAreDroppedWhenLongNotAskedForAndSlotsThatLeftKeepNoAd) {
  auto pool = testing_util::MakePool(testing_util::MakePolicy(""),
                                     {testing_util::SlotText("slot1"), testing_util::SlotText("slot2")},
                                     {});
  MatchTableCache cache;
  const std::vector<uint32_t> both = {0, 1};
  cache.BeginCycle(*pool, both);
  EXPECT_EQ(cache.changed_slots(), 2u);
  MatchTableCache::Row* row = cache.RowFor("Jtrue", MatchTableCache::Holds::kBits);
  row->SetBit(0, true);
  cache.Filled(row, /*kept=*/true);
  EXPECT_TRUE(cache.Fresh(*row, 0));
  EXPECT_FALSE(cache.Fresh(*row, 1));  // never filled
  cache.BeginCycle(*pool, both);
  EXPECT_EQ(cache.changed_slots(), 0u);
  ASSERT_EQ(cache.rows(), 1u);
  // Slot 1 leaves; slot 0 gets a new ad: its result is stale.
  const std::weak_ptr<const classad::ClassAd> gone = pool->slots()[1].ad;
  ASSERT_TRUE(pool->RemoveSlot(1, testing_util::kCycleNow).ok());
  ASSERT_TRUE(
      pool->ReplaceSlot(0, Ad(testing_util::SlotText("slot1", "Extra = 1")), testing_util::kCycleNow)
          .ok());
  cache.BeginCycle(*pool, std::vector<uint32_t>{0});
  EXPECT_EQ(cache.changed_slots(), 1u);
  EXPECT_TRUE(gone.expired());
  // Not asked for this cycle, the row stays a while (its jobs may come
  // back), with slot 0's result stale.
  ASSERT_EQ(cache.rows(), 1u);
  row = cache.RowFor("Jtrue", MatchTableCache::Holds::kBits);
  EXPECT_FALSE(cache.Fresh(*row, 0));
  row->SetBit(0, false);
  cache.Filled(row, /*kept=*/true);
  // ... and goes when nobody asked for it in kUnusedCyclesKept cycles.
  for (uint64_t c = 0; c < MatchTableCache::kUnusedCyclesKept; ++c) {
    cache.BeginCycle(*pool, std::vector<uint32_t>{0});
    ASSERT_EQ(cache.rows(), 1u) << c;
  }
  cache.BeginCycle(*pool, std::vector<uint32_t>{0});
  EXPECT_EQ(cache.rows(), 0u);
  row = cache.RowFor("Jtrue", MatchTableCache::Holds::kBits);
  EXPECT_FALSE(cache.Fresh(*row, 0));
  // A row whose evaluations read the clock is not trusted at the next cycle.
  row->SetBit(0, true);
  cache.Filled(row, /*kept=*/false);
  cache.BeginCycle(*pool, std::vector<uint32_t>{0});
  EXPECT_EQ(cache.rows(), 0u);
}

// What a matchmaker reads from a slot's ad is kept while the ad is the
// same object, and forgotten when the slot gets another ad or leaves; the
// numbers of texts stay the same between cycles.
TEST(MatchTableCacheTest, SlotReadingsLastAsLongAsTheSlotsAd) {
  int64_t now = testing_util::kCycleNow;
  Random r(3);
  std::vector<std::string> slots = {SlotAd(r, "a", now), SlotAd(r, "b", now)};
  auto pool = testing_util::MakePool(testing_util::MakePolicy(""), slots, {});
  MatchTableCache cache;
  const std::vector<uint32_t> both = {0, 1};
  cache.BeginCycle(*pool, both);
  const uint32_t alice = cache.Number("alice");
  EXPECT_NE(cache.Number("bob"), alice);
  for (uint32_t s : both) {
    MatchTableCache::SlotReadings& readings = cache.ReadingsOf(s);
    EXPECT_FALSE(readings.rank_read);
    readings.rank_read = true;
    readings.current_rank_kept = true;
    readings.current_rank = 7;
  }
  cache.BeginCycle(*pool, both);
  EXPECT_EQ(cache.Number("alice"), alice);
  EXPECT_TRUE(cache.ReadingsOf(0).rank_read);
  EXPECT_EQ(cache.ReadingsOf(1).current_rank, 7);
  ASSERT_TRUE(pool->ReplaceSlot(1, Ad(SlotAd(r, "b", now)), now).ok());
  cache.BeginCycle(*pool, both);
  EXPECT_TRUE(cache.ReadingsOf(0).rank_read);
  EXPECT_FALSE(cache.ReadingsOf(1).rank_read);
  EXPECT_FALSE(cache.ReadingsOf(1).current_rank_kept);
  ASSERT_TRUE(pool->RemoveSlot(0, now).ok());
  cache.BeginCycle(*pool, std::vector<uint32_t>{1});
  EXPECT_FALSE(cache.ReadingsOf(0).rank_read);
}

// A key's number is the same for the same text, and gives the text back.
TEST(KeyNumbersTest, OneNumberPerText) {
  KeyNumbers numbers;
  const uint32_t a = numbers.Number("J(TARGET.Memory >= 1024)\x03");
  const uint32_t b = numbers.Number(std::string("R\x03Rank=") + '\0');
  EXPECT_NE(a, b);
  EXPECT_EQ(numbers.Number("J(TARGET.Memory >= 1024)\x03"), a);
  EXPECT_EQ(numbers.Text(b), std::string_view("R\x03Rank=\0", 8));
  EXPECT_EQ(numbers.size(), 2u);
  numbers.Clear();
  EXPECT_EQ(numbers.size(), 0u);
  EXPECT_EQ(numbers.Number("other"), 0u);
}

}  // namespace
}  // namespace negotiator
