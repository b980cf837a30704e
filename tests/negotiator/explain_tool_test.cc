// The policy_explain tool on the bundled examples (examples/explain):
// text and JSON, a match, a refused and an allowed preemption, the pool
// analysis, exit statuses, and errors in the input located by file, line
// and column.
#include <gtest/gtest.h>
#include <stdlib.h>
#include <sys/wait.h>
#include <unistd.h>

#include <cctype>
#include <cstdio>
#include <string>

#include "tests/policy/config_test_util.h"
#include "tests/tool_run.h"

namespace {

using policy::testing_util::TempFolder;
using test_tools::ShellQuote;
using test_tools::Slurp;
using test_tools::ToolRun;

const std::string kExamples = std::string(CLASSAD_EXAMPLES_DIR) + "/explain/";
const std::string kConfig = "--config " + ShellQuote(kExamples + "condor_config");
const std::string kSlots = ShellQuote(kExamples + "slots.ad");
const std::string kJobs = ShellQuote(kExamples + "jobs.ad");

// Runs policy_explain with `args` (shell words).
ToolRun Explain(const std::string& args) {
  ToolRun run;
  std::string err_path = ::testing::TempDir() + "explain_err_XXXXXX";
  const int fd = ::mkstemp(err_path.data());
  if (fd < 0) return run;
  ::close(fd);
  const std::string command =
      std::string(POLICY_EXPLAIN_BINARY) + " " + args + " 2>" + ShellQuote(err_path);
  FILE* pipe = ::popen(command.c_str(), "r");
  if (pipe == nullptr) return run;
  char buffer[4096];
  size_t n;
  while ((n = std::fread(buffer, 1, sizeof buffer, pipe)) > 0) run.out.append(buffer, n);
  const int status = ::pclose(pipe);
  run.exit_code = WIFEXITED(status) ? WEXITSTATUS(status) : -1;
  run.err = Slurp(err_path);
  ::unlink(err_path.c_str());
  return run;
}

// A small validating JSON parser: true when `text` is one JSON value
// (RFC 8259) and nothing else but white space.
class JsonChecker {
 public:
  explicit JsonChecker(const std::string& text) : s_(text) {}
  bool Valid() {
    Space();
    if (!Value(0)) return false;
    Space();
    return i_ == s_.size();
  }

 private:
  void Space() {
    while (i_ < s_.size() && (s_[i_] == ' ' || s_[i_] == '\n' || s_[i_] == '\t' || s_[i_] == '\r')) {
      ++i_;
    }
  }
  bool Literal(const char* word) {
    const std::string w(word);
    if (s_.compare(i_, w.size(), w) != 0) return false;
    i_ += w.size();
    return true;
  }
  bool String() {
    if (i_ >= s_.size() || s_[i_] != '"') return false;
    ++i_;
    while (i_ < s_.size()) {
      const unsigned char c = static_cast<unsigned char>(s_[i_]);
      if (c == '"') {
        ++i_;
        return true;
      }
      if (c < 0x20) return false;
      if (c == '\\') {
        ++i_;
        if (i_ >= s_.size()) return false;
        const char e = s_[i_];
        if (e == 'u') {
          for (int k = 1; k <= 4; ++k) {
            if (i_ + k >= s_.size() || !std::isxdigit(static_cast<unsigned char>(s_[i_ + k]))) {
              return false;
            }
          }
          i_ += 4;
        } else if (std::string("\"\\/bfnrt").find(e) == std::string::npos) {
          return false;
        }
      }
      ++i_;
    }
    return false;
  }
  bool Number() {
    const size_t start = i_;
    if (i_ < s_.size() && s_[i_] == '-') ++i_;
    if (i_ >= s_.size() || !std::isdigit(static_cast<unsigned char>(s_[i_]))) return false;
    if (s_[i_] == '0') {
      ++i_;
    } else {
      while (i_ < s_.size() && std::isdigit(static_cast<unsigned char>(s_[i_]))) ++i_;
    }
    if (i_ < s_.size() && s_[i_] == '.') {
      ++i_;
      if (i_ >= s_.size() || !std::isdigit(static_cast<unsigned char>(s_[i_]))) return false;
      while (i_ < s_.size() && std::isdigit(static_cast<unsigned char>(s_[i_]))) ++i_;
    }
    if (i_ < s_.size() && (s_[i_] == 'e' || s_[i_] == 'E')) {
      ++i_;
      if (i_ < s_.size() && (s_[i_] == '+' || s_[i_] == '-')) ++i_;
      if (i_ >= s_.size() || !std::isdigit(static_cast<unsigned char>(s_[i_]))) return false;
      while (i_ < s_.size() && std::isdigit(static_cast<unsigned char>(s_[i_]))) ++i_;
    }
    return i_ > start;
  }
  bool Value(int depth) {
    if (depth > 200 || i_ >= s_.size()) return false;
    const char c = s_[i_];
    if (c == '{' || c == '[') {
      const char close = c == '{' ? '}' : ']';
      ++i_;
      Space();
      if (i_ < s_.size() && s_[i_] == close) {
        ++i_;
        return true;
      }
      while (true) {
        Space();
        if (c == '{') {
          if (!String()) return false;
          Space();
          if (i_ >= s_.size() || s_[i_] != ':') return false;
          ++i_;
          Space();
        }
        if (!Value(depth + 1)) return false;
        Space();
        if (i_ < s_.size() && s_[i_] == ',') {
          ++i_;
          continue;
        }
        if (i_ < s_.size() && s_[i_] == close) {
          ++i_;
          return true;
        }
        return false;
      }
    }
    if (c == '"') return String();
    if (c == 't') return Literal("true");
    if (c == 'f') return Literal("false");
    if (c == 'n') return Literal("null");
    return Number();
  }

