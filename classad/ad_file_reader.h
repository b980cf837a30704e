// Reading a large ad file on several threads (HTCondor's dumps of a pool's
// slots or jobs run to hundreds of megabytes): the file is cut into pieces
// of at most 8 MiB at blank lines, worker threads parse the pieces in
// order (each with its own AdReader), and the calling thread hands the
// ads over in file order, exactly as one AdReader reading the whole file
// would hand them over.
//
// Only old syntax (`condor_q -long`) is cut, where a blank line always
// ends an ad; new syntax and JSON are read on the calling thread.
//
// Limits and failure modes: every limit of AdReadOptions holds per ad and
// per line as when read in one piece. The first error in file order is
// returned, with the file's own line numbers; ads before it have been
// handed over, none after it. Workers read at most a few pieces (the
// number of threads plus two) beyond the one being handed over, so that
// the ads held waiting for their turn stay bounded (a few tens of
// megabytes) however large the file: a consumer that keeps only part of
// each ad reads a file of any size in little memory. The workers also let
// go of the ads once the consumer has had them (what a thread allocated is
// best freed by it: glibc's allocator would otherwise hand the calling
// thread's next allocations memory from the workers' arenas), and once
// they are done, the memory they freed is given back to the system
// (freed_memory.h), so that a reading leaves resident only what its
// consumer kept. A consumer that keeps parsed values for long should keep
// copies it made (value_copier.h): the originals hold the workers' pages.
#ifndef CLASSAD_AD_FILE_READER_H_
#define CLASSAD_AD_FILE_READER_H_

#include <cstdint>
#include <functional>
#include <memory>
#include <string>

#include "classad/ad_io.h"
#include "classad/classad.h"
#include "classad/status.h"

namespace classad {

// The largest piece a worker reads at once by default.
inline constexpr uint64_t kMaxPieceBytes = uint64_t{8} << 20;

// Files smaller than this are read in one piece by default (threads cost
// more than they save); tests and the fuzz target pass 0 to cut any file.
inline constexpr uint64_t kMinBytesToSplit = uint64_t{4} << 20;

// Receives one ad; an error stops the reading and is returned as is.
using AdConsumer = std::function<Status(std::shared_ptr<ClassAd> ad)>;

// Applied to each ad on the thread that parsed it, before the ad waits for
// its turn: what a consumer keeps of each ad (say, a few attributes of a
// hundred) is made on the reading threads, and only that waits. Returns
// the ad to hand over (the one given, or another).
using AdTransform = std::function<std::shared_ptr<ClassAd>(std::shared_ptr<ClassAd> ad)>;
// Makes the AdTransform of one reading thread: called once per thread,
// on the calling thread, before any reading; the transforms it makes run
// at the same time on distinct threads, each on its own thread only (so
// each may keep caches of its own).
using AdTransformMaker = std::function<AdTransform()>;

// How ReadAdFile reads a file.
struct AdFileReading {
  // Threads (1: one AdReader on the calling thread).
  int threads = 1;
  // When set, the transform every ad goes through before it is handed
  // over (on the calling thread too, when the file is read in one piece).
  AdTransformMaker make_transform;
  // Files of fewer bytes are read in one piece (tests and the fuzz target
  // pass 0 to cut any file).
  uint64_t min_bytes_to_split = kMinBytesToSplit;
  // The largest piece (tests pass small sizes to cut a small file into
  // many pieces).
  uint64_t max_piece_bytes = kMaxPieceBytes;
};

// Reads every ad of the file at `path` as `reading` says and hands each
// (transformed, when a transform is made) to `consume`, in file order, on
// the calling thread. OK when the whole file was read and consumed; else
// the first error (the reader's, located in the file, or `consume`'s).
// Thread-safe for distinct calls; `consume` runs on the calling thread
// only.
Status ReadAdFile(const std::string& path, const AdReadOptions& options,
                  const AdFileReading& reading, const AdConsumer& consume);

}  // namespace classad

#endif  // CLASSAD_AD_FILE_READER_H_
