// LoadModel: a share model chosen as the tools choose it, with what DIRAC
// reads otherwise than written as the lines the tools print.
#include "negotiator/shares/load_share_model.h"

#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>
#include <string>
#include <vector>

namespace negotiator {
namespace {

namespace fs = std::filesystem;

TEST(LoadModelTest, HTCondorsPieIsNull) {
  std::vector<std::string> warnings;
  auto model = LoadModel(ShareModelChoice{}, &warnings);
  ASSERT_TRUE(model.ok()) << model.status().ToString();
  EXPECT_EQ(*model, nullptr);
  EXPECT_TRUE(warnings.empty());
}

TEST(LoadModelTest, DiracsOddValuesAreLocatedWarningLines) {
  const fs::path odd = fs::path(testing::TempDir()) / "load_model_odd.cfg";
  std::ofstream(odd) << "Registry\n{\n  Groups\n  {\n    g\n    {\n      JobShare = 0.5\n"
                        "    }\n  }\n}\n";
  ShareModelChoice choice;
  choice.kind = ShareModelKind::kDirac;
  choice.dirac_config = {odd.string()};
  std::vector<std::string> warnings;
  auto model = LoadModel(choice, &warnings);
  ASSERT_TRUE(model.ok()) << model.status().ToString();
  EXPECT_NE(*model, nullptr);
  ASSERT_EQ(warnings.size(), 1u);
  EXPECT_TRUE(warnings[0].starts_with("warning: " + odd.string() + ":7:")) << warnings[0];
  EXPECT_TRUE(warnings[0].ends_with(" [dirac-non-integer]")) << warnings[0];
  fs::remove(odd);
}

TEST(LoadModelTest, DiracWithoutAFileIsAnError) {
  ShareModelChoice choice;
  choice.kind = ShareModelKind::kDirac;
  std::vector<std::string> warnings;
  auto model = LoadModel(choice, &warnings);
  ASSERT_FALSE(model.ok());
  EXPECT_EQ(model.status().code(), classad::StatusCode::kInvalidArgument);
}

}  // namespace
}  // namespace negotiator
