// AttributePacker: packed ads store the chosen names first, and are in
// every other way (content, attribute order, writing, evaluation, changes
// made later) the ads they were.
#include "classad/attribute_packer.h"

#include <memory>
#include <string>
#include <vector>

#include <gtest/gtest.h>

#include "classad/ad_io.h"
#include "classad/evaluator.h"
#include "classad/match.h"
#include "classad/operators.h"
#include "classad/unparse.h"
#include "tests/test_ads.h"

namespace classad {
namespace {

const char kSlot[] =
    "[ Name = \"slot1@host\"; Arch = \"X86_64\"; Cpus = 8; Disk = 1000; Memory = 4096;"
    "  KeyboardIdle = 1000; LoadAvg = 0.1; Nested = [ A = 1; B = A + 1 ];"
    "  List = { 1, \"two\", 3.0 }; Requirements = START;"
    "  Start = (KeyboardIdle > 15 * 60) && (LoadAvg <= 0.3); OpSys = \"LINUX\" ]";

// Every attribute in attribute order, as the insertion-order writer writes
// them (old syntax: one `Name = expr` line each).
std::string InInsertionOrder(const ClassAd& ad) {
  AdWriteOptions options;
  options.format = AdFormat::kOld;
  options.order = AttributeOrder::kInsertion;
  std::string out;
  EXPECT_TRUE(AppendAd(ad, options, &out).ok());
  return out;
}

// The names stored at the first `n` positions.
std::vector<std::string> FirstPositions(const ClassAd& ad, size_t n) {
  std::vector<std::string> names;
  for (size_t p = 0; p < n && p < ad.size(); ++p) names.push_back(ad.layout()->name(p));
  return names;
}

TEST(AttributePackerTest, StoresTheNamedAttributesFirstInTheOrderGiven) {
  auto ad = TestAd(kSlot);
  // Spelled otherwise than in the ad, one absent, one repeated.
  AttributePacker packer({"start", "REQUIREMENTS", "NoSuchName", "memory", "Start", "Arch"});
  packer.Pack(ad.get());
  EXPECT_EQ(FirstPositions(*ad, 5),
            (std::vector<std::string>{"Start", "Requirements", "Memory", "Arch", "Name"}));
  EXPECT_EQ(ad->layout()->Find("Start", HashAttributeName("Start")), 0);
  EXPECT_EQ(ad->layout()->Find("memory", HashAttributeName("memory")), 2);
  // The others keep their relative order after the packed names.
  EXPECT_EQ(ad->layout()->name(5), "Cpus");
  EXPECT_EQ(ad->layout()->name(ad->size() - 1), "OpSys");
}

TEST(AttributePackerTest, KeepsContentAttributeOrderAndWriting) {
  auto unpacked = TestAd(kSlot);
  auto ad = TestAd(kSlot);
  AttributePacker packer({"OpSys", "Start", "Requirements", "LoadAvg", "KeyboardIdle"});
  packer.Pack(ad.get());
  ASSERT_EQ(ad->size(), unpacked->size());
  for (size_t i = 0; i < ad->size(); ++i) {
    EXPECT_EQ(ad->name(i), unpacked->name(i)) << i;
    const AttrRef a = ad->at(i), b = unpacked->at(i);
    ASSERT_EQ(a.is_literal(), b.is_literal()) << i;
    if (a.is_literal()) {
      EXPECT_TRUE(IdenticalValues(a.literal(), b.literal())) << i;
    } else {
      EXPECT_TRUE(a.expr().SameAs(b.expr())) << i;
    }
    EXPECT_TRUE(ad->Find(unpacked->name(i))) << i;
  }
  EXPECT_EQ(InInsertionOrder(*ad), InInsertionOrder(*unpacked));
  EXPECT_TRUE(Expr::Ad(ad)->SameAs(*Expr::Ad(unpacked)));
  for (const char* name : {"Requirements", "Start", "Nested", "List", "Memory", "Missing"}) {
    EXPECT_EQ(UnparseValue(EvaluateAttr(*ad, name, nullptr)),
              UnparseValue(EvaluateAttr(*unpacked, name, nullptr)))
        << name;
  }
  EXPECT_NE(ad->layout()->Fingerprint(), unpacked->layout()->Fingerprint());
  EXPECT_FALSE(ad->layout()->SameNames(*unpacked->layout()));
}

TEST(AttributePackerTest, AdsOfOneLayoutShareThePackedLayoutAndPackingTwiceChangesNothing) {
  auto a = TestAd(kSlot);
  ClassAd b = *a;  // shares a's layout
  ASSERT_EQ(a->layout(), b.layout());
  AttributePacker packer({"Requirements", "Start"});
  packer.Pack(a.get());
  packer.Pack(&b);
  EXPECT_EQ(a->layout(), b.layout());
  const AdLayout* packed = a->layout();
  const std::string text = InInsertionOrder(*a);
  packer.Pack(a.get());
  EXPECT_EQ(a->layout(), packed);
  EXPECT_EQ(InInsertionOrder(*a), text);
  // Another packer with the same names repacks to an equal layout, in place.
  AttributePacker again({"Requirements", "Start"});
  again.Pack(a.get());
  EXPECT_EQ(a->layout(), packed);
  EXPECT_EQ(FirstPositions(*a, 2), (std::vector<std::string>{"Requirements", "Start"}));
  // Packing with other names moves them again; the ad stays the same ad.
  AttributePacker other({"Name", "List"});
  other.Pack(a.get());
  EXPECT_EQ(FirstPositions(*a, 3), (std::vector<std::string>{"Name", "List", "Requirements"}));
  EXPECT_EQ(InInsertionOrder(*a), text);
}

// Inserting, replacing and removing after packing: the attribute order is
// the one the ad would have had unpacked.
TEST(AttributePackerTest, ChangesAfterPackingKeepTheAttributeOrder) {
  auto unpacked = TestAd(kSlot);
  auto ad = TestAd(kSlot);
  AttributePacker packer({"OpSys", "Start", "Memory", "Name"});
  packer.Pack(ad.get());
  for (ClassAd* each : {ad.get(), unpacked.get()}) {
    each->InsertValue("Memory", Value::Integer(1));  // replaced in place
    ASSERT_TRUE(each->Remove("Start"));              // a packed name
    ASSERT_TRUE(each->Remove("Cpus"));               // an unpacked one
    each->InsertValue("Added", Value::Integer(2));   // last in attribute order
    ASSERT_TRUE(each->Remove("name"));
    each->InsertValue("Start", Value::Boolean(false));
  }
  EXPECT_EQ(InInsertionOrder(*ad), InInsertionOrder(*unpacked));
  for (size_t i = 0; i < ad->size(); ++i) {
    const AttrRef found = ad->Find(ad->name(i));
    ASSERT_TRUE(found) << ad->name(i);
    const AttrRef at = ad->at(i);
    EXPECT_EQ(found.is_literal() ? static_cast<const void*>(&found.literal())
                                 : static_cast<const void*>(&found.expr()),
              at.is_literal() ? static_cast<const void*>(&at.literal())
                              : static_cast<const void*>(&at.expr()))
        << ad->name(i);
  }
  // Removing every packed name leaves an ad whose positions are its order
  // again: it may share a layout with an unpacked ad of the same names.
  for (const char* name : {"OpSys", "Memory"}) {
    ad->Remove(name);
    unpacked->Remove(name);
  }
  EXPECT_TRUE(ad->layout()->SameNames(*unpacked->layout()));
  EXPECT_EQ(ad->layout()->Fingerprint(), unpacked->layout()->Fingerprint());
}

TEST(AttributePackerTest, AnAdInAnArenaIsPackedInPlace) {
  auto heap = TestAd(kSlot);
  AdArenaRef arena = AdArenaRef::Create();
  ClassAd scratch = *heap;
  std::shared_ptr<ClassAd> stored = ClassAd::MoveToArena(std::move(scratch), arena);
  ASSERT_TRUE(stored->in_arena());
  const AttrRef arch_before = stored->Find("Arch");
  AttributePacker packer({"Arch"});
  packer.Pack(stored.get());
  EXPECT_TRUE(stored->in_arena());
  EXPECT_EQ(FirstPositions(*stored, 1), std::vector<std::string>{"Arch"});
  EXPECT_NE(&stored->Find("Arch").literal(), &arch_before.literal());  // moved within the block
  EXPECT_EQ(InInsertionOrder(*stored), InInsertionOrder(*heap));
}

TEST(AttributePackerTest, EmptyAdsAndNoNamesChangeNothing) {
  ClassAd empty;
  AttributePacker packer({"Requirements"});
  packer.Pack(&empty);
  EXPECT_TRUE(empty.empty());
  auto ad = TestAd(kSlot);
  const AdLayout* layout = ad->layout();
  AttributePacker none({});
  none.Pack(ad.get());
  EXPECT_EQ(ad->layout(), layout);
  AttributePacker absent({"NotThere"});
  absent.Pack(ad.get());
  EXPECT_EQ(ad->layout(), layout);
}

// The reader's interning tells a packed layout from an unpacked one with
// the same names: ads read afterwards are not given a packed layout.
TEST(AttributePackerTest, PackedAndUnpackedLayoutsAreNotConfused) {
  auto a = TestAd("[ A = 1; B = 2; C = 3 ]");
  auto b = TestAd("[ A = 1; B = 2; C = 3 ]");
  AttributePacker packer({"C"});
  packer.Pack(b.get());
  EXPECT_FALSE(a->layout()->SameNames(*b->layout()));
  EXPECT_EQ(a->layout()->position(0), 0u);
  EXPECT_EQ(b->layout()->position(0), 1u);  // A is stored second
  EXPECT_EQ(b->layout()->position(2), 0u);  // C first
  auto c = TestAd("[ C = 3; A = 1; B = 2 ]");  // stored like b, another order
  EXPECT_EQ(FirstPositions(*c, 3), FirstPositions(*b, 3));
  EXPECT_FALSE(c->layout()->SameNames(*b->layout()));
  EXPECT_NE(c->layout()->Fingerprint(), b->layout()->Fingerprint());
}

// AdReadOptions::store_first: the reader packs each ad as it reads it,
// onto the heap or into an arena; the ads are those read without it.
TEST(AttributePackerTest, AReaderStoresTheNamedAttributesFirst) {
  const std::string dump =
      "Name = \"slot1@a\"\nMemory = 1024\nArch = \"X86_64\"\nStart = Memory > 512\n\n"
      "Name = \"slot2@a\"\nMemory = 2048\nArch = \"X86_64\"\nStart = Memory > 512\n\n"
      "Arch = \"arm64\"\nName = \"slot1@b\"\nStart = false\n\n";
  AdReadOptions plain_options;
  plain_options.format = AdFormat::kOld;
  Result<std::vector<std::shared_ptr<ClassAd>>> plain = ReadAdsFromString(dump, plain_options);
  ASSERT_TRUE(plain.ok()) << plain.status().ToString();
  for (bool use_arena : {false, true}) {
    AdReadOptions options = plain_options;
    options.use_arena = use_arena;
    options.store_first = {"Start", "Memory"};
    Result<std::vector<std::shared_ptr<ClassAd>>> packed = ReadAdsFromString(dump, options);
    ASSERT_TRUE(packed.ok()) << packed.status().ToString();
    ASSERT_EQ(packed->size(), 3u);
    EXPECT_EQ(FirstPositions(*(*packed)[0], 3),
              (std::vector<std::string>{"Start", "Memory", "Name"}));
    EXPECT_EQ((*packed)[0]->layout(), (*packed)[1]->layout());  // still shared
    EXPECT_EQ(FirstPositions(*(*packed)[2], 3),
              (std::vector<std::string>{"Start", "Arch", "Name"}));
    for (size_t i = 0; i < 3; ++i) {
      EXPECT_EQ(InInsertionOrder(*(*packed)[i]), InInsertionOrder(*(*plain)[i])) << i;
      EXPECT_EQ((*packed)[i]->in_arena(), use_arena);
    }
  }
}

// What a negotiator does: pack the slots with the names the job reads
// from them (MatchKernel::SlotReads); the kernel's results are unchanged,
// including for names packed that some slots lack.
TEST(AttributePackerTest, MatchResultsOverPackedSlotsAreUnchanged) {
  auto job = TestAd(
      "[ Requirements = TARGET.Memory >= RequestMemory && TARGET.Arch == \"X86_64\";"
      "  RequestMemory = 2048; Rank = TARGET.Cpus + TARGET.Memory / 1024 ]");
  const char* const slot_texts[] = {
      kSlot,
      "[ Memory = 1024; Arch = \"X86_64\"; Requirements = true ]",
      "[ Cpus = 4; Requirements = START && Wrl; Start = true; Arch = \"X86_64\";"
      "  Wrl = TARGET.RequestMemory <= Memory; Memory = 8192 ]",
      "[ Arch = \"X86_64\" ]",
  };
  EvalOptions options;
  MatchKernel kernel(job.get(), options);
  std::vector<std::shared_ptr<ClassAd>> plain, packed;
  for (const char* text : slot_texts) {
    plain.push_back(TestAd(text));
    packed.push_back(TestAd(text));
  }
  EXPECT_EQ(kernel.SlotReads(*packed[0]),
            (std::vector<std::string>{"Memory", "Arch", "Cpus", "Requirements", "Start",
                                      "KeyboardIdle", "LoadAvg"}));
  EXPECT_EQ(kernel.SlotReads(*packed[2]),
            (std::vector<std::string>{"Memory", "Arch", "Cpus", "Requirements", "Start",
                                      "Wrl"}));
  std::vector<std::string> names = kernel.SlotReads(*packed[2]);
  for (const std::string& name : kernel.SlotReads(*packed[0])) names.push_back(name);
  AttributePacker packer(names);
  for (const auto& ad : packed) packer.Pack(ad.get());
  std::vector<const ClassAd*> plain_slots, packed_slots;
  for (int round = 0; round < 3; ++round) {
    for (size_t i = 0; i < plain.size(); ++i) {
      plain_slots.push_back(plain[i].get());
      packed_slots.push_back(packed[i].get());
    }
  }
  std::vector<MatchResult> plain_results, packed_results;
  kernel.Match(plain_slots, &plain_results);
  kernel.Match(packed_slots, &packed_results);
  ASSERT_EQ(plain_results.size(), packed_results.size());
  int matched = 0;
  for (size_t i = 0; i < plain_results.size(); ++i) {
    EXPECT_EQ(packed_results[i].matched, plain_results[i].matched) << i;
    EXPECT_EQ(packed_results[i].rank, plain_results[i].rank) << i;
    EXPECT_EQ(packed_results[i].matched, SymmetricMatch(*job, *packed_slots[i], options)) << i;
    matched += packed_results[i].matched;
  }
  EXPECT_EQ(matched, 6);
}

}  // namespace
}  // namespace classad
