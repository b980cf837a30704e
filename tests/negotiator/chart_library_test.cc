// Where the reports' chart library is looked for
// (negotiator/simulate/simulation_html.h): NEGOTIATOR_CHART_LIBRARY alone
// when set, else the installed copy beside the program, at the configured
// prefix, then the source tree's; the first folder holding uPlot's
// package.json is taken, and none is an error naming every folder tried.
#include <gtest/gtest.h>
#include <stdlib.h>

#include <filesystem>
#include <fstream>
#include <optional>
#include <string>
#include <vector>

#include "negotiator/simulate/simulation_html.h"

namespace negotiator {
namespace {

// Sets NEGOTIATOR_CHART_LIBRARY (or unsets it, for nullopt) for the
// test's lifetime, then restores what the environment had.
class ChartLibraryEnvironment {
 public:
  explicit ChartLibraryEnvironment(const std::optional<std::string>& value) {
    if (const char* old = getenv(kName)) saved_ = old;
    if (value) {
      setenv(kName, value->c_str(), 1);
    } else {
      unsetenv(kName);
    }
  }
  ~ChartLibraryEnvironment() {
    if (saved_) {
      setenv(kName, saved_->c_str(), 1);
    } else {
      unsetenv(kName);
    }
  }

 private:
  static constexpr const char* kName = "NEGOTIATOR_CHART_LIBRARY";
  std::optional<std::string> saved_;
};

class ChartLibraryTest : public ::testing::Test {
 protected:
  void SetUp() override {
    root_ = ::testing::TempDir() + "chart_library_XXXXXX";
    ASSERT_NE(mkdtemp(root_.data()), nullptr);
  }
  void TearDown() override { std::filesystem::remove_all(root_); }
  // A folder `name` under the test's folder holding a small uPlot package
  // (version `version`).
  std::string Package(const std::string& name, const std::string& version) {
    const std::string folder = root_ + "/" + name;
    std::filesystem::create_directories(folder + "/dist");
    std::ofstream(folder + "/package.json") << "{\"name\": \"uplot\", \"version\": \"" << version
                                            << "\"}\n";
    std::ofstream(folder + "/dist/uPlot.iife.min.js") << "var uPlot = function () {};";
    std::ofstream(folder + "/dist/uPlot.min.css") << ".uplot {}";
    return folder;
  }
  std::string root_;
};

TEST_F(ChartLibraryTest, TheEnvironmentsFolderIsTheOnlyCandidateWhenSet) {
  ChartLibraryEnvironment env(root_ + "/mine");
  EXPECT_EQ(ChartLibraryCandidates(), std::vector<std::string>{root_ + "/mine"});
}

TEST_F(ChartLibraryTest, OtherwiseTheInstalledCopiesComeBeforeTheSourceTree) {
  for (const std::optional<std::string>& value : {std::optional<std::string>(),
                                                  std::optional<std::string>("")}) {
    ChartLibraryEnvironment env(value);
    const std::vector<std::string> candidates = ChartLibraryCandidates();
    ASSERT_EQ(candidates.size(), 3u);
    // Beside this program: its folder's ../share/classad-engine/uplot.
    const std::filesystem::path program = std::filesystem::read_symlink("/proc/self/exe");
    EXPECT_EQ(candidates[0], (program.parent_path().parent_path() / "share/classad-engine/uplot")
                                 .lexically_normal()
                                 .string());
    // At the configured prefix (a full path), then the source tree's.
    EXPECT_EQ(candidates[1].front(), '/');
    EXPECT_TRUE(candidates[1].ends_with("/classad-engine/uplot")) << candidates[1];
    EXPECT_TRUE(candidates[2].ends_with("/third_party/charts/node_modules/uplot")) << candidates[2];
  }
}

TEST_F(ChartLibraryTest, TheFirstFolderHoldingThePackageIsTaken) {
  const std::string second = Package("second", "2.0.0");
  const std::string third = Package("third", "3.0.0");
  std::filesystem::create_directories(root_ + "/empty");
  classad::Result<std::string> found =
      FindChartLibraryFolder({root_ + "/missing", root_ + "/empty", second, third});
  ASSERT_TRUE(found.ok()) << found.status().ToString();
  EXPECT_EQ(*found, second);
}

TEST_F(ChartLibraryTest, NoFolderHoldingItIsAnErrorNamingEveryFolderTried) {
  std::filesystem::create_directories(root_ + "/empty");
  classad::Result<std::string> found = FindChartLibraryFolder({root_ + "/missing", root_ + "/empty"});
  ASSERT_FALSE(found.ok());
  EXPECT_EQ(found.status().code(), classad::StatusCode::kNotFound);
  const std::string message = found.status().message();
  EXPECT_NE(message.find(root_ + "/missing, " + root_ + "/empty"), std::string::npos) << message;
  EXPECT_NE(message.find("NEGOTIATOR_CHART_LIBRARY"), std::string::npos) << message;
  EXPECT_NE(message.find("scripts/install-deps.sh"), std::string::npos) << message;
}

TEST_F(ChartLibraryTest, TheDefaultLibraryIsReadFromTheEnvironmentsFolder) {
  ChartLibraryEnvironment env(Package("mine", "9.8.7"));
  classad::Result<ChartLibrary> library = LoadDefaultChartLibrary();
  ASSERT_TRUE(library.ok()) << library.status().ToString();
  EXPECT_EQ(library->version, "9.8.7");
  EXPECT_EQ(library->script, "var uPlot = function () {};");
  EXPECT_EQ(library->style, ".uplot {}");
}

TEST_F(ChartLibraryTest, AMissingEnvironmentFolderIsNotPassedOver) {
  ChartLibraryEnvironment env(root_ + "/typo");
  classad::Result<ChartLibrary> library = LoadDefaultChartLibrary();
  ASSERT_FALSE(library.ok());
  EXPECT_NE(library.status().message().find(root_ + "/typo"), std::string::npos);
  EXPECT_EQ(library.status().message().find("third_party"), std::string::npos)
      << library.status().message();
}

TEST_F(ChartLibraryTest, APageWithoutTheLibrarySaysWhyAsAWarning) {
  {
    ChartLibraryEnvironment env(Package("mine", "1.2.3"));
    std::string warning;
    std::optional<ChartLibrary> charts = ChartLibraryForPage("report.html", &warning);
    ASSERT_TRUE(charts.has_value());
    EXPECT_EQ(charts->version, "1.2.3");
    EXPECT_EQ(warning, "");
  }
  ChartLibraryEnvironment env(root_ + "/typo");
  std::string warning;
  EXPECT_FALSE(ChartLibraryForPage("compare.html", &warning).has_value());
  EXPECT_EQ(warning.rfind("no compare.html: ", 0), 0u) << warning;
  EXPECT_NE(warning.find(root_ + "/typo"), std::string::npos) << warning;
}

}  // namespace
}  // namespace negotiator
