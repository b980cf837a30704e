// libFuzzer target: reading an ad file on several threads
// (classad/ad_file_reader.h) gives exactly what one reader gives: the same
// ads in the same order and the same status (the first error, located in
// the file). The input is written to a file and read whole by one reader,
// then cut into 2, 3 and 4 pieces (no size threshold), and into pieces of
// at most 64 bytes read on two threads (so that the workers wait for the
// ads handed over to catch up), in both lexer modes chosen by the first
// byte. When its bit 2 is set, every reading goes through a transform
// made per reading thread, as the negotiator's job files are trimmed: a
// new ad without the attributes a hash of the byte drops, decided once
// per name in a cache of the thread's own.
#include <fcntl.h>
#include <unistd.h>

#include <cctype>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <memory>
#include <string>
#include <unordered_map>
#include <vector>

#include "classad/ad_file_reader.h"
#include "classad/unparse.h"
#include "fuzz/fuzz_util.h"

namespace {

// The ads of `path` unparsed one a line, then the status, as read on
// `threads` threads with no size threshold, in pieces of at most
// `max_piece_bytes`, through the transforms `make_transform` makes (when
// set).
std::string ReadAll(const std::string& path, const classad::AdReadOptions& options,
                    const classad::AdTransformMaker& make_transform, int threads,
                    uint64_t max_piece_bytes = classad::kMaxPieceBytes) {
  std::string out;
  classad::AdFileReading reading;
  reading.make_transform = make_transform;
  reading.threads = threads;
  reading.min_bytes_to_split = 0;
  reading.max_piece_bytes = max_piece_bytes;
  const classad::Status status =
      classad::ReadAdFile(path, options, reading, [&](std::shared_ptr<classad::ClassAd> ad) {
        out += classad::UnparseAd(*ad);
        out += '\n';
        return classad::Status::Ok();
      });
  return out + "status: " + status.ToString() + "\n";
}

// A transform maker whose transforms drop the attributes whose lowercased
// name hashes, with `salt`, to an odd number; each transform decides a
// name once and keeps the decision in a cache of its own (a reading
// thread's), and hands over a new ad.
classad::AdTransformMaker DroppingTransforms(uint8_t salt) {
  return [salt]() -> classad::AdTransform {
    auto dropped = std::make_shared<std::unordered_map<std::string, bool>>();
    return [salt, dropped](std::shared_ptr<classad::ClassAd> ad) {
      auto kept = std::make_shared<classad::ClassAd>(*ad);
      std::vector<std::string> drop;
      for (size_t i = 0; i < ad->size(); ++i) {
        std::string name = ad->name(i);
        for (char& c : name) c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
        auto [it, added] = dropped->try_emplace(name, false);
        if (added) it->second = ((std::hash<std::string>()(name) + salt) & 1) != 0;
        if (it->second) drop.push_back(ad->name(i));
      }
      for (const std::string& name : drop) kept->Remove(name);
      return kept;
    };
  };
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  if (size < 1) return 0;
  classad::AdReadOptions options;
  options.parse.compat = (data[0] & 1) == 0;
  // Old syntax, as the negotiator's dumps are (the only format cut).
  options.format = (data[0] & 2) == 0 ? classad::AdFormat::kOld : classad::AdFormat::kAuto;
  char path[] = "/tmp/fuzz_ad_file_XXXXXX";
  const int fd = mkstemp(path);
  if (fd < 0) return 0;
  const char* text = reinterpret_cast<const char*>(data + 1);
  size_t left = size - 1;
  while (left > 0) {
    const ssize_t wrote = write(fd, text, left);
    if (wrote <= 0) break;
    text += wrote;
    left -= static_cast<size_t>(wrote);
  }
  close(fd);
  const classad::AdTransformMaker make_transform =
      (data[0] & 4) != 0 ? DroppingTransforms(data[0] >> 3) : classad::AdTransformMaker();
  const std::string alone = ReadAll(path, options, make_transform, 1);
  for (int threads = 2; threads <= 4; ++threads) {
    const std::string split = ReadAll(path, options, make_transform, threads);
    if (split != alone) {
      unlink(path);
      classad_fuzz::Finding("a file read in " + std::to_string(threads) +
                                " pieces differs from one reader",
                            alone, split);
    }
  }
  const std::string small = ReadAll(path, options, make_transform, 2, /*max_piece_bytes=*/64);
  if (small != alone) {
    unlink(path);
    classad_fuzz::Finding("a file read in pieces of 64 bytes differs from one reader", alone,
                          small);
  }
  unlink(path);
  return 0;
}
