// Tests of Config lookups and macro expansion (policy/config.h): names,
// prefixes, table defaults, $(NAME), $(NAME:default), nesting, $$, DOLLAR,
// self-references, +=, loops and limits, origins and positions.
#include <gtest/gtest.h>

#include <string>

#include "policy/config.h"
#include "policy/config_macros.h"
#include "tests/policy/config_test_util.h"

namespace policy {
namespace {

using testing_util::MustRead;
using testing_util::ReadError;
using testing_util::TestOptions;
using testing_util::ValueIn;
using testing_util::ValueOf;
using testing_util::Where;

TEST(ConfigExpandTest, NamesAreCaseInsensitiveAndTheLastDefinitionWins) {
  const Config config = MustRead("Foo = 1\nFOO = 2\nbar = $(fOO)\n");
  EXPECT_EQ(ValueOf(config, "foo"), "2");
  EXPECT_EQ(ValueOf(config, "BAR"), "2");
  ASSERT_NE(config.Find("FOO"), nullptr);
  EXPECT_EQ(config.Find("FOO")->name, "FOO");
  EXPECT_EQ(Where(config.Find("foo")->name_at), "test.conf:2:1");
}

TEST(ConfigExpandTest, UndefinedEmptyAndDefaults) {
  const Config config = MustRead("E =\nN = 60\n");
  EXPECT_EQ(ValueOf(config, "NOT_A_KNOB_ANYWHERE"), "<undefined>");
  EXPECT_EQ(ValueOf(config, "E"), "");
  // A table default is a value, but not an entry.
  EXPECT_EQ(ValueOf(config, "NEGOTIATOR_INTERVAL"), "60");
  EXPECT_EQ(config.Find("NEGOTIATOR_INTERVAL"), nullptr);
  auto found = config.Lookup("NEGOTIATOR_INTERVAL");
  ASSERT_TRUE(found.ok() && found->has_value());
  EXPECT_EQ((*found)->entry, nullptr);
  found = config.Lookup("N");
  ASSERT_TRUE(found.ok() && found->has_value());
  ASSERT_NE((*found)->entry, nullptr);
  EXPECT_EQ((*found)->entry->name, "N");
}

TEST(ConfigExpandTest, MacrosExpandAtUseWithTheLastDefinition) {
  const Config config = MustRead("A = $(B) and $(C)\nB = one\nC = $(B)$(B)\nB = two\n");
  EXPECT_EQ(ValueOf(config, "A"), "two and twotwo");
  EXPECT_EQ(config.Find("A")->raw_value, "$(B) and $(C)");
}

TEST(ConfigExpandTest, UndefinedMacroIsEmpty) { EXPECT_EQ(ValueIn("A = [$(NOPE)]\n", "A"), "[]"); }

TEST(ConfigExpandTest, DefaultIsUsedWhenTheRawValueIsAbsentOrEmpty) {
  const Config config = MustRead(
      "E =\nS = set\nR = $(E)\n"
      "A = $(NOPE:fallback) $(E:was empty) $(S:unused) $(R:raw not empty)|\n");
  EXPECT_EQ(ValueOf(config, "A"), "fallback was empty set |");
  // The default may hold blanks, '$', ',', '\', ':' and a (...) group.
  EXPECT_EQ(ValueIn("S = x\nA = $(NOPE:a, b$(S) c:d\\e (f g))\n", "A"), "a, bx c:d\\e (f g)");
}

TEST(ConfigExpandTest, ABodyWithOtherCharactersIsNoMacro) {
  EXPECT_EQ(ValueIn("A = $(X:a=b) $(has space) $(x-y)\n", "A"), "$(X:a=b) $(has space) $(x-y)");
}

TEST(ConfigExpandTest, NestedMacrosExpandTheInnerFirst) {
  EXPECT_EQ(ValueIn("B = X\nAX = five\nA = $(A$(B))\n", "A"), "five");
  EXPECT_EQ(ValueIn("B = Y\nA = $(A$(B):none)\n", "A"), "none");
}

TEST(ConfigExpandTest, ExpansionRestartsAtTheLeftmostMacroOfTheNewText) {
  // $(A) gives "$(", then "$($(B)" holds no macro at 0, $(B) gives "C)",
  // and the text "$(C)" so made is expanded in turn.
  EXPECT_EQ(ValueIn("A = $(\nB = C)\nC = 7\nV = $(A)$(B)\n", "V"), "7");
}

TEST(ConfigExpandTest, DoubleDollarIsKeptVerbatim) {
  EXPECT_EQ(ValueIn("A = $$(Memory) $$([1 + 1]) $$$(B)\nB = b\n", "A"),
            "$$(Memory) $$([1 + 1]) $$b");
}

TEST(ConfigExpandTest, DollarBecomesADollarSignLast) {
  EXPECT_EQ(ValueIn("B = b\nA = $(DOLLAR)(B) $(dollar)$(B) x$(Dollar)\n", "A"), "$(B) $b x$");
  // The last pass rescans its own output from the start, as HTCondor's
  // does: the `$` of one $(DOLLAR) and the text after it can make another.
  EXPECT_EQ(ValueIn("A = $(DOLLAR)(DOLLAR)\n", "A"), "$");
  // $(DOLLAR:...) is a macro named DOLLAR with a default.
  EXPECT_EQ(ValueIn("A = $(DOLLAR:d)\n", "A"), "d");
}

TEST(ConfigExpandTest, NameCharactersIncludeDotAndSlash) {
  EXPECT_EQ(ValueIn("a.b/c = x\nA = $(a.b/c)\n", "A"), "x");
}

TEST(ConfigExpandTest, SelfReferenceTakesTheEarlierValue) {
  const Config config = MustRead("A = 1\nA = $(A) + 2\nA = ($(a))\n");
  EXPECT_EQ(config.Find("A")->raw_value, "(1 + 2)");
  EXPECT_EQ(ValueOf(config, "A"), "(1 + 2)");
  // Undefined before: empty, or the default written.
  EXPECT_EQ(ValueIn("U = [$(U)]\n", "U"), "[]");
  EXPECT_EQ(ValueIn("U = [$(U:first)]\n", "U"), "[first]");
  // Other macros stay unexpanded until use.
  const Config later = MustRead("A = $(B) $(A)\nA = $(A)!\nB = b\n");
  EXPECT_EQ(later.Find("A")->raw_value, "$(B) !");
  EXPECT_EQ(ValueOf(later, "A"), "b !");
}

TEST(ConfigExpandTest, SelfReferenceUsesTheTableDefault) {
  // The quota-driven preemption recipe: PREEMPTION_REQUIREMENTS defaults to
  // False in HTCondor's param table.
  const std::string recipe =
      "PREEMPTION_REQUIREMENTS = $(PREEMPTION_REQUIREMENTS) && "
      "(((SubmitterGroupResourcesInUse < SubmitterGroupQuota) && "
      "(RemoteGroupResourcesInUse > RemoteGroupQuota)) || (SubmitterGroup =?= RemoteGroup))\n";
  EXPECT_EQ(ValueIn(recipe, "PREEMPTION_REQUIREMENTS"),
            "False && (((SubmitterGroupResourcesInUse < SubmitterGroupQuota) && "
            "(RemoteGroupResourcesInUse > RemoteGroupQuota)) || (SubmitterGroup =?= "
            "RemoteGroup))");
  // With the recipe's earlier `PREEMPTION_REQUIREMENTS = True`.
  EXPECT_EQ(
      ValueIn("PREEMPTION_REQUIREMENTS = True\n" + recipe, "PREEMPTION_REQUIREMENTS").substr(0, 9),
      "True && (");
}

TEST(ConfigExpandTest, SubsystemAndLocalNamePrefixesWin) {
  const std::string text =
      "X = plain\nNEGOTIATOR.X = negotiator\nSCHEDD.X = schedd\nnegotiator.y = lower\n";
  EXPECT_EQ(ValueIn(text, "X"), "negotiator");
  EXPECT_EQ(ValueIn(text, "Y"), "lower");
  ConfigOptions schedd = TestOptions();
  schedd.subsystem = "SCHEDD";
  EXPECT_EQ(ValueIn(text, "X", schedd), "schedd");
  ConfigOptions other = TestOptions();
  other.subsystem = "STARTD";
  EXPECT_EQ(ValueIn(text, "X", other), "plain");
  ConfigOptions local = TestOptions();
  local.local_name = "NEG2";
  EXPECT_EQ(ValueIn(text + "NEG2.X = local\n", "X", local), "local");
  EXPECT_EQ(ValueIn(text, "X", local), "negotiator");
  // A prefixed name can still be asked for as such.
  EXPECT_EQ(ValueIn(text, "SCHEDD.X"), "schedd");
  // $(X) inside values follows the same order.
  EXPECT_EQ(ValueIn(text + "Z = <$(X)>\n", "Z"), "<negotiator>");
}

TEST(ConfigExpandTest, PrefixedSelfReferenceTakesTheUnprefixedValue) {
  EXPECT_EQ(ValueIn("X = 1\nNEGOTIATOR.X = $(X) + 1\n", "X"), "1 + 1");
  EXPECT_EQ(ValueIn("X = 1\nNEGOTIATOR.X = $(NEGOTIATOR.X:0) + 1\n", "X"), "0 + 1");
}

TEST(ConfigExpandTest, DetectedSubsystemAndLocalName) {
  const Config config = MustRead("A = $(SUBSYSTEM)/$(LOCALNAME)\n");
  EXPECT_EQ(ValueOf(config, "A"), "NEGOTIATOR/NEGOTIATOR");
  EXPECT_EQ(config.Find("SUBSYSTEM")->origin, ConfigEntry::Origin::kDetected);
}

TEST(ConfigExpandTest, PlusEqualsForms) {
  EXPECT_EQ(ValueIn("L = a\nL += b\n", "L"), "a b");
  EXPECT_EQ(ValueIn("L = a\nL +,= b\n", "L"), "a,b");
  EXPECT_EQ(ValueIn("L = a\nL +;= b\n", "L"), "a;b");
  EXPECT_EQ(ValueIn("L = a\nL +|= b\n", "L"), "a|b");
  EXPECT_EQ(ValueIn("E = x\nE +&&= y\n", "E"), "x && y");
  EXPECT_EQ(ValueIn("E = x\nE +||= y\n", "E"), "x || y");
  EXPECT_EQ(ValueIn("E = x\nE +**= y\n", "E"), "x ** y");
  // Nothing before: the value alone, without separator.
  EXPECT_EQ(ValueIn("L +,= b\n", "L"), "b");
  EXPECT_EQ(ValueIn("L =\nL +,= b\n", "L"), "b");
  // The current value is the raw one; the table default counts.
  EXPECT_EQ(ValueIn("B = 1\nL = $(B)\nL += $(B)\nB = 2\n", "L"), "2 2");
  EXPECT_EQ(ValueIn("PREEMPTION_REQUIREMENTS +&&= MY.x\n", "PREEMPTION_REQUIREMENTS"),
            "False && MY.x");
  // The right-hand side's self-references use the value before.
  EXPECT_EQ(ValueIn("L = a\nL += [$(L)]\n", "L"), "a [a]");
}

TEST(ConfigExpandTest, NamesAreMacroExpandedWhenRead) {
  const Config config = MustRead("P = FOO\n$(P)_X = 1\n$(NOPE)Y = 2\n");
  EXPECT_EQ(ValueOf(config, "FOO_X"), "1");
  EXPECT_EQ(ValueOf(config, "Y"), "2");
  EXPECT_EQ(Where(config.Find("FOO_X")->name_at), "test.conf:2:1");
}

TEST(ConfigExpandTest, ExpansionLoopsAreErrorsNamingTheChain) {
  const Config config = MustRead("A = $(B)\nB = x $(C)\nC = $(A)\nD = ok $(D:1)\n");
  EXPECT_EQ(ValueOf(config, "A"),
            "<error: test.conf:3:1: macro expansion loop: A -> B -> C -> A (A at test.conf:1:1; "
            "B at test.conf:2:1; C at test.conf:3:1); HTCondor would never finish expanding it>");
  EXPECT_EQ(ValueOf(config, "B").substr(0, 48), "<error: test.conf:1:1: macro expansion loop: B -");
  const Config self = MustRead("S = $(T)\nT = $(S:x)\n");
  EXPECT_NE(ValueOf(self, "S").find("macro expansion loop: S -> T -> S"), std::string::npos);
  // A default that names the macro again is no loop when it is undefined.
  EXPECT_EQ(ValueIn("A = $(N:$(N:inner))\n", "A"), "inner");
}

TEST(ConfigExpandTest, ExpandAndRawValue) {
  const Config config = MustRead("A = 1\nB = $(A)$(A)\n");
  auto expanded = config.Expand("[$(B)] $(DOLLAR)(A)");
  ASSERT_TRUE(expanded.ok());
  EXPECT_EQ(*expanded, "[11] $(A)");
  EXPECT_EQ(config.RawValue("b"), "$(A)$(A)");
  EXPECT_EQ(config.RawValue("NEGOTIATOR_INTERVAL"), "60");
  EXPECT_FALSE(config.RawValue("NONE_SUCH").has_value());
}

TEST(ConfigExpandTest, MacrosUsedNameTheDefinitionsExpanded) {
  const Config config = MustRead("A = $(B) $(C) $(B)\nB = $(C)\nC = c\n");
  auto found = config.Lookup("A");
  ASSERT_TRUE(found.ok() && found->has_value());
  ASSERT_EQ((*found)->macros_used.size(), 2u);
  EXPECT_EQ((*found)->macros_used[0]->name, "B");
  EXPECT_EQ((*found)->macros_used[1]->name, "C");
}

TEST(ConfigExpandTest, EntriesAndHistory) {
  const Config config = MustRead("b = 1\nA = 2\nB = 3\n");
  std::vector<std::string> names;
  for (const ConfigEntry* entry : config.Entries()) {
    if (entry->origin == ConfigEntry::Origin::kFile) names.push_back(entry->name);
  }
  EXPECT_EQ(names, (std::vector<std::string>{"A", "B"}));
  size_t file_entries = 0;
  for (const ConfigEntry& entry : config.History()) {
    file_entries += entry.origin == ConfigEntry::Origin::kFile;
  }
  EXPECT_EQ(file_entries, 3u);
}

TEST(ConfigExpandTest, LocationOfFollowsContinuationLines) {
  const Config config = MustRead("\n# note\nX = alpha && \\\n    beta && \\\n  gamma\n");
  const ConfigEntry* x = config.Find("X");
  ASSERT_NE(x, nullptr);
  ASSERT_EQ(x->raw_value, "alpha && beta && gamma");
  EXPECT_EQ(Where(x->name_at), "test.conf:3:1");
  EXPECT_EQ(Where(x->value_at), "test.conf:3:5");
  EXPECT_EQ(Where(x->LocationOf(0)), "test.conf:3:5");
  EXPECT_EQ(Where(x->LocationOf(x->raw_value.find("beta"))), "test.conf:4:5");
  EXPECT_EQ(Where(x->LocationOf(x->raw_value.find("gamma"))), "test.conf:5:3");
  EXPECT_EQ(x->leading_comments, (std::vector<std::string>{"# note"}));
}

TEST(ConfigExpandTest, LocationOfAfterSelfReferenceExpansion) {
  const Config config = MustRead("X = first\nX = $(X) || \\\n  second\n");
  const ConfigEntry* x = config.Find("X");
  ASSERT_EQ(x->raw_value, "first || second");
  // The inserted text sits where $(X) was; the rest keeps its place.
  EXPECT_EQ(Where(x->LocationOf(2)), "test.conf:2:5");
  EXPECT_EQ(Where(x->LocationOf(x->raw_value.find("||"))), "test.conf:2:10");
  EXPECT_EQ(Where(x->LocationOf(x->raw_value.find("second"))), "test.conf:3:3");
}

TEST(ConfigExpandTest, EnvironmentFunctionUsesTheInjectedEnvironment) {
  ConfigOptions options = TestOptions({{"HOME_DIR", "/home/x"}});
  EXPECT_EQ(ValueIn("A = $ENV(HOME_DIR)/$ENV(NOT_SET:dflt)\n", "A", options), "/home/x/dflt");
  EXPECT_EQ(ValueIn("A = $ENV(NOT_SET)\n", "A", options), "UNDEFINED");
}

// HTCondor draws $RANDOM_CHOICE and $RANDOM_INTEGER anew at every lookup;
// without ConfigOptions::random the draws here are seeded by the knob that
// holds the call and the call's text, so a configuration always reads the
// same (docs/compatibility.md).
TEST(ConfigExpandTest, RandomMacroFunctionsAreTheSameEveryTime) {
  ConfigOptions options = TestOptions();
  options.random = nullptr;
  const std::string text =
      "A = $RANDOM_INTEGER(0, 1000000000)\nB = $RANDOM_INTEGER(0, 1000000000)\n"
      "C = $(A)\nD = $RANDOM_CHOICE(a, b, c, d, e, f, g, h, i, j, k, l, m, n, o, p)\n";
  const Config first = MustRead(text, options);
  const Config second = MustRead(text, options);
  for (const char* name : {"A", "B", "C", "D"}) {
    EXPECT_EQ(ValueOf(first, name), ValueOf(second, name)) << name;
    EXPECT_EQ(ValueOf(first, name), ValueOf(first, name)) << name;
  }
  EXPECT_EQ(ValueOf(first, "C"), ValueOf(first, "A"));  // the draw of A's own call
  EXPECT_NE(ValueOf(first, "A"), ValueOf(first, "B"));
  const int64_t a = std::stoll(ValueOf(first, "A"));
  EXPECT_GE(a, 0);
  EXPECT_LE(a, 1000000000);
}

TEST(ConfigExpandTest, MacroFunctionLoopsAreDetected) {
  // The environment value names the same call again.
  ConfigOptions options = TestOptions({{"LOOP", "$ENV(LOOP)"}});
  EXPECT_NE(ValueIn("A = $ENV(LOOP)\n", "A", options).find("macro expansion loop"),
            std::string::npos);
}

TEST(ConfigExpandTest, MacroFunctionErrorsAreLocated) {
  const std::string value = ValueIn("X = abc\nA = $INT(X)\n", "A");
  EXPECT_EQ(value.substr(0, 24), "<error: test.conf:2:1: $") << value;
}

TEST(ConfigExpandTest, ExpansionDepthLimit) {
  std::string text;
  for (int i = 0; i < 80; ++i) {
    text += "K" + std::to_string(i) + " = $(K" + std::to_string(i + 1) + ")\n";
  }
  text += "K80 = end\n";
  EXPECT_EQ(ValueIn(text, "K20"), "end");
  const std::string value = ValueIn(text, "K0");
  EXPECT_NE(value.find("nested more than 64 deep (ConfigOptions::max_expansion_depth)"),
            std::string::npos)
      << value;
}

TEST(ConfigExpandTest, ExpandedSizeLimit) {
  // Each level doubles: 2^30 bytes if HTCondor expanded it.
  std::string text = "A0 = xxxxxxxxxxxxxxxx\n";
  for (int i = 1; i <= 26; ++i) {
    text += "A" + std::to_string(i) + " = $(A" + std::to_string(i - 1) + ")$(A" +
            std::to_string(i - 1) + ")\n";
  }
  const std::string value = ValueIn(text, "A26");
  EXPECT_NE(value.find("ConfigOptions::max_expanded_bytes"), std::string::npos) << value;
  EXPECT_EQ(ValueIn(text, "A4").size(), 256u);
}

TEST(ConfigExpandTest, ExpansionWorkLimit) {
  ConfigOptions options = TestOptions();
  options.max_expansion_work = 10000;
  std::string text = "E =\nA = ";
  for (int i = 0; i < 400; ++i) text += "$(E)";
  text += "\n";
  const std::string value = ValueIn(text, "A", options);
  EXPECT_NE(value.find("ConfigOptions::max_expansion_work"), std::string::npos) << value;
  EXPECT_EQ(ValueIn(text, "A"), "");
}

TEST(ConfigExpandTest, SelfReferenceBlowUpIsBounded) {
  // A = $(A)$(A) doubles the stored value at each line.
  std::string text = "A = xxxxxxxxxxxxxxxx\n";
  for (int i = 0; i < 30; ++i) text += "A = $(A)$(A)\n";
  const std::string error = ReadError(text);
  EXPECT_NE(error.find("ConfigOptions::max_expanded_bytes"), std::string::npos) << error;
  EXPECT_EQ(error.substr(0, 14), "test.conf:18:5") << error;
}

TEST(ConfigExpandTest, LongLinearExpansionStaysFast) {
  // 2^16 leaves expanded left to right: linear work thanks to the rescan
  // starting where the text changed (HTCondor rescans from the start).
  std::string text = "L0 = x\n";
  for (int i = 1; i <= 16; ++i) {
    text += "L" + std::to_string(i) + " = $(L" + std::to_string(i - 1) + ")$(L" +
            std::to_string(i - 1) + ")\n";
  }
  EXPECT_EQ(ValueIn(text, "L16"), std::string(65536, 'x'));
}

// ---------------------------------------------------------------- scanning

SpliceText Text(std::string_view s) { return SpliceText(s.begin(), s.end()); }

TEST(ConfigMacrosTest, FindMacroFollowsHTCondorsScanner) {
  const auto find = [](std::string_view text) -> std::string {
    const SpliceText spliced = Text(text);
    std::optional<MacroRef> m = FindMacro(spliced, 0, nullptr, nullptr);
    if (!m) return "none";
    return std::string(text.substr(m->dollar, m->end() - m->dollar));
  };
  EXPECT_EQ(find("a $(B) c"), "$(B)");
  EXPECT_EQ(find("$$(A) $(B)"), "$(B)");
  EXPECT_EQ(find("$(A$(B))"), "$(B)");
  EXPECT_EQ(find("$(A:x (y z)) w"), "$(A:x (y z))");
  EXPECT_EQ(find("$(A:x=y) $(C)"), "$(C)");
  EXPECT_EQ(find("$NOTAFUNC(x) $(C)"), "$(C)");
  EXPECT_EQ(find("$INT(x y z)"), "$INT(x y z)");
  EXPECT_EQ(find("$ENV(x y) $(C)"), "$(C)");
  EXPECT_EQ(find("$Fpq(x)"), "$Fpq(x)");
  EXPECT_EQ(find("$(unclosed"), "none");
  // A function's body ends at the first ')', whatever comes before it.
  EXPECT_EQ(find("$INT(unclosed $(B)"), "$INT(unclosed $(B)");
  const SpliceText text = Text("$(NAME:def)");
  std::optional<MacroRef> m = FindMacro(text, 0, nullptr, nullptr);
  ASSERT_TRUE(m.has_value());
  EXPECT_EQ(m->Name(text), "NAME");
  EXPECT_EQ(m->default_begin, 7u);
  EXPECT_FALSE(m->is_function());
}

TEST(ConfigMacrosTest, FilterSkipsWholeMacros) {
  const SpliceText text = Text("$(DOLLAR)(X) $(Y)");
  const MacroFilter not_dollar = [](const MacroRef& m, const SpliceText& t) {
    return !IsDollarMacro(m, t);
  };
  std::optional<MacroRef> m = FindMacro(text, 0, not_dollar, nullptr);
  ASSERT_TRUE(m.has_value());
  EXPECT_EQ(m->dollar, 13u);
}

TEST(ConfigMacrosTest, SpliceBufferReplacesAnywhere) {
  SpliceText text = Text("hello world");
  const std::string big = "BIG";
  text.Replace(6, 5, big.begin(), big.end());
  EXPECT_EQ(Substring(text, 0, text.size()), "hello BIG");
  text.Replace(0, 1, big.begin(), big.begin() + 1);
  EXPECT_EQ(Substring(text, 0, text.size()), "Bello BIG");
  text.Replace(9, 0, big.begin(), big.end());
  EXPECT_EQ(Substring(text, 0, text.size()), "Bello BIGBIG");
  EXPECT_EQ(text.Find('G', 0), 8u);
  EXPECT_EQ(text.Find('G', 9), 11u);
  EXPECT_EQ(text.Find('z', 0), static_cast<size_t>(-1));
  text.Replace(2, 8, big.begin(), big.begin());
  EXPECT_EQ(Substring(text, 0, text.size()), "BeIG");
  EXPECT_EQ(text[3], 'G');
}

}  // namespace
}  // namespace policy
