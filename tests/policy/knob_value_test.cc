// Typed knob values, read as HTCondor's param_boolean / param_integer /
// param_double read them.
#include <gtest/gtest.h>

#include "policy/knob_value.h"

namespace policy {
namespace {

TEST(KnobValueTest, Booleans) {
  EXPECT_TRUE(*ParseKnobBool("TRUE"));
  EXPECT_TRUE(*ParseKnobBool("true  "));
  EXPECT_FALSE(*ParseKnobBool("False"));
  EXPECT_TRUE(*ParseKnobBool("1"));
  EXPECT_FALSE(*ParseKnobBool("0"));
  // Not literals: evaluated as expressions.
  EXPECT_TRUE(*ParseKnobBool("10"));          // a number, non-zero
  EXPECT_FALSE(*ParseKnobBool("2 < 1"));
  EXPECT_TRUE(*ParseKnobBool("true && !false"));
  EXPECT_FALSE(*ParseKnobBool("0.0"));
  // Mistakes HTCondor would log and replace by the default.
  EXPECT_FALSE(ParseKnobBool("Ture").ok());
  EXPECT_NE(ParseKnobBool("Flase").status().message().find("undefined"), std::string::npos);
  EXPECT_FALSE(ParseKnobBool("yes").ok());
  EXPECT_FALSE(ParseKnobBool("\"true\"").ok());
  EXPECT_FALSE(ParseKnobBool("").ok());
  EXPECT_FALSE(ParseKnobBool("true false").ok());
}

TEST(KnobValueTest, Integers) {
  EXPECT_EQ(*ParseKnobInt("60"), 60);
  EXPECT_EQ(*ParseKnobInt("-3 "), -3);
  EXPECT_EQ(*ParseKnobInt("60 * 60"), 3600);
  EXPECT_EQ(*ParseKnobInt("7.9"), 7);  // truncated, as HTCondor's IsNumber
  EXPECT_EQ(*ParseKnobInt("-7.9"), -7);
  EXPECT_EQ(*ParseKnobInt("true"), 1);
  EXPECT_FALSE(ParseKnobInt("1O").ok());
  EXPECT_FALSE(ParseKnobInt("ten").ok());
  EXPECT_FALSE(ParseKnobInt("99999999999999999999").ok());
  EXPECT_FALSE(ParseKnobInt("1e30").ok());
  EXPECT_FALSE(ParseKnobInt("\"5\"").ok());
}

TEST(KnobValueTest, Reals) {
  EXPECT_DOUBLE_EQ(*ParseKnobReal("0.5"), 0.5);
  EXPECT_DOUBLE_EQ(*ParseKnobReal("1e10"), 1e10);
  EXPECT_DOUBLE_EQ(*ParseKnobReal("86400"), 86400);
  EXPECT_DOUBLE_EQ(*ParseKnobReal("24 * 3600"), 86400);
  EXPECT_DOUBLE_EQ(*ParseKnobReal("1/4"), 0);  // integer division, as HTCondor evaluates it
  EXPECT_DOUBLE_EQ(*ParseKnobReal("1.0/4"), 0.25);
  EXPECT_FALSE(ParseKnobReal("0,5").ok());
  EXPECT_FALSE(ParseKnobReal("half").ok());
}

TEST(KnobValueTest, Lists) {
  EXPECT_EQ(SplitKnobList("a, b,,c\td  e,"), (std::vector<std::string>{"a", "b", "c", "d", "e"}));
  EXPECT_TRUE(SplitKnobList("  , ").empty());
}

}  // namespace
}  // namespace policy
