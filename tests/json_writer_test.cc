// The JSON writer of the tools' reports (classad/json_writer.h):
// layout, escapes, bytes that are not UTF-8, numbers JSON cannot hold, and
// ClassAd values.
#include <cmath>
#include <limits>
#include <memory>
#include <string>

#include <gtest/gtest.h>

#include "classad/expr.h"
#include "classad/value.h"
#include "classad/json_writer.h"

namespace classad {
namespace {

TEST(JsonWriterTest, IndentsNestedContainers) {
  JsonWriter w;
  w.BeginObject();
  w.Key("a");
  w.Integer(1);
  w.Key("list");
  w.BeginArray();
  w.String("x");
  w.Bool(false);
  w.Null();
  w.EndArray();
  w.Key("empty");
  w.BeginArray();
  w.EndArray();
  w.Key("object");
  w.BeginObject();
  w.EndObject();
  w.EndObject();
  EXPECT_EQ(w.text(),
            "{\n"
            "  \"a\": 1,\n"
            "  \"list\": [\n"
            "    \"x\",\n"
            "    false,\n"
            "    null\n"
            "  ],\n"
            "  \"empty\": [],\n"
            "  \"object\": {}\n"
            "}\n");
}

TEST(JsonWriterTest, StringsAreValidJson) {
  EXPECT_EQ(JsonQuote("plain"), "\"plain\"");
  EXPECT_EQ(JsonQuote("q\"b\\s/"), "\"q\\\"b\\\\s/\"");
  EXPECT_EQ(JsonQuote("\n\t\r\x01\x7f"), "\"\\n\\t\\r\\u0001\\u007f\"");
  EXPECT_EQ(JsonQuote(std::string("a\0b", 3)), "\"a\\u0000b\"");
  // UTF-8 stays; bytes that are not UTF-8 become U+FFFD.
  EXPECT_EQ(JsonQuote("gr\xc3\xbc\xc3\x9f \xe2\x82\xac \xf0\x9f\x98\x80"),
            "\"gr\xc3\xbc\xc3\x9f \xe2\x82\xac \xf0\x9f\x98\x80\"");
  EXPECT_EQ(JsonQuote("\xff"), "\"\\ufffd\"");
  EXPECT_EQ(JsonQuote("a\xc3"), "\"a\\ufffd\"");             // cut short
  EXPECT_EQ(JsonQuote("\xc0\xaf"), "\"\\ufffd\\ufffd\"");    // overlong
  EXPECT_EQ(JsonQuote("\xed\xa0\x80"), "\"\\ufffd\\ufffd\\ufffd\"");  // a surrogate
  EXPECT_EQ(JsonQuote("\xf4\x90\x80\x80"), "\"\\ufffd\\ufffd\\ufffd\\ufffd\"");  // > U+10FFFF
}

TEST(JsonWriterTest, NumbersJsonCannotHoldAreStrings) {
  JsonWriter w;
  w.BeginArray();
  w.Number(0.5);
  w.Number(1500);
  w.Number(-1e300);
  w.Number(std::numeric_limits<double>::quiet_NaN());
  w.Number(std::numeric_limits<double>::infinity());
  w.Number(-std::numeric_limits<double>::infinity());
  w.Integer(std::numeric_limits<int64_t>::min());
  w.EndArray();
  EXPECT_EQ(w.text(), "[\n  0.5,\n  1500,\n  -1e+300,\n  \"NaN\",\n  \"INF\",\n  \"-INF\",\n"
                      "  -9223372036854775808\n]\n");
}

TEST(JsonWriterTest, ClassAdValuesCarryTheirType) {
  auto one = [](const classad::Value& v) {
    JsonWriter w;
    w.ClassAdValue(v);
    std::string text = w.text();
    // One line for comparing.
    std::string flat;
    for (char c : text) {
      if (c != '\n' && c != ' ') flat += c;
    }
    return flat;
  };
  EXPECT_EQ(one(classad::Value::Undefined()), "{\"type\":\"undefined\"}");
  EXPECT_EQ(one(classad::Value::Error()), "{\"type\":\"error\"}");
  EXPECT_EQ(one(classad::Value::Boolean(true)), "{\"type\":\"boolean\",\"value\":true}");
  EXPECT_EQ(one(classad::Value::Integer(-3)), "{\"type\":\"integer\",\"value\":-3}");
  EXPECT_EQ(one(classad::Value::Real(2.5)), "{\"type\":\"real\",\"value\":2.5}");
  EXPECT_EQ(one(classad::Value::String("LINUX")), "{\"type\":\"string\",\"value\":\"LINUX\"}");
  EXPECT_EQ(one(classad::Value::RelTime(90)), "{\"type\":\"reltime\",\"value\":90}");
  auto items = std::make_shared<classad::ExprList>();
  items->push_back(classad::Expr::Literal(classad::Value::Integer(1)));
  EXPECT_EQ(one(classad::Value::List(items)), "{\"type\":\"list\",\"value\":\"{1}\"}");
}

}  // namespace
}  // namespace classad
