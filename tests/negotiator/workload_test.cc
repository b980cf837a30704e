// Workloads a simulation submits (negotiator/simulate/): read from job ads
// with their history and from SWF traces, with every record either a job
// or counted, and positioned errors.
#include <gtest/gtest.h>

#include <string>

#include "classad/evaluator.h"
#include "negotiator/simulate/history_workload.h"
#include "negotiator/simulate/swf_workload.h"

namespace negotiator {
namespace {

std::string StringOf(const classad::ClassAd& ad, const char* name) {
  std::string out;
  classad::EvaluateAttrString(ad, name, &out);
  return out;
}

double NumberOf(const classad::ClassAd& ad, const char* name) {
  double out = -1;
  classad::EvaluateAttrNumber(ad, name, &out);
  return out;
}

// condor_history -long: a completed job whose last run is known, one
// known only by its wall clock, a removed one, a held one, an idle and a
// running one (condor_q), in an order that is not the arrival order.
constexpr char kHistory[] =
    "ClusterId = 7\nProcId = 0\nOwner = \"alice\"\nJobStatus = 4\nQDate = 1000\n"
    "JobCurrentStartDate = 1500\nCompletionDate = 2100\nRemoteWallClockTime = 900.0\n"
    "RemoteHost = \"slot1@m\"\n"
    "\n"
    "ClusterId = 5\nProcId = 1\nOwner = \"bob\"\nJobStatus = 4\nQDate = 900\n"
    "RemoteWallClockTime = 300.0\n"
    "\n"
    "ClusterId = 6\nProcId = 0\nOwner = \"bob\"\nJobStatus = 3\nQDate = 950\n"
    "\n"
    "ClusterId = 8\nProcId = 0\nOwner = \"carol\"\nJobStatus = 5\nQDate = 960\n"
    "\n"
    "ClusterId = 9\nProcId = 0\nOwner = \"carol\"\nJobStatus = 1\nQDate = 1000\n"
    "\n"
    "ClusterId = 9\nProcId = 1\nOwner = \"carol\"\nJobStatus = 2\nQDate = 1000\n"
    "JobCurrentStartDate = 1200\nRemoteHost = \"slot2@m\"\n";

TEST(HistoryWorkloadTest, EachJobArrivesAtItsQDateAndRunsForItsLastRun) {
  classad::Result<Workload> read = ReadHistoryWorkloadText(kHistory, "history.txt");
  ASSERT_TRUE(read.ok()) << read.status().ToString();
  const Workload& w = *read;
  EXPECT_EQ(w.counts.records, 6u);
  EXPECT_EQ(w.counts.jobs, 4u);
  EXPECT_EQ(w.counts.skipped.at("removed"), 1u);
  EXPECT_EQ(w.counts.skipped.at("held"), 1u);
  EXPECT_EQ(w.counts.with_run_time, 2u);
  EXPECT_EQ(w.counts.running_at_start, 1u);
  ASSERT_EQ(w.jobs.size(), 4u);
  // By arrival; 7.0, 9.0 and 9.1 arrive together, in input order.
  EXPECT_EQ(NumberOf(*w.jobs[0].ad, "ClusterId"), 5);
  EXPECT_EQ(w.jobs[0].arrival, 900);
  EXPECT_EQ(w.jobs[0].run_time, 300);  // RemoteWallClockTime alone
  EXPECT_EQ(NumberOf(*w.jobs[1].ad, "ClusterId"), 7);
  EXPECT_EQ(w.jobs[1].run_time, 600);  // CompletionDate - JobCurrentStartDate wins
  EXPECT_EQ(w.jobs[1].origin, "history.txt:1");
  // The ad as submitted: idle, without its run.
  EXPECT_EQ(NumberOf(*w.jobs[1].ad, "JobStatus"), 1);
  EXPECT_FALSE(w.jobs[1].ad->Find("RemoteHost"));
  EXPECT_FALSE(w.jobs[1].ad->Find("CompletionDate"));
  EXPECT_EQ(StringOf(*w.jobs[1].ad, "Owner"), "alice");
  EXPECT_EQ(w.jobs[2].state, WorkloadState::kArrives);
  EXPECT_FALSE(w.jobs[2].run_time);  // idle: runs to the end
  EXPECT_EQ(w.jobs[3].state, WorkloadState::kRunning);
  EXPECT_EQ(w.jobs[3].started, 1200);
  EXPECT_EQ(w.jobs[3].remote_host, "slot2@m");
  EXPECT_EQ(NumberOf(*w.jobs[3].ad, "JobStatus"), 1);
}

TEST(HistoryWorkloadTest, AnotherAttributeMayGiveTheRunTime) {
  HistoryWorkloadOptions options;
  options.run_time_attribute = "RemoteWallClockTime";
  classad::Result<Workload> read = ReadHistoryWorkloadText(kHistory, "h", options);
  ASSERT_TRUE(read.ok()) << read.status().ToString();
  EXPECT_EQ(read->jobs.size(), 2u);
  EXPECT_EQ(read->jobs[1].run_time, 900);
  EXPECT_EQ(read->counts.skipped.at("no RemoteWallClockTime"), 2u);
  EXPECT_EQ(read->counts.records, read->counts.jobs + 4);
}

TEST(HistoryWorkloadTest, JobsJSONAsCondorHistoryPrintsThem) {
  classad::Result<Workload> read = ReadHistoryWorkloadText(
      "[\n{\"ClusterId\": 3, \"ProcId\": 0, \"JobStatus\": 4, \"QDate\": 50, "
      "\"RemoteWallClockTime\": 20.0, \"Owner\": \"a\"}\n]\n",
      "h.json");
  ASSERT_TRUE(read.ok()) << read.status().ToString();
  ASSERT_EQ(read->jobs.size(), 1u);
  EXPECT_EQ(read->jobs[0].run_time, 20);
}

TEST(HistoryWorkloadTest, BadJobsAreErrorsAtTheirLine) {
  auto error = [](const std::string& text) {
    classad::Result<Workload> read = ReadHistoryWorkloadText(text, "h.txt");
    return read.ok() ? std::string("ok") : read.status().ToString();
  };
  EXPECT_EQ(error("ClusterId = 1\nProcId = 0\nJobStatus = 4\nRemoteWallClockTime = 5\n"),
            "h.txt:1: job 1.0 (the ad from here): no integer QDate (when the job arrives)");
  EXPECT_EQ(error("ClusterId = 1\nProcId = 0\nQDate = 1\nJobStatus = 9\n\n"),
            "h.txt:1: job 1.0 (the ad from here): JobStatus 9 is not a job state");
  EXPECT_EQ(error("ProcId = 0\nQDate = 1\nJobStatus = 1\n"),
            "h.txt:1: a job ad without an integer ClusterId and ProcId");
  EXPECT_EQ(error("ClusterId = 2147483648\nProcId = 0\nQDate = 1\nJobStatus = 1\n"),
            "h.txt:1: job 2147483648.0 (the ad from here): ClusterId and ProcId must be 32-bit "
            "integers, as HTCondor's are");
  EXPECT_EQ(error("ClusterId = 1\nProcId = 0\nQDate = 1\nJobStatus = 2\n"),
            "h.txt:1: job 1.0 (the ad from here): running, but no integer JobCurrentStartDate");
  EXPECT_EQ(error("ClusterId = 1\nProcId = 0\nQDate = 1\nJobStatus = 4\n"
                  "JobCurrentStartDate = 50\nCompletionDate = 40\n"),
            "h.txt:1: job 1.0 (the ad from here): CompletionDate - JobCurrentStartDate gives a "
            "negative run time (-10 s)");
  EXPECT_NE(error("ClusterId = = 1\n").find("h.txt:1:"), std::string::npos);
  // A completed job whose run cannot be told is counted, not an error.
  classad::Result<Workload> read =
      ReadHistoryWorkloadText("ClusterId = 1\nProcId = 0\nQDate = 1\nJobStatus = 4\n", "h");
  ASSERT_TRUE(read.ok());
  EXPECT_EQ(read->counts.skipped.at("completed, run time unknown"), 1u);
}

// An SWF trace: header, a job with everything, one asking for no memory,
// one cancelled before it ran, one without a run time.
constexpr char kTrace[] =
    "; Version: 2.2\n"
    "; UnixStartTime: 1000000\n"
    ";\n"
    "1 0 5 3600 4 -1 -1 4 7200 2048 1 12 3 -1 1 2 -1 -1\n"
    "2 60 -1 100 -1 -1 -1 -1 -1 -1 1 13 -1 -1 -1 -1 -1 -1\n"
    "3 70 -1 -1 8 -1 -1 8 -1 -1 5 12 3 -1 -1 -1 -1 -1\n"
    "\n"
    "4 80 -1 -1 1 -1 -1 1 -1 -1 0 12 3 -1 -1 -1 -1 -1\n";

TEST(SwfWorkloadTest, EachLineIsAJobOfItsUserAndGroup) {
  SwfOptions options;
  options.uid_domain = "pool.org";
  ASSERT_TRUE(ReadSwfMappingText("# the archive's numbers\nuser 12 alice\n"
                                 "group 3 group_physics.hep  # a GROUP_NAMES entry\n",
                                 "map.txt", &options)
                  .ok());
  classad::Result<Workload> read = ReadSwfWorkloadText(kTrace, "t.swf", options);
  ASSERT_TRUE(read.ok()) << read.status().ToString();
  const Workload& w = *read;
  EXPECT_EQ(w.counts.records, 4u);
  EXPECT_EQ(w.counts.jobs, 2u);
  EXPECT_EQ(w.counts.skipped.at("cancelled before it ran"), 1u);
  EXPECT_EQ(w.counts.skipped.at("no run time"), 1u);
  EXPECT_EQ(w.counts.assumed.at("no processor count: 1"), 1u);
  EXPECT_EQ(w.counts.assumed.at("no memory: Requirements on Cpus only"), 1u);
  ASSERT_EQ(w.jobs.size(), 2u);
  const classad::ClassAd& first = *w.jobs[0].ad;
  EXPECT_EQ(w.jobs[0].arrival, 1000000);
  EXPECT_EQ(w.jobs[0].run_time, 3600);
  EXPECT_EQ(w.jobs[0].origin, "t.swf:4");
  EXPECT_EQ(NumberOf(first, "ClusterId"), 1);
  EXPECT_EQ(NumberOf(first, "QDate"), 1000000);
  EXPECT_EQ(NumberOf(first, "JobStatus"), 1);
  EXPECT_EQ(NumberOf(first, "RequestCpus"), 4);
  EXPECT_EQ(NumberOf(first, "RequestMemory"), 8);  // 2048 KB × 4 processors
  EXPECT_EQ(StringOf(first, "Owner"), "alice");
  EXPECT_EQ(StringOf(first, "User"), "alice@pool.org");
  EXPECT_EQ(StringOf(first, "AccountingGroup"), "group_physics.hep.alice");
  EXPECT_EQ(NumberOf(first, "SwfRequestedTime"), 7200);
  EXPECT_EQ(NumberOf(first, "SwfQueue"), 1);
  EXPECT_EQ(NumberOf(first, "SwfPartition"), 2);
  const classad::ClassAd& second = *w.jobs[1].ad;
  EXPECT_EQ(w.jobs[1].arrival, 1000060);
  EXPECT_EQ(StringOf(second, "Owner"), "user13");  // not mapped
  EXPECT_FALSE(second.Find("AccountingGroup"));    // group -1
  EXPECT_FALSE(second.Find("RequestMemory"));
  EXPECT_EQ(NumberOf(second, "RequestCpus"), 1);
}

TEST(SwfWorkloadTest, WithoutAHeaderTimeZeroIsTheOptionsStart) {
  SwfOptions options;
  options.start = 500;
  classad::Result<Workload> read =
      ReadSwfWorkloadText("1 10 -1 5 1 -1 -1 1 -1 -1 1 1 1 -1 -1 -1 -1 -1\n", "t", options);
  ASSERT_TRUE(read.ok()) << read.status().ToString();
  EXPECT_EQ(read->jobs[0].arrival, 510);
  EXPECT_EQ(StringOf(*read->jobs[0].ad, "AccountingGroup"), "group1.user1");
}

TEST(SwfWorkloadTest, BadLinesAreErrorsAtTheirLineAndColumn) {
  auto error = [](const std::string& text) {
    classad::Result<Workload> read = ReadSwfWorkloadText(text, "t.swf", SwfOptions());
    return read.ok() ? std::string("ok") : read.status().ToString();
  };
  EXPECT_EQ(error("; c\n1 0 5 3600 4\n"), "t.swf:2:13: an SWF job line has 18 fields, this one 5");
  EXPECT_EQ(error("1 0 5 36x0 4 -1 -1 4 7200 2048 1 12 3 -1 1 2 -1 -1\n"),
            "t.swf:1:7: field 4 `36x0` is not a number");
  EXPECT_EQ(error("1 0 5 3600 4 -1 -1 4 7200 2048 1 12 3 -1 1 2 -1 -1 9\n"),
            "t.swf:1:52: an SWF job line has 18 fields, this one 19");
  EXPECT_EQ(error("1 0 5 1 4 -1 -1 4 -1 -1 1 12 3 -1 1 2 -1 -1\n"
                  "1 9 5 1 4 -1 -1 4 -1 -1 1 12 3 -1 1 2 -1 -1\n"),
            "t.swf:2:1: job 1 is listed twice");
  EXPECT_EQ(error("1 -1 5 1 4 -1 -1 4 -1 -1 1 12 3 -1 1 2 -1 -1\n"),
            "t.swf:1:3: a job without a submit time");
  EXPECT_EQ(error("1.5 0 5 1 4 -1 -1 4 -1 -1 1 12 3 -1 1 2 -1 -1\n"),
            "t.swf:1:1: the job number is not an integer");
  EXPECT_EQ(error("2 0 5 1 4 -1 -1 4 -1 -1 1 12 3 -1 1 2 -1 -1\n"
                  "  2147483648 0 5 1 4 -1 -1 4 -1 -1 1 12 3 -1 1 2 -1 -1\n"),
            "t.swf:2:3: the job number `2147483648` is out of range (a ClusterId is a 32-bit "
            "integer)");
  EXPECT_EQ(error("; UnixStartTime: soon\n"), "t.swf:1:17: UnixStartTime is not an integer");
  // Found by fuzz_workload: memory times processors past int64_t.
  EXPECT_EQ(error("1 0 -1 60 1 -1 -1 2e9 -1 2e114 1 1 1 -1 1 -1 -1 -1\n"),
            "t.swf:1:19: field 8 `2e9` is out of range (at most 10^6 in magnitude)");
  EXPECT_EQ(error("1 0 -1 60 1 -1 -1 2 -1 2e114 1 1 1 -1 1 -1 -1 -1\n"),
            "t.swf:1:24: field 10 `2e114` is out of range (at most 10^12 in magnitude)");
  EXPECT_EQ(error("1 0 5 1 4 -1 -1 4 -1 -1 1 12 3 -1 1 2 -1 nan\n"),
            "t.swf:1:42: field 18 `nan` is not a number");
}

TEST(SwfWorkloadTest, BadMappingsAreErrorsAtTheirLineAndColumn) {
  auto error = [](const std::string& text) {
    SwfOptions options;
    classad::Status s = ReadSwfMappingText(text, "m", &options);
    return s.ok() ? std::string("ok") : s.ToString();
  };
  EXPECT_EQ(error("user 1 a\nuser 1 b\n"), "m:2:6: user 1 is mapped twice");
  EXPECT_EQ(error("owner 1 a\n"), "m:1:1: expected `user N NAME` or `group N NAME`, not `owner`");
  EXPECT_EQ(error("group x g\n"), "m:1:7: `x` is not an integer");
  EXPECT_EQ(error("user 2 a.b\n"), "m:1:8: `a.b` is not a user name (letters, digits, _ -)");
  EXPECT_EQ(error("group 2 g$\n"), "m:1:9: `g$` is not a group name (letters, digits, _ - .)");
  EXPECT_EQ(error("user 2\n"), "m:1:7: user mapping takes a number and a name");
  EXPECT_EQ(error("user 2 a b\n"), "m:1:10: user mapping takes a number and a name");
  EXPECT_EQ(error("\n  # nothing\ngroup 2 g.h\n"), "ok");
}

}  // namespace
}  // namespace negotiator