  const std::string& s_;
  size_t i_ = 0;
};

TEST(ExplainTool, ANonMatchingJobSaysWhichClausesRejectIt) {
  const ToolRun run = Explain(kConfig + " --slot " + kSlots +
                              " --slot-name slot1@node01.example.org --job " + kJobs +
                              " --job-id 100.0");
  EXPECT_EQ(run.exit_code, 1) << run.err;
  EXPECT_EQ(run.err, "");
  EXPECT_NE(run.out.find("Submitter: group_physics.alice@example.org\n"
                         "Result: no match\n"
                         "  - the job's Requirements are false\n"
                         "  - the slot's Requirements are false\n"),
            std::string::npos)
      << run.out;
  EXPECT_NE(run.out.find("  => false     (TARGET.Memory >= RequestMemory)\n"
                         "               TARGET.Memory = 4096 < RequestMemory = 8192\n"),
            std::string::npos)
      << run.out;
  EXPECT_NE(run.out.find("               START = (TARGET.RequestMemory <= Memory) && "
                         "(LoadAvg < 0.5)\n"
                         "                 => false     (TARGET.RequestMemory <= Memory)\n"
                         "                              TARGET.RequestMemory = 8192 > Memory = "
                         "4096\n"),
            std::string::npos)
      << run.out;
}

TEST(ExplainTool, APreemptionAndWhatItNeeds) {
  const std::string pair = kConfig + " --slot " + kSlots + " --slot-name slot1@node02.example.org" +
                           " --job " + kJobs + " --job-id 100.0 --now 1732007200";
  // With the defaults, bob's chemistry group is not above its quota.
  ToolRun run = Explain(pair + " --remote-prio 2000");
  EXPECT_EQ(run.exit_code, 1) << run.err;
  EXPECT_NE(run.out.find("Result: no match\n"
                         "  - PREEMPTION_REQUIREMENTS is false: the claim of "
                         "group_chemistry.bob@example.org may not be preempted\n"),
            std::string::npos)
      << run.out;
  EXPECT_NE(run.out.find("RemoteGroupResourcesInUse = 0.0 < RemoteGroupQuota = 32.0"),
            std::string::npos);

  run = Explain(pair + " --remote-prio 2000 --remote-group-resources-in-use=40");
  EXPECT_EQ(run.exit_code, 0) << run.err;
  EXPECT_NE(run.out.find("Result: match, by preempting for priority\n"), std::string::npos)
      << run.out;
  EXPECT_NE(run.out.find("RemoteUserPrio = 2000.0 > TARGET.SubmitterUserPrio * 1.2 = 600.0"),
            std::string::npos)
      << run.out;
  EXPECT_NE(run.out.find("PREEMPTION_RANK = 1999992800.0 (as float: 1999992832.0)"),
            std::string::npos)
      << run.out;
  EXPECT_NE(run.out.find("RemoteGroupResourcesInUse = 40.0, RemoteGroupQuota = 32.0 (default)"),
            std::string::npos)
      << run.out;

  // All four MATLAB licences in use.
  run = Explain(pair + " --remote-prio 2000 --remote-group-resources-in-use 40 "
                       "--limit-in-use matlab=4");
  EXPECT_EQ(run.exit_code, 1);
  EXPECT_NE(run.out.find("  - concurrency limit matlab reached: 4 in use + 1 > 4\n"),
            std::string::npos)
      << run.out;
}

TEST(ExplainTool, JsonForPrograms) {
  const ToolRun run = Explain(kConfig + " --slot " + kSlots +
                              " --slot-name slot1@node02.example.org --job " + kJobs +
                              " --job-id 100.0 --now 1732007200 --remote-prio 2000 "
                              "--remote-group-resources-in-use 40 --json");
  EXPECT_EQ(run.exit_code, 0) << run.err;
  EXPECT_TRUE(JsonChecker(run.out).Valid()) << run.out;
  for (const char* part :
       {"\"mode\": \"pair\"", "\"matches\": true", "\"preemption_kind\": \"priority\"",
        "\"submitter\": \"group_physics.alice@example.org\"",
        "\"remote_user\": \"group_chemistry.bob@example.org\"", "\"chain\": \"&&\"",
        "\"relation\": \">\"", "\"name\": \"RemoteUserPrio\",\n      \"on\": \"slot\",\n"
                               "      \"value\": {\n        \"type\": \"real\",\n"
                               "        \"value\": 2000\n      },\n      \"default\": false"}) {
    EXPECT_NE(run.out.find(part), std::string::npos) << part << "\n" << run.out;
  }

  const ToolRun pool =
      Explain(kConfig + " --slots " + kSlots + " --jobs " + kJobs + " --json");
  EXPECT_EQ(pool.exit_code, 1);
  EXPECT_TRUE(JsonChecker(pool.out).Valid()) << pool.out;
  EXPECT_NE(pool.out.find("\"mode\": \"pool\""), std::string::npos);
}

TEST(ExplainTool, ThePoolSaysWhichClauseRejectsTheMostSlots) {
  const ToolRun run = Explain(kConfig + " --slots " + kSlots + " --jobs " + kJobs);
  EXPECT_EQ(run.exit_code, 1) << run.err;  // job 101.0 matches no slot
  EXPECT_NE(run.out.find("Pool: 3 slots, 3 considered\nJobs: 3 jobs in 2 groups\n"),
            std::string::npos)
      << run.out;
  EXPECT_NE(run.out.find("Jobs 100.0 100.1 (2 jobs, submitter group_physics.alice@example.org)\n"
                         "  matches 1 of 3 slots: 0 unclaimed, 1 claimed (a preemption is "
                         "needed)\n"),
            std::string::npos)
      << run.out;
  EXPECT_NE(run.out.find("Job 101.0 (1 job, submitter group_chemistry.carol@example.org)\n"
                         "  matches no slot\n"),
            std::string::npos)
      << run.out;
  EXPECT_NE(run.out.find("    3     job   (TARGET.GPUs >= RequestGpus)\n"), std::string::npos)
      << run.out;

  const ToolRun alone = Explain(kConfig + " --slots " + kSlots + " --jobs " + kJobs +
                                " --no-grouping --submitter someone@else");
  EXPECT_NE(alone.out.find("Jobs: 3 jobs in 3 groups\n"), std::string::npos) << alone.out;
  EXPECT_NE(alone.out.find("submitter someone@else"), std::string::npos);
}

TEST(ExplainTool, BadUsage) {
  EXPECT_EQ(Explain("").exit_code, 3);
  EXPECT_EQ(Explain("--help").exit_code, 0);
  ToolRun run = Explain(kConfig + " --slot " + kSlots);
  EXPECT_EQ(run.exit_code, 3);
  EXPECT_NE(run.err.find("policy_explain: give both --slot and --job\n"), std::string::npos)
      << run.err;
  EXPECT_NE(run.err.find("usage: policy_explain"), std::string::npos);
  run = Explain(kConfig + " --slot " + kSlots + " --jobs " + kJobs);
  EXPECT_EQ(run.exit_code, 3);
  run = Explain(kConfig + " --frobnicate");
  EXPECT_EQ(run.exit_code, 3);
  EXPECT_NE(run.err.find("policy_explain: unknown option --frobnicate\n"), std::string::npos);
  run = Explain(kConfig + " --slot " + kSlots + " --job " + kJobs + " --remote-prio lots");
  EXPECT_EQ(run.exit_code, 3);
  EXPECT_NE(run.err.find("policy_explain: --remote-prio needs a number, not 'lots'\n"),
            std::string::npos)
      << run.err;
  EXPECT_EQ(Explain(kConfig + " --slot " + kSlots + " --job " + kJobs + " --remote-prio inf")
                .exit_code,
            3);
  EXPECT_EQ(Explain(kConfig + " --slots " + kSlots + " --jobs " + kJobs + " --job-id 1.0")
                .exit_code,
            3);
  EXPECT_EQ(Explain(kConfig + " --json=yes --slot " + kSlots + " --job " + kJobs).exit_code, 3);
  EXPECT_EQ(Explain(kConfig + " --slot " + kSlots + " --job " + kJobs + " --limit-in-use matlab")
                .exit_code,
            3);

  // Several ads and no choice, or a choice that fits none.
  run = Explain(kConfig + " --slot " + kSlots + " --job " + kJobs + " --job-id 100.0");
  EXPECT_EQ(run.exit_code, 3);
  EXPECT_NE(run.err.find("slots.ad holds 3 ads; choose one with --slot-name "
                         "(slot1@node01.example.org, slot1@node02.example.org, "
                         "slot1@node03.example.org)\n"),
            std::string::npos)
      << run.err;
  run = Explain(kConfig + " --slot " + kSlots + " --slot-name SLOT1@NODE03.example.org --job " +
                kJobs + " --job-id 7.7");
  EXPECT_EQ(run.exit_code, 3);
  EXPECT_NE(run.err.find("jobs.ad holds no ad with --job-id 7.7 (it holds 100.0, 100.1, 101.0)"),
            std::string::npos)
      << run.err;
}

TEST(ExplainTool, BadInputIsLocated) {
  TempFolder folder;
  const std::string bad_ad = folder.Write("bad.ad", "[ Name = \"x\";\n  Memory = ]\n");
  ToolRun run = Explain(kConfig + " --slot " + ShellQuote(bad_ad) + " --job " + kJobs);
  EXPECT_EQ(run.exit_code, 2);
  EXPECT_EQ(run.err.rfind(bad_ad + ":2:12: ", 0), 0u) << run.err;

  const std::string binary = folder.Write("binary.ad", std::string("Name = \"a\0b\"\n", 13));
  run = Explain(kConfig + " --slot " + ShellQuote(binary) + " --job " + kJobs);
  EXPECT_EQ(run.exit_code, 2);
  EXPECT_EQ(run.err.rfind(binary + ":1:", 0), 0u) << run.err;

  const std::string empty = folder.Write("empty.ad", "# nothing\n");
  run = Explain(kConfig + " --slot " + ShellQuote(empty) + " --job " + kJobs);
  EXPECT_EQ(run.exit_code, 2);
  EXPECT_EQ(run.err, empty + ": holds no ads\n");

  run = Explain(kConfig + " --slot " + ShellQuote(folder.path() + "/missing.ad") + " --job " +
                kJobs);
  EXPECT_EQ(run.exit_code, 2);
  EXPECT_NE(run.err.find("missing.ad"), std::string::npos);

  const std::string bad_config =
      folder.Write("bad.config", "NEGOTIATOR_INTERVAL = 60\nPREEMPTION_REQUIREMENTS = (a &&\n");
  run = Explain("--config " + ShellQuote(bad_config) + " --slot " + kSlots + " --job " + kJobs);
  EXPECT_EQ(run.exit_code, 2);
  EXPECT_EQ(run.err.rfind(bad_config + ":2:", 0), 0u) << run.err;
  EXPECT_NE(run.err.find("PREEMPTION_REQUIREMENTS"), std::string::npos);

  const std::string broken_config = folder.Write("broken.config", "if true\n");
  run = Explain("--config " + ShellQuote(broken_config) + " --slot " + kSlots + " --job " + kJobs);
  EXPECT_EQ(run.exit_code, 2);
  EXPECT_EQ(run.err.rfind(broken_config + ":", 0), 0u) << run.err;
}

}  // namespace
