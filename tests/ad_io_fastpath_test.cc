// The ingest fast path (plain literals and lists of them, built without the
// parser) must give exactly the tree the parser gives, or decline.
#include <string>

#include <gtest/gtest.h>

#include "classad/formats/ad_io_internal.h"
#include "classad/parser.h"
#include "classad/unparse.h"

namespace classad {
namespace {

TEST(IngestFastPath, AgreesWithTheParserOrDeclines) {
  const Limits limits;
  int built = 0;
  for (const char* text :
       {"0", "7", "-7", "-0", "123456789012345678", "1234567890123456789", "-0.0", "0.5", "-2.5e3",
        "1e5", "1.", "01", "-01", "- 1", "--1", "true", "FALSE", "-true", "\"x\"", "\"a,b\"",
        "\"a\\\"b\"", "\"\"", "{}", "{ }", "{  }", "{1}", "{ 1,1,2 }", "{1, -2, 3.5, \"s\", true}",
        "{ \"a,b\", \"c\" }", "{ \"a\\\"b\" }", "{ {1} }", "{ 1, }", "{ ,1 }", "{ 1 2 }",
        "{ a, b }", "{ 1 /* c */ }", "{ -x }", "{ -1e5 }", "{1,2", "1,2}", "{\"unterminated}",
        "{ 9223372036854775807 }", "{ -9223372036854775808 }"}) {
    ExprPtr fast = ad_io_internal::ParseSimpleLiteral(text, limits);
    if (!fast) continue;
    ++built;
    Result<ExprPtr> parsed = ParseExpression(text);
    ASSERT_TRUE(parsed.ok()) << text << " was built by the fast path but does not parse: "
                             << parsed.status().ToString();
    EXPECT_TRUE(fast->SameAs(**parsed)) << text;
    EXPECT_EQ(Unparse(*fast), Unparse(**parsed)) << text;
  }
  EXPECT_GT(built, 15);
}

}  // namespace
}  // namespace classad
