// Reading a large ad file on several threads gives what one reader gives.
#include "classad/ad_file_reader.h"

#include <gtest/gtest.h>
#include <stdlib.h>

#include <cstdio>
#include <filesystem>
#include <fstream>
#include <mutex>
#include <set>
#include <string>
#include <thread>
#include <vector>

#include "classad/unparse.h"

namespace classad {
namespace {

class AdFileReaderTest : public ::testing::Test {
 protected:
  void SetUp() override {
    std::string pattern = ::testing::TempDir() + "ad_file_reader_test_XXXXXX";
    std::vector<char> buffer(pattern.begin(), pattern.end());
    buffer.push_back('\0');
    ASSERT_NE(mkdtemp(buffer.data()), nullptr);
    dir_ = buffer.data();
  }
  void TearDown() override { std::filesystem::remove_all(dir_); }

  std::string WriteFile(const std::string& name, const std::string& text) {
    std::string path = dir_ + "/" + name;
    std::ofstream(path, std::ios::binary) << text;
    return path;
  }

  // The ads of `path` read on `threads` threads, unparsed, one a line; the
  // status in `*status`.
  static std::string Read(const std::string& path, int threads, Status* status,
                          size_t stop_after = SIZE_MAX, uint64_t max_piece_bytes = kMaxPieceBytes) {
    std::string out;
    size_t n = 0;
    AdFileReading reading;
    reading.threads = threads;
    reading.max_piece_bytes = max_piece_bytes;
    *status = ReadAdFile(path, AdReadOptions{}, reading, [&](std::shared_ptr<ClassAd> ad) {
      if (++n > stop_after) return Status(StatusCode::kInvalidArgument, "enough");
      out += UnparseAd(*ad);
      out += '\n';
      return Status::Ok();
    });
    return out;
  }

  // An old-syntax dump of `ads` ads of about 2.5 KB each (over 4 MiB from
  // 1,700 ads: the reader cuts it), with line ends `eol`.
  static std::string Dump(int ads, const std::string& eol = "\n") {
    std::string text;
    for (int i = 0; i < ads; ++i) {
      text += "ClusterId = " + std::to_string(i) + eol + "ProcId = 0" + eol;
      text += "Owner = \"user" + std::to_string(i % 7) + "\"" + eol;
      for (int a = 0; a < 60; ++a) {
        text += "Attr" + std::to_string(a) + " = \"value " + std::to_string(i * a) + "\"" + eol;
      }
      text += "Requirements = TARGET.Memory >= " + std::to_string(i) + eol;
      text += eol;
    }
    return text;
  }

