// Ingest speed and memory: read an old-syntax pool dump line by line and
// keep every ad in memory. Prints ads/s, attributes/s and resident bytes
// per ad. Run once per file in a fresh process so that the resident-memory
// figure is the dump's alone. With `arena`, the ads are read into an arena
// (AdReadOptions::use_arena), as a negotiator reads a pool. With a list of
// names, the reader stores those first in each ad (AdReadOptions::
// store_first, as a negotiator packs its slots).
// Usage: ingest_bench FILE [rounds [heap|arena [NAME,NAME,...]]]
#include <malloc.h>

#include <algorithm>
#include <chrono>
#include <cstdio>
#include <fstream>
#include <set>
#include <string>
#include <unistd.h>
#include <vector>

#include "classad/ad_io.h"

namespace classad {
namespace {

// Resident set size of this process, in bytes.
size_t ResidentBytes() {
  std::ifstream statm("/proc/self/statm");
  size_t pages_total = 0, pages_resident = 0;
  statm >> pages_total >> pages_resident;
  return pages_resident * static_cast<size_t>(sysconf(_SC_PAGESIZE));
}

// Bytes the allocator has handed out and not taken back (glibc).
size_t HeapBytesInUse() {
  struct mallinfo2 info = mallinfo2();
  return info.uordblks + info.hblkhd;
}

int Run(const std::string& path, int rounds, bool use_arena,
        const std::vector<std::string>& store_first) {
  std::vector<double> seconds;
  size_t ads = 0, attributes = 0;
  double bytes_per_ad = 0;
  double heap_per_ad = 0;
  size_t layouts = 0;
  double open_reader_bytes_per_ad = 0;
  for (int round = 0; round < rounds; ++round) {
    const size_t rss_before = ResidentBytes();
    const size_t heap_before = HeapBytesInUse();
    std::vector<std::shared_ptr<ClassAd>> kept;
    auto start = std::chrono::steady_clock::now();
    AdReadOptions options;
    options.use_arena = use_arena;
    options.store_first = store_first;
    auto reader = AdReader::OpenFile(path, options);
    if (!reader.ok()) {
      std::fprintf(stderr, "%s\n", reader.status().ToString().c_str());
      return 1;
    }
    std::shared_ptr<ClassAd> ad;
    attributes = 0;
    while ((*reader)->Next(&ad)) {
      attributes += ad->size();
      kept.push_back(std::move(ad));
    }
    if (!(*reader)->status().ok()) {
      std::fprintf(stderr, "%s\n", (*reader)->status().ToString().c_str());
      return 1;
    }
    seconds.push_back(std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count());
    ads = kept.size();
    if (round == 0) {
      std::set<const AdLayout*> distinct;
      for (const auto& a : kept) distinct.insert(a->layout());
      layouts = distinct.size();
      open_reader_bytes_per_ad =
          static_cast<double>(ResidentBytes() - rss_before) / std::max<size_t>(ads, 1);
      // What the kept ads cost, once the reader (its caches, its buffers)
      // is gone.
      reader->reset();
      bytes_per_ad = static_cast<double>(ResidentBytes() - rss_before) / std::max<size_t>(ads, 1);
      heap_per_ad = static_cast<double>(HeapBytesInUse() - heap_before) / std::max<size_t>(ads, 1);
    }
  }
  std::sort(seconds.begin(), seconds.end());
  const double median = seconds[seconds.size() / 2];
  std::printf("ingest %s%s%s: %zu ads, %zu attributes; median %.2f s = %.0f ads/s = %.2f M attributes/s; "
              "%.0f resident bytes per ad, %.0f heap bytes in use per ad (first round, reader closed; "
              "%.0f resident with the reader and its caches still open); %zu distinct layouts\n",
              path.c_str(), use_arena ? " (into an arena)" : "",
              store_first.empty() ? "" : " (packed)", ads, attributes, median, ads / median, attributes / median / 1e6,
              bytes_per_ad, heap_per_ad, open_reader_bytes_per_ad, layouts);
  return 0;
}

}  // namespace
}  // namespace classad

int main(int argc, char** argv) {
  if (argc < 2) {
    std::fprintf(stderr, "usage: %s FILE [rounds [heap|arena [NAME,NAME,...]]]\n", argv[0]);
    return 2;
  }
  const std::string storage = argc > 3 ? argv[3] : "heap";
  if (storage != "heap" && storage != "arena") {
    std::fprintf(stderr, "%s: the third argument is 'heap' or 'arena', not '%s'\n", argv[0],
                 storage.c_str());
    return 2;
  }
  std::vector<std::string> store_first;
  if (argc > 4) {
    std::string names = argv[4];
    for (size_t start = 0; start <= names.size();) {
      const size_t comma = std::min(names.find(',', start), names.size());
      if (comma > start) store_first.push_back(names.substr(start, comma - start));
      start = comma + 1;
    }
  }
  return classad::Run(argv[1], argc > 2 ? std::stoi(argv[2]) : 3, storage == "arena",
                      store_first);
}
