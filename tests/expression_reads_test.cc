// What an expression may read (expression_reads.h): AllNamesRead.
#include "classad/expression_reads.h"

#include <gtest/gtest.h>

#include <set>
#include <string>

#include "classad/parser.h"

namespace classad {
namespace {

// The names `text` may read, joined by spaces, and whether they could be
// told.
std::string Names(const std::string& text, bool* known) {
  Result<ExprPtr> e = ParseExpression(text);
  EXPECT_TRUE(e.ok()) << text;
  if (!e.ok()) return "";
  std::set<std::string> names;
  *known = AllNamesRead(**e, &names);
  std::string out;
  for (const std::string& n : names) out += (out.empty() ? "" : " ") + n;
  return out;
}

TEST(AllNamesReadTest, NamesInEveryScopeAreFound) {
  bool known = false;
  EXPECT_EQ(Names("TARGET.Memory >= RequestMemory && MY.X == y.Z", &known),
            "memory requestmemory x y z");
  EXPECT_TRUE(known);
  EXPECT_EQ(Names("TARGET[\"Disk\"] > 1 && Slots[0] > CurrentTime", &known),
            "currenttime disk slots");
  EXPECT_TRUE(known);
  EXPECT_EQ(Names("[ a = B; c = 1 ].a + { D, 2 }[1]", &known), "a b d");
  EXPECT_TRUE(known);
  EXPECT_EQ(Names("ifThenElse(isUndefined(Foo), 1, strcat(Bar, \"x\"))", &known), "bar foo");
  EXPECT_TRUE(known);
  EXPECT_EQ(Names("parent.Q + self.R", &known), "q r");
  EXPECT_TRUE(known);
}

TEST(AllNamesReadTest, NamesThatCannotBeToldSaySo) {
  bool known = true;
  EXPECT_EQ(Names("eval(\"Foo\") > Bar", &known), "bar");
  EXPECT_FALSE(known);
  Names("size(unresolved(Foo))", &known);
  EXPECT_FALSE(known);
  Names("isUndefined(MY)", &known);  // an ad as a whole
  EXPECT_FALSE(known);
  Names("TARGET[Name] > 1", &known);  // a computed index
  EXPECT_FALSE(known);
  EXPECT_EQ(Names("random(3) + 1", &known), "");
  EXPECT_TRUE(known);
}

}  // namespace
}  // namespace classad