  std::string dir_;
};

TEST_F(AdFileReaderTest, ThreadsGiveTheAdsOfOneReaderInOrder) {
  const std::string path = WriteFile("jobs.ads", Dump(3000));
  ASSERT_GT(std::filesystem::file_size(path), uint64_t{4} << 20);
  Status one, two, three;
  const std::string alone = Read(path, 1, &one);
  ASSERT_TRUE(one.ok()) << one.ToString();
  EXPECT_EQ(Read(path, 2, &two), alone);
  EXPECT_EQ(Read(path, 3, &three), alone);
  EXPECT_TRUE(two.ok()) << two.ToString();
  EXPECT_TRUE(three.ok()) << three.ToString();
  EXPECT_EQ(std::count(alone.begin(), alone.end(), '\n'), 3000);
}

// A file cut into far more pieces than there are threads (the workers
// wait for the ads handed over to catch up) reads as one reader reads it:
// the same ads in order, an error in a late piece located in the file, a
// consumer's error stopping the read.
TEST_F(AdFileReaderTest, ManySmallPiecesGiveTheAdsOfOneReader) {
  std::string text = Dump(2000);
  const std::string good = WriteFile("many.ads", text);
  Status one, two, three;
  const std::string alone = Read(good, 1, &one);
  ASSERT_TRUE(one.ok()) << one.ToString();
  EXPECT_EQ(Read(good, 2, &two, SIZE_MAX, 64 << 10), alone);  // about 80 pieces
  EXPECT_TRUE(two.ok()) << two.ToString();
  EXPECT_EQ(Read(good, 3, &three, SIZE_MAX, 1), alone);  // a piece per ad
  EXPECT_TRUE(three.ok()) << three.ToString();
  Status stopped;
  const std::string some = Read(good, 2, &stopped, 1500, 64 << 10);
  EXPECT_EQ(stopped.message(), "enough");
  EXPECT_EQ(std::count(some.begin(), some.end(), '\n'), 1500);

  const size_t at = text.find("ClusterId = 1900\n");
  ASSERT_NE(at, std::string::npos);
  text.insert(at, "Broken = (1 +\n");
  const std::string bad = WriteFile("many_bad.ads", text);
  Status bad_one, bad_two;
  const std::string before = Read(bad, 1, &bad_one);
  EXPECT_EQ(Read(bad, 2, &bad_two, SIZE_MAX, 64 << 10), before);
  ASSERT_FALSE(bad_one.ok());
  EXPECT_EQ(bad_two.ToString(), bad_one.ToString());
}

// Each reading thread gets a transform of its own, run on that thread;
// the ads handed over are the transformed ones, in file order, on any
// number of threads and in one piece.
TEST_F(AdFileReaderTest, EachThreadTransformsTheAdsItReads) {
  const std::string path = WriteFile("transform.ads", Dump(2000));
  for (int threads : {1, 2, 3}) {
    std::mutex mu;
    std::set<std::thread::id> made_on, run_on;
    int made = 0;
    AdFileReading reading;
    reading.threads = threads;
    reading.min_bytes_to_split = 0;
    reading.max_piece_bytes = 64 << 10;
    reading.make_transform = [&]() -> AdTransform {
      ++made;
      made_on.insert(std::this_thread::get_id());
      auto seen = std::make_shared<std::thread::id>();
      return [&, seen](std::shared_ptr<ClassAd> ad) {
        // One thread per transform.
        if (*seen == std::thread::id()) *seen = std::this_thread::get_id();
        EXPECT_EQ(*seen, std::this_thread::get_id());
        {
          std::lock_guard<std::mutex> lock(mu);
          run_on.insert(std::this_thread::get_id());
        }
        auto kept = std::make_shared<ClassAd>();
        kept->InsertValue("ClusterId", ad->Find("ClusterId").literal());
        return kept;
      };
    };
    std::string out;
    const Status s = ReadAdFile(path, AdReadOptions{}, reading, [&](std::shared_ptr<ClassAd> ad) {
      out += UnparseAd(*ad);
      return Status::Ok();
    });
    ASSERT_TRUE(s.ok()) << s.ToString();
    std::string expected;
    for (int i = 0; i < 2000; ++i) expected += "[ ClusterId = " + std::to_string(i) + " ]";
    EXPECT_EQ(out, expected) << threads;
    EXPECT_EQ(made, threads);
    EXPECT_EQ(made_on, std::set<std::thread::id>{std::this_thread::get_id()});
    if (threads == 1) {
      EXPECT_EQ(run_on, std::set<std::thread::id>{std::this_thread::get_id()});
    } else {
      EXPECT_EQ(run_on.count(std::this_thread::get_id()), 0u);
    }
  }
}

TEST_F(AdFileReaderTest, CarriageReturnLineEnds) {
  const std::string path = WriteFile("crlf.ads", Dump(3000, "\r\n"));
  Status one, two;
  const std::string alone = Read(path, 1, &one);
  ASSERT_TRUE(one.ok()) << one.ToString();
  EXPECT_EQ(Read(path, 2, &two), alone);
  EXPECT_TRUE(two.ok());
}

// An error in a later piece is located in the file, as one reader locates
// it, and every ad before it is handed over.
TEST_F(AdFileReaderTest, AnErrorInALaterPieceIsLocatedInTheFile) {
  std::string text = Dump(3000);
  const size_t at = text.find("ClusterId = 2900\n");
  ASSERT_NE(at, std::string::npos);
  text.insert(at, "Broken = (1 +\n");
  const std::string path = WriteFile("bad.ads", text);
  Status one, two;
  const std::string alone = Read(path, 1, &one);
  const std::string split = Read(path, 2, &two);
  ASSERT_FALSE(one.ok());
  EXPECT_EQ(two.ToString(), one.ToString());
  EXPECT_EQ(split, alone);
  EXPECT_EQ(two.where().line, 1 + static_cast<int>(std::count(text.begin(), text.begin() + at, '\n')));
}

// An error in the first piece stops the others; a consumer's error is
// returned as is.
TEST_F(AdFileReaderTest, EarlyErrorsStopTheRead) {
  std::string text = Dump(3000);
  text.insert(text.find("ClusterId = 5\n"), "Broken = )\n");
  const std::string path = WriteFile("early.ads", text);
  Status one, two;
  EXPECT_EQ(Read(path, 2, &two), Read(path, 1, &one));
  EXPECT_EQ(two.ToString(), one.ToString());
  EXPECT_EQ(two.where().line, 5 * 65 + 1);

  const std::string good = WriteFile("good.ads", Dump(3000));
  Status stopped;
  const std::string some = Read(good, 2, &stopped, 2500);
  EXPECT_EQ(stopped.message(), "enough");
  EXPECT_EQ(std::count(some.begin(), some.end(), '\n'), 2500);
}

// A line after a blank line that begins with a byte order mark's first
// byte is never where a piece starts (its reader would skip the mark,
// where one reader of the whole file reads it as part of a name).
TEST_F(AdFileReaderTest, NoPieceStartsWithAByteOrderMark) {
  std::string text = Dump(3000);
  // Where two threads would cut without the rule: after the first blank
  // line past the middle.
  const size_t cut = text.find("\n\n", text.size() / 2) + 2;
  text.insert(cut, "\xEF\xBB\xBF");
  const std::string path = WriteFile("bom.ads", text);
  Status one, two;
  const std::string alone = Read(path, 1, &one);
  EXPECT_EQ(Read(path, 2, &two), alone);
  EXPECT_EQ(two.ToString(), one.ToString());
}

TEST_F(AdFileReaderTest, SmallFilesAndOtherFormatsAreReadInOnePiece) {
  Status s;
  EXPECT_EQ(Read(WriteFile("new.ads", "[ a = 1 ]\n[ a = 2 ]\n"), 2, &s), "[ a = 1 ]\n[ a = 2 ]\n");
  EXPECT_TRUE(s.ok());
  EXPECT_EQ(Read(WriteFile("old.ads", "a = 1\n\na = 2\n"), 2, &s), "[ a = 1 ]\n[ a = 2 ]\n");
  EXPECT_TRUE(s.ok());
  Read(dir_ + "/missing.ads", 2, &s);
  EXPECT_EQ(s.code(), StatusCode::kIoError);
}

}  // namespace
}  // namespace classad
