// countMethods / countClasses on the fixture APKs' dex files. Expected figures were counted
// independently from the dex tables (a short Python reader of method_ids, type_ids and
// class_defs) and by hand in `dexdump -f`.
#include "core/dex/method_count.h"

#include <gtest/gtest.h>

#include <algorithm>

#include "core/mapping/r8_mapping.h"
#include "tests/core/dex/dex_fixtures.h"

namespace mxi::core::dex {
namespace {

std::vector<DexFile> parseAll(const std::vector<const std::string*>& files) {
  std::vector<DexFile> dexes;
  for (const auto* bytes : files) {
    auto dex = parseDex(*bytes);
    EXPECT_TRUE(dex.ok()) << dex.status().toString();
    if (dex.ok()) dexes.push_back(std::move(dex).value());
  }
  return dexes;
}

uint32_t methodsOf(const std::vector<GroupCount>& groups, const std::string& name) {
  const auto it = std::find_if(groups.begin(), groups.end(), [&](const GroupCount& g) { return g.name == name; });
  return it == groups.end() ? 0 : it->methods;
}

TEST(MethodCountTest, JamendoByPackage) {
  MXI_REQUIRE_DEX(bytes, test::kJamendoApk, "classes.dex");
  const auto dexes = parseAll({&bytes});
  ASSERT_EQ(dexes.size(), 1u);
  const MethodCountReport report = countMethods(dexes);
  ASSERT_EQ(report.dexes.size(), 1u);
  const DexMethodCount& dex = report.dexes[0];
  EXPECT_EQ(dex.methodIds, 1796u);
  EXPECT_EQ(dex.internalMethods, 1343u);
  EXPECT_EQ(dex.externalMethods, 453u);
  EXPECT_EQ(dex.internalClasses, 221u);  // 3 of the 224 defined classes have no method id
  EXPECT_EQ(dex.externalClasses, 160u);
  EXPECT_EQ(dex.definedMethods, 1133u);
  EXPECT_EQ(dex.classes, 224u);
  ASSERT_GE(dex.internal.size(), 4u);
  EXPECT_EQ(dex.internal[0].name, "com.teleca.jamendo.activity");
  EXPECT_EQ(dex.internal[0].methods, 455u);
  EXPECT_EQ(dex.internal[1].name, "com.teleca.jamendo.api");
  EXPECT_EQ(dex.internal[1].methods, 143u);
  EXPECT_EQ(dex.internal[2].name, "com.teleca.jamendo.dialog");
  EXPECT_EQ(dex.internal[2].methods, 126u);
  ASSERT_GE(dex.external.size(), 4u);
  EXPECT_EQ(dex.external[0].name, "android.widget");
  EXPECT_EQ(dex.external[0].methods, 90u);
  EXPECT_EQ(dex.external[1].name, "android.app");
  EXPECT_EQ(dex.external[1].methods, 54u);
  EXPECT_EQ(dex.external[2].name, "java.util");  // 45, then java.lang with 44
  EXPECT_EQ(dex.external[3].name, "java.lang");
  // One dex: the total is that dex.
  EXPECT_EQ(report.total.methodIds, 1796u);
  EXPECT_EQ(report.total.internalClasses, 221u);
  EXPECT_EQ(report.total.internal[0].name, "com.teleca.jamendo.activity");
}

TEST(MethodCountTest, JamendoByClass) {
  MXI_REQUIRE_DEX(bytes, test::kJamendoApk, "classes.dex");
  const auto dexes = parseAll({&bytes});
  const MethodCountReport report = countMethods(dexes, {.group = CountGroup::kClass});
  const DexMethodCount& dex = report.dexes[0];
  EXPECT_EQ(dex.internal.size(), 221u);
  EXPECT_EQ(dex.external.size(), 160u);
  EXPECT_EQ(methodsOf(dex.internal, "com.teleca.jamendo.activity.HomeActivity"), 23u);
  EXPECT_EQ(methodsOf(dex.internal, "com.teleca.jamendo.JamendoApplication"), 23u);
  EXPECT_EQ(methodsOf(dex.internal, "com.teleca.jamendo.activity.HomeActivity$1"), 2u);
}

// A mapping naming two of Jamendo's classes as if it were a minified build's: their method ids
// move to the original package, and so do their inner classes' (HomeActivity$1 is Home$1 by
// R8Mapping's outer-class rule): 12 classes with 60 method ids, 3 with 41.
TEST(MethodCountTest, JamendoWithAMappingCountsOriginalPackages) {
  MXI_REQUIRE_DEX(bytes, test::kJamendoApk, "classes.dex");
  const auto dexes = parseAll({&bytes});
  auto mapping = mapping::R8Mapping::parse(
      "org.jamendo.ui.Home -> com.teleca.jamendo.activity.HomeActivity:\n"
      "    void onCreate(android.os.Bundle) -> onCreate\n"
      "org.jamendo.App -> com.teleca.jamendo.JamendoApplication:\n");
  ASSERT_TRUE(mapping.ok()) << mapping.status().toString();
  const MethodCountReport byPackage = countMethods(dexes, {.mapping = &*mapping});
  const DexMethodCount& dex = byPackage.dexes[0];
  EXPECT_EQ(methodsOf(dex.internal, "org.jamendo.ui"), 60u);
  EXPECT_EQ(methodsOf(dex.internal, "org.jamendo"), 41u);
  EXPECT_EQ(methodsOf(dex.internal, "com.teleca.jamendo.activity"), 455u - 60u);
  EXPECT_EQ(methodsOf(dex.internal, "com.teleca.jamendo"), 53u - 41u);
  EXPECT_EQ(dex.internalMethods, 1343u);  // renamed, not recounted

  const MethodCountReport byClass = countMethods(dexes, {.group = CountGroup::kClass, .mapping = &*mapping});
  EXPECT_EQ(methodsOf(byClass.dexes[0].internal, "org.jamendo.ui.Home"), 23u);
  EXPECT_EQ(methodsOf(byClass.dexes[0].internal, "com.teleca.jamendo.activity.HomeActivity"), 0u);

  const ClassCountReport classes = countClasses(dexes, &*mapping);
  const auto& packages = classes.dexes[0].packages;
  const auto ui =
      std::find_if(packages.begin(), packages.end(), [](const auto& p) { return p.package == "org.jamendo.ui"; });
  ASSERT_NE(ui, packages.end());
  EXPECT_EQ(ui->classes,
            (std::vector<std::string>{"org.jamendo.ui.Home", "org.jamendo.ui.Home$1", "org.jamendo.ui.Home$2",
                                      "org.jamendo.ui.Home$3", "org.jamendo.ui.Home$4", "org.jamendo.ui.Home$5",
                                      "org.jamendo.ui.Home$6", "org.jamendo.ui.Home$7", "org.jamendo.ui.Home$8",
                                      "org.jamendo.ui.Home$NewsTask", "org.jamendo.ui.Home$NewsTask$1",
                                      "org.jamendo.ui.Home$Top100Task"}));
}

// classes2.dex calls into classes.dex: those method ids are the app's own (internal).
TEST(MethodCountTest, MultidexCountsPerDexAndInTotal) {
  MXI_REQUIRE_DEX(first, test::kMultidexApk, "classes.dex");
  MXI_REQUIRE_DEX(second, test::kMultidexApk, "classes2.dex");
  const auto dexes = parseAll({&first, &second});
  ASSERT_EQ(dexes.size(), 2u);
  const MethodCountReport report = countMethods(dexes);
  ASSERT_EQ(report.dexes.size(), 2u);
  EXPECT_EQ(report.dexes[0].methodIds, 25066u);
  EXPECT_EQ(report.dexes[0].internalMethods, 20767u);
  EXPECT_EQ(report.dexes[0].externalMethods, 4299u);
  EXPECT_EQ(report.dexes[0].definedMethods, 18841u);
  EXPECT_EQ(report.dexes[0].classes, 2243u);
  EXPECT_EQ(report.dexes[0].internal[0].name, "android.support.v7.widget");
  EXPECT_EQ(report.dexes[0].internal[0].methods, 4189u);
  EXPECT_EQ(report.dexes[1].methodIds, 748u);
  EXPECT_EQ(report.dexes[1].internalMethods, 515u);  // 53 of them of 18 classes classes.dex defines
  EXPECT_EQ(report.dexes[1].externalMethods, 233u);
  EXPECT_EQ(report.dexes[1].definedMethods, 396u);
  EXPECT_EQ(report.dexes[1].classes, 211u);
  EXPECT_EQ(report.dexes[1].internal[0].name, "com.greenaddress.abcore");
  EXPECT_EQ(report.dexes[1].internal[0].methods, 302u);

  EXPECT_EQ(report.total.methodIds, 25066u + 748u);
  EXPECT_EQ(report.total.internalMethods, 20767u + 515u);
  EXPECT_EQ(report.total.externalMethods, 4299u + 233u);
  EXPECT_EQ(report.total.definedMethods, 18841u + 396u);
  EXPECT_EQ(report.total.classes, 2243u + 211u);
  EXPECT_EQ(report.total.internalClasses, 2301u);  // distinct over both dexes
  EXPECT_EQ(report.total.externalClasses, 633u);
  EXPECT_EQ(methodsOf(report.total.internal, "com.greenaddress.abcore"), 302u);
  EXPECT_EQ(methodsOf(report.total.external, "android.view"),
            methodsOf(report.dexes[0].external, "android.view") + methodsOf(report.dexes[1].external, "android.view"));
}

TEST(MethodCountTest, MonochromeCounts) {
  MXI_REQUIRE_DEX(bytes, test::kMonochromeApk, "classes.dex");
  const auto dexes = parseAll({&bytes});
  const MethodCountReport report = countMethods(dexes);
  const DexMethodCount& dex = report.dexes[0];
  EXPECT_EQ(dex.methodIds, 29277u);
  EXPECT_EQ(dex.internalMethods, 24670u);
  EXPECT_EQ(dex.externalMethods, 4607u);
  EXPECT_EQ(dex.internalClasses, 2744u);
  EXPECT_EQ(dex.externalClasses, 592u);
  EXPECT_EQ(dex.internal[0].name, "androidx.appcompat.widget");
  EXPECT_EQ(dex.internal[0].methods, 2594u);
  EXPECT_EQ(dex.external[0].name, "android.view");
  EXPECT_EQ(dex.external[0].methods, 796u);
}

TEST(ClassCountTest, JamendoPackagesAndItsRClass) {
  MXI_REQUIRE_DEX(bytes, test::kJamendoApk, "classes.dex");
  const auto dexes = parseAll({&bytes});
  const ClassCountReport report = countClasses(dexes);
  EXPECT_EQ(report.classes, 224u);
  ASSERT_EQ(report.dexes.size(), 1u);
  EXPECT_EQ(report.dexes[0].classes, 224u);
  const auto& packages = report.dexes[0].packages;
  ASSERT_EQ(packages.size(), 14u);
  EXPECT_EQ(packages[0].package, "com.teleca.jamendo");
  EXPECT_EQ(packages[0].classes,
            (std::vector<std::string>{
                "com.teleca.jamendo.JamendoApplication", "com.teleca.jamendo.JamendoApplication$1",
                "com.teleca.jamendo.JamendoApplication$IntentPlayerEngine", "com.teleca.jamendo.R",
                "com.teleca.jamendo.R$anim", "com.teleca.jamendo.R$array", "com.teleca.jamendo.R$attr",
                "com.teleca.jamendo.R$dimen", "com.teleca.jamendo.R$drawable", "com.teleca.jamendo.R$id",
                "com.teleca.jamendo.R$layout", "com.teleca.jamendo.R$menu", "com.teleca.jamendo.R$raw",
                "com.teleca.jamendo.R$string", "com.teleca.jamendo.R$xml"}));
  EXPECT_EQ(packages[1].package, "com.teleca.jamendo.activity");
  EXPECT_EQ(packages[1].classes.size(), 74u);
  size_t sum = 0;
  for (const auto& p : packages) sum += p.classes.size();
  EXPECT_EQ(sum, 224u);
  ASSERT_EQ(report.rClasses.size(), 1u);
  EXPECT_EQ(report.rClasses[0].name, "com.teleca.jamendo.R");
  EXPECT_EQ(report.rClasses[0].fields, 376u);
  EXPECT_EQ(report.rFields, 376u);
}

TEST(ClassCountTest, MultidexRClassesLiveInClasses2) {
  MXI_REQUIRE_DEX(first, test::kMultidexApk, "classes.dex");
  MXI_REQUIRE_DEX(second, test::kMultidexApk, "classes2.dex");
  const auto dexes = parseAll({&first, &second});
  const ClassCountReport report = countClasses(dexes);
  EXPECT_EQ(report.classes, 2243u + 211u);
  EXPECT_EQ(report.dexes[0].packages.size(), 82u);
  EXPECT_EQ(report.dexes[1].packages.size(), 14u);
  // 14 R classes, as Matrix lists them: android.arch.lifecycle.R declares no field.
  ASSERT_EQ(report.rClasses.size(), 14u);
  EXPECT_EQ(report.rFields, 6475u);
  EXPECT_EQ(report.rClasses[0].name, "android.arch.lifecycle.R");
  EXPECT_EQ(report.rClasses[0].fields, 0u);
  EXPECT_EQ(report.rClasses[1].name, "android.support.compat.R");
  EXPECT_EQ(report.rClasses[1].fields, 101u);
}

TEST(ClassCountTest, MonochromeRClasses) {
  MXI_REQUIRE_DEX(bytes, test::kMonochromeApk, "classes.dex");
  const auto dexes = parseAll({&bytes});
  const ClassCountReport report = countClasses(dexes);
  ASSERT_EQ(report.rClasses.size(), 46u);  // 31 of them with fields
  EXPECT_EQ(report.rFields, 15775u);
  EXPECT_EQ(report.rClasses[0].name, "androidx.activity.R");
  EXPECT_EQ(report.rClasses[0].fields, 171u);
  EXPECT_EQ(report.dexes[0].packages.size(), 158u);
}

TEST(ClassCountTest, PackagesAndRNames) {
  EXPECT_EQ(javaPackage("com.example.Main$Inner"), "com.example");
  EXPECT_EQ(javaPackage("Main"), "");
  EXPECT_TRUE(isRClass("com.example.R"));
  EXPECT_TRUE(isRClass("com.example.R$drawable"));
  EXPECT_TRUE(isRClass("R$string"));
  EXPECT_TRUE(isRClass("R"));
  EXPECT_FALSE(isRClass("com.example.Rx"));
  EXPECT_FALSE(isRClass("com.example.RR$id"));
  EXPECT_FALSE(isRClass("com.example.Main$R"));
}

}  // namespace
}  // namespace mxi::core::dex
