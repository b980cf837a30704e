// Tests of classad::ReleaseFreedMemory (classad/freed_memory.h).
#include "classad/freed_memory.h"

#include <unistd.h>

#include <cstdlib>
#include <fstream>
#include <memory>
#include <thread>
#include <vector>

#include "gtest/gtest.h"

namespace classad {
namespace {

// The process's resident set in bytes (Linux), or 0 when unknown.
size_t ResidentBytes() {
  std::ifstream statm("/proc/self/statm");
  size_t pages = 0, resident = 0;
  if (!(statm >> pages >> resident)) return 0;
  return resident * static_cast<size_t>(sysconf(_SC_PAGESIZE));
}

TEST(FreedMemoryTest, WhatAThreadFreedLeavesTheResidentSet) {
#if !defined(__GLIBC__)
  GTEST_SKIP() << "ReleaseFreedMemory only gives memory back with glibc";
#endif
  if (ResidentBytes() == 0) GTEST_SKIP() << "no /proc/self/statm to read the resident set from";
  // 64 MB in small blocks, allocated and touched on a thread of its own
  // (so in that thread's arena, as a reading thread's whole ads are), one
  // block in 16 kept and the others freed: the arena cannot shrink from
  // its top, and its free pages stay resident until given back.
  constexpr size_t kBlocks = 64 * 1024, kBlockBytes = 1000, kKeepEvery = 16;
  std::vector<std::unique_ptr<char[]>> kept;
  std::thread worker([&kept] {
    std::vector<std::unique_ptr<char[]>> blocks;
    blocks.reserve(kBlocks);
    for (size_t i = 0; i < kBlocks; ++i) {
      blocks.push_back(std::make_unique<char[]>(kBlockBytes));
      blocks.back()[0] = static_cast<char>(i);
      blocks.back()[kBlockBytes - 1] = static_cast<char>(i);
    }
    for (size_t i = 0; i < kBlocks; i += kKeepEvery) kept.push_back(std::move(blocks[i]));
  });
  worker.join();
  const size_t before = ResidentBytes();
  ReleaseFreedMemory();
  const size_t after = ResidentBytes();
  // Most of the 60 MB freed goes (the pages that hold a kept block stay).
  EXPECT_LT(after + (32u << 20), before) << "before " << before << ", after " << after;
  EXPECT_EQ(kept.size(), kBlocks / kKeepEvery);
}

TEST(FreedMemoryTest, CallingItWithNothingFreedIsHarmless) {
  ReleaseFreedMemory();
  ReleaseFreedMemory();
  auto kept = std::make_unique<int>(7);
  ReleaseFreedMemory();
  EXPECT_EQ(*kept, 7);
}

}  // namespace
}  // namespace classad
