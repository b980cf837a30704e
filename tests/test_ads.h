// Helpers shared by the test suites.
#ifndef CLASSAD_TESTS_TEST_ADS_H_
#define CLASSAD_TESTS_TEST_ADS_H_

#include <memory>
#include <string_view>

#include <gtest/gtest.h>

#include "classad/classad.h"
#include "classad/parser.h"

namespace classad {

// The ad that `text` (new syntax) parses to. A text that does not parse is
// a failure of the calling test (reported with the text and the error);
// an empty ad is returned so that the test can go on.
inline std::shared_ptr<ClassAd> TestAd(std::string_view text) {
  Result<std::shared_ptr<ClassAd>> ad = ParseAd(text);
  EXPECT_TRUE(ad.ok()) << text << ": " << ad.status().ToString();
  return ad.ok() ? *ad : std::make_shared<ClassAd>();
}

}  // namespace classad

#endif  // CLASSAD_TESTS_TEST_ADS_H_
