// DIRAC's settings read as DIRAC's code reads them
// (policy/dirac/dirac_settings.h).
#include "policy/dirac/dirac_settings.h"

#include <gtest/gtest.h>

#include "policy/dirac/dirac_diagnostic.h"

namespace policy::dirac {
namespace {

// The page's example (dirac-job-priority-handling.txt), under
// Operations/Defaults, with a Registry of three groups.
constexpr std::string_view kPageExample = R"(Registry
{
  Groups
  {
    lhcb_user
    {
      JobShare = 200
      Properties = NormalUser
    }
    lhcb_prod
    {
      JobShare = 0.5
      Properties = NormalUser, JobSharing
      AllowBackgroundTQs = yes
    }
    lhcb_admin
    {
      Properties = NormalUser
      Properties += JobSharing
    }
  }
}
Operations
{
  Defaults
  {
    JobScheduling
    {
      EnableSharesCorrection = True
      ShareCorrections
      {
        ShareCorrectorsToStart = WMSHistory
        WMSHistory
        {
          GroupsInstance
          {
            MaxGlobalCorrectionFactor = 3
            WeekSlice
            {
              TimeSpan = 604800
              Weight = 80
              MaxCorrection = 2
            }
            HourSlice
            {
              TimeSpan = 3600
              Weight = 20
              MaxCorrection = 5
            }
          }
          lhcb_userInstance
          {
            Group = lhcb_user
            MaxGlobalCorrection = 3
            WeekSlice
            {
              Weight = 0.8
            }
            HourSlice
            {
              TimeSpan = 3600
              Weight = 0.2
            }
          }
        }
      }
    }
  }
}
)";

DiracSettings ReadSettings(std::string_view text, const OperationsScope& scope = {}) {
  classad::Result<CsConfig> config = ReadCsText(text, "dirac.cfg");
  EXPECT_TRUE(config.ok()) << config.status().ToString();
  if (!config.ok()) return {};
  classad::Result<DiracSettings> settings = ReadDiracSettings(*config, scope);
  EXPECT_TRUE(settings.ok()) << settings.status().ToString();
  return settings.ok() ? std::move(settings).value() : DiracSettings{};
}

TEST(DiracSettings, GroupsTakeJobShareAsAnIntegerWithDiracsDefault) {
  const DiracSettings settings = ReadSettings(kPageExample);
  ASSERT_EQ(settings.groups.size(), 3u);
  EXPECT_EQ(settings.FindGroup("lhcb_user")->job_share, 200);
  EXPECT_FALSE(settings.FindGroup("lhcb_user")->job_sharing);
  // "0.5" is not an integer: DIRAC's int() refuses it and it takes 1000.
  EXPECT_EQ(settings.FindGroup("lhcb_prod")->job_share, 1000);
  EXPECT_TRUE(settings.FindGroup("lhcb_prod")->job_sharing);
  EXPECT_TRUE(settings.FindGroup("lhcb_prod")->allow_background_tqs);
  // No JobShare: 1000; JobSharing added with +=.
  EXPECT_EQ(settings.FindGroup("lhcb_admin")->job_share, 1000);
  EXPECT_TRUE(settings.FindGroup("lhcb_admin")->job_sharing);
  EXPECT_EQ(settings.FindGroup("lhcb_other"), nullptr);
}

TEST(DiracSettings, ANonIntegerBecomesTheDefaultWithADiagnosticAtTheValue) {
  const DiracSettings settings = ReadSettings(kPageExample);
  std::vector<std::string> found;
  for (const lint::Diagnostic& d : settings.diagnostics) {
    found.push_back(std::to_string(d.where.line) + ":" + std::to_string(d.where.column) + " " +
                    d.check);
  }
  // JobShare = 0.5 (line 12), Weight = 0.8 (line 57), Weight = 0.2 (line 62).
  EXPECT_EQ(found, (std::vector<std::string>{"12:18 dirac-non-integer", "57:24 dirac-non-integer",
                                             "62:24 dirac-non-integer"}));
  EXPECT_EQ(settings.diagnostics[0].message,
            "/Registry/Groups/lhcb_prod/JobShare = 0.5 is not an integer: DIRAC reads this "
            "option with int() and silently takes the default 1000");
  EXPECT_EQ(SuggestedFix(settings.diagnostics[0]),
            "write a whole number (digits only, e.g. JobShare = 1000), or remove the option to "
            "mean the default");
}

TEST(DiracSettings, TheGlobalClampIsReadFromMaxGlobalCorrectionOnly) {
  const DiracSettings settings = ReadSettings(kPageExample);
  ASSERT_EQ(settings.scheduling.wms_history.size(), 2u);
  const CorrectorInstance& groups = settings.scheduling.wms_history[0];
  EXPECT_EQ(groups.name, "GroupsInstance");
  EXPECT_EQ(groups.group, "");
  // MaxGlobalCorrectionFactor = 3 is never read: the default 5.
  EXPECT_EQ(groups.max_global_correction, 5);
  EXPECT_EQ(settings.scheduling.wms_history[1].max_global_correction, 3);
}

TEST(DiracSettings, SpanWeightsAreNormalisedAndNonIntegersTakeTheirDefaults) {
  const DiracSettings settings = ReadSettings(kPageExample);
  const CorrectorInstance& groups = settings.scheduling.wms_history[0];
  ASSERT_EQ(groups.spans.size(), 2u);
  EXPECT_EQ(groups.spans[0].name, "WeekSlice");
  EXPECT_EQ(groups.spans[0].time_span, 604800);
  EXPECT_EQ(groups.spans[0].max_correction, 2);
  EXPECT_DOUBLE_EQ(groups.spans[0].normalised_weight, 0.8);  // 80 / (80 + 20)
  EXPECT_DOUBLE_EQ(groups.spans[1].normalised_weight, 0.2);  // 20 / 100
  const CorrectorInstance& users = settings.scheduling.wms_history[1];
  EXPECT_EQ(users.group, "lhcb_user");
  // Weight 0.8 and 0.2 are not integers: both 1, so 1/2 each; the week
  // span's missing TimeSpan and MaxCorrection take 604800 and 3.
  EXPECT_EQ(users.weight_sum, 2);
  EXPECT_DOUBLE_EQ(users.spans[0].normalised_weight, 0.5);
  EXPECT_DOUBLE_EQ(users.spans[1].normalised_weight, 0.5);
  EXPECT_EQ(users.spans[0].time_span, 604800);
  EXPECT_EQ(users.spans[0].max_correction, 3);
  EXPECT_EQ(users.update_history_period, 900);
}

TEST(DiracSettings, CorrectorsRunOnlyWhenEnabledAndStarted) {
  const DiracSettings settings = ReadSettings(kPageExample);
  EXPECT_TRUE(settings.CorrectionActive());
  ASSERT_NE(settings.GroupsCorrector(), nullptr);
  EXPECT_EQ(settings.GroupsCorrector()->name, "GroupsInstance");
  ASSERT_NE(settings.UsersCorrector("lhcb_user"), nullptr);
  EXPECT_EQ(settings.UsersCorrector("lhcb_prod"), nullptr);

  std::string disabled(kPageExample);
  disabled.replace(disabled.find("EnableSharesCorrection = True"), 29,
                   "EnableSharesCorrection = on ");
  const DiracSettings off = ReadSettings(disabled);
  EXPECT_FALSE(off.CorrectionActive());  // "on" is not one of DIRAC's true spellings
  EXPECT_EQ(off.GroupsCorrector(), nullptr);

  std::string not_started(kPageExample);
  not_started.replace(not_started.find("= WMSHistory"), 12, "= Other");
  EXPECT_FALSE(ReadSettings(not_started).CorrectionActive());
}

TEST(DiracSettings, TheSetupsJobSchedulingMergesWithTheDefaults) {
  std::string text(kPageExample);
  // A setup that turns correction off and gives the groups' instance a
  // clamp of 2.
  text.insert(text.rfind('}'),
              "  Production\n  {\n    JobScheduling\n    {\n      EnableSharesCorrection = "
              "False\n      ShareCorrections\n      {\n        WMSHistory\n        {\n"
              "          GroupsInstance\n          {\n            MaxGlobalCorrection = 2\n"
              "          }\n        }\n      }\n    }\n  }\n");
  const DiracSettings production = ReadSettings(text, {"Production", "", {}});
  EXPECT_FALSE(production.scheduling.enable_shares_correction);
  ASSERT_EQ(production.scheduling.wms_history.size(), 2u);
  EXPECT_EQ(production.scheduling.wms_history[0].max_global_correction, 2);
  EXPECT_EQ(production.scheduling.wms_history[0].spans.size(), 2u);  // from Defaults
  const DiracSettings certification = ReadSettings(text, {"Certification", "", {}});
  EXPECT_TRUE(certification.scheduling.enable_shares_correction);
  EXPECT_EQ(certification.scheduling.wms_history[0].max_global_correction, 5);
}

TEST(DiracSettings, ASecondInstanceForTheSameEntitiesIsNotStarted) {
  const DiracSettings settings = ReadSettings(R"(Operations
{
  Defaults
  {
    JobScheduling
    {
      EnableSharesCorrection = yes
      ShareCorrections
      {
        ShareCorrectorsToStart = WMSHistory
        WMSHistory
        {
          First
          {
            Week
            {
              Weight = 1
            }
          }
          Second
          {
            Day
            {
              Weight = 1
            }
          }
          Zero
          {
            Group = g
            Week
            {
              Weight = 0
            }
          }
        }
      }
    }
  }
}
)");
  ASSERT_EQ(settings.scheduling.wms_history.size(), 3u);
  EXPECT_TRUE(settings.scheduling.wms_history[0].usable);
  EXPECT_FALSE(settings.scheduling.wms_history[1].usable);
  EXPECT_EQ(settings.scheduling.wms_history[1].unusable_reason,
            "a second instance for the groups (First comes first)");
  EXPECT_EQ(settings.GroupsCorrector()->name, "First");
  // Weights summing to 0: DIRAC's normalisation divides by zero.
  EXPECT_FALSE(settings.scheduling.wms_history[2].usable);
  EXPECT_EQ(settings.UsersCorrector("g"), nullptr);
  ASSERT_EQ(settings.diagnostics.size(), 2u);
  EXPECT_EQ(settings.diagnostics[0].check, "dirac-duplicate-corrector");
  EXPECT_EQ(settings.diagnostics[0].where.line, 20);
  EXPECT_EQ(settings.diagnostics[1].check, "dirac-span-weights");
  EXPECT_EQ(settings.diagnostics[1].severity, lint::Severity::kError);
}

}  // namespace
}  // namespace policy::dirac
