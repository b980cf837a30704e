// Reading a large ad file on several threads (ad_file_reader.h).
#include "classad/ad_file_reader.h"

#include <algorithm>
#include <atomic>
#include <condition_variable>
#include <cerrno>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <istream>
#include <mutex>
#include <streambuf>
#include <thread>
#include <vector>

#include "classad/freed_memory.h"

namespace classad {
namespace {

constexpr size_t kBlockBytes = size_t{64} << 10;
// How many pieces beyond one per worker may wait to be handed over: with
// the size of a piece, what bounds what a reading holds besides what its
// consumer keeps.
constexpr size_t kPiecesAhead = 2;

// An istream's buffer over bytes [begin, end) of a file.
class FileRangeBuffer : public std::streambuf {
 public:
  FileRangeBuffer(const std::string& path, uint64_t begin, uint64_t end)
      : file_(path, std::ios::in | std::ios::binary), left_(end - begin), block_(kBlockBytes) {
    if (file_.is_open()) file_.seekg(static_cast<std::streamoff>(begin));
  }
  bool ok() const { return file_.is_open() && !file_.fail(); }

 protected:
  int_type underflow() override {
    if (gptr() < egptr()) return traits_type::to_int_type(*gptr());
    if (left_ == 0) return traits_type::eof();
    const size_t want = static_cast<size_t>(std::min<uint64_t>(left_, block_.size()));
    file_.read(block_.data(), static_cast<std::streamsize>(want));
    const std::streamsize got = file_.gcount();
    if (got <= 0) return traits_type::eof();
    left_ -= static_cast<uint64_t>(got);
    setg(block_.data(), block_.data(), block_.data() + got);
    return traits_type::to_int_type(*gptr());
  }

