// libFuzzer target: reading an ad file on several threads
// (classad/ad_file_reader.h) gives exactly what one reader gives: the same
// ads in the same order and the same status (the first error, located in
// the file). The input is written to a file and read whole by one reader,
// then cut into 2, 3 and 4 pieces (no size threshold), and into pieces of
// at most 64 bytes read on two threads (so that the workers wait for the
// ads handed over to catch up), in both lexer modes chosen by the first
// byte.
#include <fcntl.h>
#include <unistd.h>

#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <string>

#include "classad/ad_file_reader.h"
#include "classad/unparse.h"
#include "fuzz/fuzz_util.h"

namespace {

// The ads of `path` unparsed one a line, then the status, as read on
// `threads` threads with no size threshold, in pieces of at most
// `max_piece_bytes`.
std::string ReadAll(const std::string& path, const classad::AdReadOptions& options, int threads,
                    uint64_t max_piece_bytes = classad::kMaxPieceBytes) {
  std::string out;
  classad::AdFileReading reading;
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
  const std::string alone = ReadAll(path, options, 1);
  for (int threads = 2; threads <= 4; ++threads) {
    const std::string split = ReadAll(path, options, threads);
    if (split != alone) {
      unlink(path);
      classad_fuzz::Finding("a file read in " + std::to_string(threads) +
                                " pieces differs from one reader",
                            alone, split);
    }
  }
  const std::string small = ReadAll(path, options, 2, /*max_piece_bytes=*/64);
  if (small != alone) {
    unlink(path);
    classad_fuzz::Finding("a file read in pieces of 64 bytes differs from one reader", alone,
                          small);
  }
  unlink(path);
  return 0;
}
