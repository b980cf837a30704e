// Tests of the metaknob table and of HTCondor's metaknob argument
// expansion (expand_meta_args), expected values worked out from config.cpp.
#include "policy/metaknobs.h"

#include <gtest/gtest.h>

#include <cctype>
#include <string>

#include "policy/metaknob_templates.h"

namespace policy {
namespace {

std::string Expand(std::string_view text, std::string_view args) {
  classad::Result<std::string> r = ExpandMetaArgs(text, args);
  if (!r.ok()) return "ERROR: " + r.status().message();
  return *r;
}

std::string BodyError(std::string_view category, std::string_view name, std::string_view args) {
  classad::Result<std::string> r = MetaknobBody(category, name, args);
  if (r.ok()) return "";
  EXPECT_EQ(r.status().code(), classad::StatusCode::kInvalidArgument);
  return r.status().message();
}

TEST(MetaknobExistsTest, KnowsEveryCategoryAndName) {
  for (const char* category : {"ROLE", "FEATURE", "POLICY", "SECURITY", "UPGRADE",
                               "EXPERIMENTAL", "role", "Feature"}) {
    EXPECT_TRUE(MetaknobExists(category, "")) << category;
  }
  EXPECT_FALSE(MetaknobExists("BOGUS", ""));
  EXPECT_FALSE(MetaknobExists("", ""));
  EXPECT_TRUE(MetaknobExists("FEATURE", "AssignAccountingGroup"));
  EXPECT_TRUE(MetaknobExists("feature", "assignaccountinggroup"));
  EXPECT_TRUE(MetaknobExists("ROLE", "CentralManager"));
  EXPECT_TRUE(MetaknobExists("ROLE", "get_htcondor_execute"));
  EXPECT_TRUE(MetaknobExists("POLICY", "PREEMPT_IF_RUNTIME_EXCEEDS"));
  EXPECT_TRUE(MetaknobExists("POLICY", "OnlyRegisteredCheckpointDestinations"));
  EXPECT_TRUE(MetaknobExists("SECURITY", "recommended_v24_0"));
  EXPECT_TRUE(MetaknobExists("UPGRADE", "DISCARD_VMWARE"));
  EXPECT_TRUE(MetaknobExists("EXPERIMENTAL", "HADReplication"));
  EXPECT_TRUE(MetaknobExists("FEATURE", "DefaultCheckpointDestination"));
  EXPECT_FALSE(MetaknobExists("FEATURE", "CentralManager"));  // a ROLE, not a FEATURE
  EXPECT_FALSE(MetaknobExists("FEATURE", "AssignAccountingGroupX"));
  EXPECT_FALSE(MetaknobExists("BOGUS", "GPUs"));
}

TEST(MetaknobExistsTest, CountsPerCategoryMatchParamInfo) {
  // param_info.in at 7491a145f6: ROLE 7, FEATURE 37, POLICY 18, SECURITY 9,
  // UPGRADE 5, EXPERIMENTAL 5. Spot-check the ends of each list.
  for (const char* name : {"Personal", "Execute", "Submit", "CentralManager",
                           "get_htcondor_central_manager", "get_htcondor_submit",
                           "get_htcondor_execute"}) {
    EXPECT_TRUE(MetaknobExists("ROLE", name)) << name;
  }
  for (const char* name : {"HOST_BASED", "WITH_AUTHENTICATION", "STRONG", "USER_BASED",
                           "get_htcondor_idtokens", "recommended_v9_0", "recommended_v24_0",
                           "recommended", "FIPS"}) {
    EXPECT_TRUE(MetaknobExists("SECURITY", name)) << name;
  }
}

TEST(ExpandMetaArgsTest, Arguments) {
  const std::string args = "arg1, , arg3";
  EXPECT_EQ(Expand("$(0)", args), "arg1, , arg3");
  EXPECT_EQ(Expand("$(1)", args), "arg1");
  // Empty items are skipped (StringTokenIterator), unlike param_info.in's
  // comment says: the second argument is arg3.
  EXPECT_EQ(Expand("$(2)", args), "arg3");
  EXPECT_EQ(Expand("$(3)", args), "");
  EXPECT_EQ(Expand("$(0#)", args), "2");
  EXPECT_EQ(Expand("$(0+)", args), "2");
  EXPECT_EQ(Expand("$(1?)", args), "1");
  EXPECT_EQ(Expand("$(3?)", args), "0");
  EXPECT_EQ(Expand("$(0?)", args), "1");
  EXPECT_EQ(Expand("$(1+)", args), "arg1, , arg3");
  EXPECT_EQ(Expand("$(2+)", args), ", arg3");
  EXPECT_EQ(Expand("$(2#)", args), ", arg3");  // N# for N > 0 is N+
  EXPECT_EQ(Expand("$(3+)", args), "");
  EXPECT_EQ(Expand("$(3+:none)", args), "none");
  EXPECT_EQ(Expand("$(3:def)", args), "def");
  EXPECT_EQ(Expand("$(1:def)", args), "arg1");
  EXPECT_EQ(Expand("$(3?:x)", args), "1");  // the default counts
  EXPECT_EQ(Expand("$(0:def)", ""), "");     // $(0) takes no default
  EXPECT_EQ(Expand("$(3: spaced )", args), "spaced");
  EXPECT_EQ(Expand("$(3:f(x, y))", args), "f(x, y)");
  EXPECT_EQ(Expand("[$(1)|$(2)]", " a ,b "), "[a|b]");
}

TEST(ExpandMetaArgsTest, NoArguments) {
  EXPECT_EQ(Expand("$(0)", ""), "");
  EXPECT_EQ(Expand("$(1)", ""), "");
  EXPECT_EQ(Expand("$(0#)", ""), "0");
  EXPECT_EQ(Expand("$(1?)", ""), "0");
  EXPECT_EQ(Expand("$(2:True)", ""), "True");
}

TEST(ExpandMetaArgsTest, LeavesOtherMacrosAlone) {
  EXPECT_EQ(Expand("$(NAME) $(1) $$(1) $(1x) $ENV(1) $(A:$(1))", "v"),
            "$(NAME) v $$(1) $(1x) $ENV(1) $(A:v)");
  EXPECT_EQ(Expand("$(", "v"), "$(");
  EXPECT_EQ(Expand("$(1", "v"), "$(1");
  EXPECT_EQ(Expand("$()", "v"), "$()");
  EXPECT_EQ(Expand("$(?)", "v"), "$(?)");
  EXPECT_EQ(Expand("$$$(1)", "v"), "$$v");
}

TEST(ExpandMetaArgsTest, OddIndexes) {
  EXPECT_EQ(Expand("$(01)", "a,b"), "a");
  EXPECT_EQ(Expand("$(1?#)", "a"), "1");     // '?' wins, the rest is ignored
  EXPECT_EQ(Expand("$(1?#:x)", ""), "0");    // no ':' right after: no default
  EXPECT_EQ(Expand("$(12?3)", ""), "0");
  // An index beyond a long is clamped, then truncated to an int (-1):
  // HTCondor then takes it as $(0).
  EXPECT_EQ(Expand("$(99999999999999999999)", "a,b"), "a,b");
  EXPECT_EQ(Expand("$(4294967297)", "a,b"), "a");  // low 32 bits: 1
}

TEST(ExpandMetaArgsTest, ResultsAreScannedAgain) {
  EXPECT_EQ(Expand("$(1)", "$(2), x"), "x");
  classad::Result<std::string> loop = ExpandMetaArgs("$(1)", "$(1)");
  ASSERT_FALSE(loop.ok());
  EXPECT_EQ(loop.status().code(), classad::StatusCode::kLimitExceeded);
  EXPECT_NE(loop.status().message().find("loop forever"), std::string::npos);
  MetaArgLimits small;
  small.max_bytes = 100;
  classad::Result<std::string> grow = ExpandMetaArgs("$(1)", "$(1)$(1)", small);
  ASSERT_FALSE(grow.ok());
  EXPECT_EQ(grow.status().code(), classad::StatusCode::kLimitExceeded);
}

TEST(MetaknobBodyTest, AssignAccountingGroup) {
  classad::Result<std::string> body =
      MetaknobBody("FEATURE", "AssignAccountingGroup", " /etc/condor/groups.map ");
  ASSERT_TRUE(body.ok()) << body.status().message();
  const std::string& text = *body;
  EXPECT_NE(text.find("use FEATURE : ScheddUsermapFile(AssignAccountingGroup, "
                      "/etc/condor/groups.map)"),
            std::string::npos);
  EXPECT_NE(text.find("JOB_TRANSFORM_NAMES = $(JOB_TRANSFORM_NAMES) AssignAccountingGroup\n"),
            std::string::npos);
  EXPECT_NE(text.find("JOB_TRANSFORM_AssignAccountingGroup @=end\n"), std::string::npos);
  EXPECT_NE(text.find("EVALSET AcctGroup = usermap(\"AssignAccountingGroup\",AcctGroupUser,"
                      "AcctGroup)"),
            std::string::npos);
  EXPECT_NE(text.find("EVALSET AccountingGroup = join(\".\",AcctGroup,AcctGroupUser)"),
            std::string::npos);
  EXPECT_NE(text.find("IMMUTABLE_JOB_ATTRS = $(IMMUTABLE_JOB_ATTRS) AcctGroup AcctGroupUser "
                      "AccountingGroup\n"),
            std::string::npos);
  EXPECT_NE(text.find("if True\n"), std::string::npos);  // check_request defaults to True
  EXPECT_NE(text.find("SUBMIT_REQUIREMENT_CheckRequestedGroup = RequestedAcctGroup is undefined "
                      "|| RequestedAcctGroup == AcctGroup\n"),
            std::string::npos);
  EXPECT_NE(text.find("SUBMIT_REQUIREMENT_AssignAccountingGroup = AcctGroup isnt undefined && "
                      "AccountingGroup isnt undefined\n"),
            std::string::npos);
  EXPECT_NE(text.find("if ! 1\n"), std::string::npos);
  EXPECT_EQ(text.find("$(1"), std::string::npos);
  EXPECT_EQ(text.find("$(2"), std::string::npos);

  classad::Result<std::string> unchecked =
      MetaknobBody("feature", "assignaccountinggroup", "groups.map, false");
  ASSERT_TRUE(unchecked.ok());
  EXPECT_NE(unchecked->find("if false\n"), std::string::npos);
}

TEST(MetaknobBodyTest, ScheddUsermapFile) {
  classad::Result<std::string> body =
      MetaknobBody("FEATURE", "ScheddUsermapFile", "AssignAccountingGroup, /x/groups.map");
  ASSERT_TRUE(body.ok()) << body.status().message();
  EXPECT_NE(body->find("SCHEDD_CLASSAD_USER_MAP_NAMES = $(SCHEDD_CLASSAD_USER_MAP_NAMES) "
                       "AssignAccountingGroup\n"),
            std::string::npos);
  EXPECT_NE(body->find("CLASSAD_USER_MAPFILE_AssignAccountingGroup = /x/groups.map\n"),
            std::string::npos);
  // A missing argument is the body's own `error :` line, read by the
  // configuration reader (ConfigReaderTest.UseRequiredArguments).
  classad::Result<std::string> one = MetaknobBody("FEATURE", "ScheddUsermapFile", "OnlyName");
  ASSERT_TRUE(one.ok());
  EXPECT_NE(one->find("if ! 0\n  error : use FEATURE : ScheddUsermapFile requires 2 arguments: "
                      "map_name, map_file\nendif\n"),
            std::string::npos)
      << *one;
}

TEST(MetaknobBodyTest, Errors) {
  EXPECT_EQ(BodyError("FEATURE", "NoSuchThing", ""), "use FEATURE: does not recognise NoSuchThing");
  EXPECT_EQ(BodyError("ROLE", "GPUs", ""), "use ROLE: does not recognise GPUs");
  EXPECT_NE(BodyError("BOGUS", "GPUs", "").find("use BOGUS: does not recognise GPUs"),
            std::string::npos);
  EXPECT_NE(BodyError("FEATURE", "", "").find("needs a metaknob name"), std::string::npos);
  classad::Result<std::string> loop = MetaknobBody("FEATURE", "AssignAccountingGroup", "$(1)");
  ASSERT_FALSE(loop.ok());
  EXPECT_EQ(loop.status().code(), classad::StatusCode::kLimitExceeded);
}

TEST(MetaknobBodyTest, EveryMetaknobHasABodyAndIsFoundInAnyCase) {
  size_t count = 0;
  for (const MetaknobTemplate& entry : MetaknobTemplates()) {
    ++count;
    EXPECT_TRUE(MetaknobExists(entry.category, entry.name)) << entry.name;
    std::string lower(entry.name);
    for (char& c : lower) c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
    classad::Result<std::string> body = MetaknobBody(entry.category, lower, "");
    ASSERT_TRUE(body.ok()) << entry.category << ":" << entry.name << ": "
                           << body.status().message();
    EXPECT_FALSE(body->empty()) << entry.name;
    EXPECT_EQ(body->back(), '\n') << entry.name;
  }
  // param_info.in at 7491a145f6: ROLE 7, FEATURE 37, POLICY 18, SECURITY 9,
  // UPGRADE 5, EXPERIMENTAL 5.
  EXPECT_EQ(count, 81u);
}

TEST(MetaknobBodyTest, ArgumentsAreSubstituted) {
  classad::Result<std::string> body = MetaknobBody("POLICY", "PREEMPT_IF_RUNTIME_EXCEEDS", "3600");
  ASSERT_TRUE(body.ok()) << body.status().message();
  EXPECT_NE(body->find("MAX_JOB_RUNTIME = 3600\n"), std::string::npos) << *body;
  classad::Result<std::string> defaulted = MetaknobBody("POLICY", "PREEMPT_IF_RUNTIME_EXCEEDS", "");
  ASSERT_TRUE(defaulted.ok());
  EXPECT_NE(defaulted->find("MAX_JOB_RUNTIME = 24*3600\n"), std::string::npos) << *defaulted;
}

}  // namespace
}  // namespace policy