 private:
  std::ifstream file_;
  uint64_t left_;
  std::vector<char> block_;
};

// The offset just past the first blank line (an empty line, or one holding
// only '\r') that starts at or after `from`, when the line after it does
// not begin with a byte order mark's first byte (which a piece's reader
// would skip); `size` when there is none.
uint64_t NextCut(std::ifstream* file, uint64_t from, uint64_t size) {
  std::vector<char> block(kBlockBytes);
  // The state of the scan: at the start of a line, or after its '\r'.
  enum { kInLine, kLineStart, kBlankCr } state = kInLine;
  uint64_t at = from;
  file->clear();
  file->seekg(static_cast<std::streamoff>(from));
  bool cut_pending = false;  // a blank line just ended: check the next byte
  while (at < size) {
    file->read(block.data(), static_cast<std::streamsize>(block.size()));
    const std::streamsize got = file->gcount();
    if (got <= 0) break;
    for (std::streamsize i = 0; i < got; ++i, ++at) {
      const char c = block[static_cast<size_t>(i)];
      if (cut_pending) {
        if (static_cast<unsigned char>(c) != 0xEF) return at;
        cut_pending = false;
      }
      if (c == '\n') {
        if (state == kLineStart || state == kBlankCr) {
          cut_pending = true;  // the blank line ends here; cut after it
          state = kLineStart;
        } else {
          state = kLineStart;
        }
      } else if (c == '\r' && state == kLineStart) {
        state = kBlankCr;
      } else {
        state = kInLine;
      }
    }
  }
  return size;
}

// One piece of the file: its byte range, and once read, its ads, its
// status and how many lines it held.
struct Piece {
  uint64_t begin = 0, end = 0;
  std::vector<std::shared_ptr<ClassAd>> ads;
  Status status;
  int lines = 0;  // line breaks consumed
  bool done = false;
};

// Reads piece `piece` of `path` into its ads (stopping early when `stop`
// is set).
void ReadPiece(const std::string& path, const AdReadOptions& options, const AdTransform& transform,
               const std::atomic<bool>& stop, Piece* piece) {
  FileRangeBuffer buffer(path, piece->begin, piece->end);
  if (!buffer.ok()) {
    piece->status = Status(StatusCode::kIoError, "cannot read '" + path + "'");
    return;
  }
  std::istream in(&buffer);
  AdReader reader(&in, path, options);
  std::shared_ptr<ClassAd> ad;
  while (!stop.load(std::memory_order_relaxed) && reader.Next(&ad)) {
    piece->ads.push_back(transform ? transform(std::move(ad)) : std::move(ad));
  }
  piece->status = reader.status();
  piece->lines = reader.line() - 1;
}

// Reads `path` whole with one AdReader.
Status ReadInOnePiece(const std::string& path, const AdReadOptions& options,
                      const AdTransformMaker& make_transform, const AdConsumer& consume) {
  Result<std::unique_ptr<AdReader>> reader = AdReader::OpenFile(path, options);
  if (!reader.ok()) return reader.status();
  const AdTransform transform = make_transform ? make_transform() : AdTransform();
  std::shared_ptr<ClassAd> ad;
  while ((*reader)->Next(&ad)) {
    if (transform) ad = transform(std::move(ad));
    if (Status s = consume(std::move(ad)); !s.ok()) return s;
  }
  return (*reader)->status();
}

}  // namespace

Status ReadAdFile(const std::string& path, const AdReadOptions& options,
                  const AdFileReading& reading, const AdConsumer& consume) {
  const int threads = reading.threads;
  const uint64_t min_bytes_to_split = reading.min_bytes_to_split;
  const uint64_t max_piece_bytes = reading.max_piece_bytes;
  auto read_in_one_piece = [&] {
    return ReadInOnePiece(path, options, reading.make_transform, consume);
  };
  std::error_code ec;
  const uint64_t size = std::filesystem::is_regular_file(path, ec)
                            ? static_cast<uint64_t>(std::filesystem::file_size(path, ec))
                            : 0;
  if (threads < 2 || ec || size < min_bytes_to_split || size == 0) {
    return read_in_one_piece();
  }
  std::ifstream file(path, std::ios::in | std::ios::binary);
  if (!file.is_open()) return read_in_one_piece();  // says why
  AdReadOptions piece_options = options;
  if (piece_options.format == AdFormat::kAuto) {
    std::string prefix(kBlockBytes, '\0');
    file.read(prefix.data(), static_cast<std::streamsize>(prefix.size()));
    prefix.resize(static_cast<size_t>(std::max<std::streamsize>(file.gcount(), 0)));
    if (prefix.starts_with("\xEF\xBB\xBF")) prefix.erase(0, 3);
    piece_options.format = DetectAdFormat(prefix);
  }
  if (piece_options.format != AdFormat::kOld) return read_in_one_piece();

  // The pieces: about equal, none over kPieceBytes, each ending just past
  // a blank line.
  const uint64_t piece_bytes =
      std::max<uint64_t>(1, std::min<uint64_t>(max_piece_bytes, size / static_cast<uint64_t>(threads)));
  std::vector<Piece> pieces;
  for (uint64_t begin = 0; begin < size;) {
    const uint64_t end = size - begin <= piece_bytes ? size : NextCut(&file, begin + piece_bytes, size);
    pieces.push_back(Piece{begin, end, {}, {}, 0, false});
    begin = end;
  }
  if (pieces.size() < 2) return read_in_one_piece();

  // `threads` workers read the pieces in order, at most kPiecesAhead
  // pieces past the one being handed over (so that what is held waiting
  // stays bounded); the calling thread hands the ads over in file order.
  const size_t ahead = static_cast<size_t>(threads) + kPiecesAhead;
  std::mutex mu;
  std::condition_variable changed;
  size_t next_to_read = 0;  // guarded by mu
  size_t handing = 0;       // the piece being handed over; guarded by mu
  std::atomic<bool> stop{false};
  std::vector<AdTransform> transforms(static_cast<size_t>(threads));
  if (reading.make_transform) {
    for (AdTransform& t : transforms) t = reading.make_transform();
  }
  // The ads of the pieces handed over, which the workers let go: what the
  // workers allocated is freed by them, not by the calling thread. (glibc
  // caches what a thread frees for that thread's next allocations: the
  // calling thread would otherwise place what it keeps, such as the copies
  // of value_copier.h, among the workers' freed memory, and hold it
  // resident.) Guarded by mu.
  std::vector<std::vector<std::shared_ptr<ClassAd>>> handed_over;
  auto work = [&](const AdTransform& transform) {
    for (;;) {
      size_t k = pieces.size();  // none
      std::vector<std::vector<std::shared_ptr<ClassAd>>> to_let_go;
      {
        std::unique_lock<std::mutex> lock(mu);
        changed.wait(lock, [&] {
          return stop.load() || !handed_over.empty() || handing >= pieces.size() ||
                 (next_to_read < pieces.size() && next_to_read < handing + ahead);
        });
        to_let_go.swap(handed_over);
        if (to_let_go.empty() && (stop.load() || handing >= pieces.size())) return;
        if (!stop.load() && next_to_read < pieces.size() && next_to_read < handing + ahead) {
          k = next_to_read++;
        }
      }
      to_let_go.clear();
      if (k == pieces.size()) continue;
      ReadPiece(path, piece_options, transform, stop, &pieces[k]);
      {
        std::lock_guard<std::mutex> lock(mu);
        pieces[k].done = true;
      }
      changed.notify_all();
    }
  };
  std::vector<std::thread> workers;
  for (const AdTransform& transform : transforms) workers.emplace_back(work, std::cref(transform));
  auto finish = [&](Status status) {
    stop.store(true);
    {
      std::lock_guard<std::mutex> lock(mu);  // no worker misses the stop
    }
    changed.notify_all();
    for (std::thread& w : workers) w.join();
    // The transforms (and whatever their caches hold) go now, with the ads
    // the workers did not let go (after an error), and what the workers
    // freed (the whole ads they parsed) is given back: it would otherwise
    // stay resident in their arenas.
    handed_over.clear();
    pieces.clear();
    transforms.clear();
    ReleaseFreedMemory();
    return status;
  };
  int lines_before = 0;
  for (size_t k = 0; k < pieces.size(); ++k) {
    {
      std::unique_lock<std::mutex> lock(mu);
      changed.wait(lock, [&] { return pieces[k].done; });
    }
    Piece& piece = pieces[k];
    for (const std::shared_ptr<ClassAd>& ad : piece.ads) {
      if (Status s = consume(ad); !s.ok()) return finish(s);
    }
    {
      std::lock_guard<std::mutex> lock(mu);
      handed_over.push_back(std::move(piece.ads));
    }
    piece.ads = {};
    if (!piece.status.ok()) {
      // Located in the piece: shifted to the file's lines.
      const Status& s = piece.status;
      return finish(s.where().line > 0 ? s.WithOrigin(s.where().file, lines_before + 1, 1) : s);
    }
    lines_before += piece.lines;
    {
      std::lock_guard<std::mutex> lock(mu);
      handing = k + 1;
    }
    changed.notify_all();
  }
  return finish(Status::Ok());
}

}  // namespace classad
