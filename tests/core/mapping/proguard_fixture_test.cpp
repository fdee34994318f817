// The reader on real ProGuard output: the shop program (tests/fixtures/minified) minified twice by
// Debian's ProGuard 6.2 with two namings, each build's mapping.txt and the stack trace its minified
// program printed. Both traces retrace to the source's classes, methods and lines.
#include <gtest/gtest.h>

#include <filesystem>

#include "core/mapping/r8_mapping.h"
#include "tests/support/reference_fixtures.h"
#include "tests/support/test_paths.h"

namespace mxi::core::mapping {
namespace {

// What tests/fixtures/minified/app throws: CartItem.java line 14, called from Cart.java line 23,
// from ShopApp.failedCheckout() line 61, from main() line 41.
constexpr std::string_view kOriginalTrace =
    "java.lang.IllegalStateException: no price for Gift card\n"
    "\tat com.example.shop.CartItem.validatedPrice(CartItem.java:14)\n"
    "\tat com.example.shop.Cart.checkout(Cart.java:23)\n"
    "\tat com.example.shop.ShopApp.failedCheckout(ShopApp.java:61)\n"
    "\tat com.example.shop.ShopApp.main(ShopApp.java:41)\n";

class ProguardFixtureTest : public ::testing::TestWithParam<const char*> {
 protected:
  void SetUp() override {
    const std::string mappingPath = test::minifiedFile(GetParam(), ".mapping.txt");
    m_tracePath = test::minifiedFile(GetParam(), ".stacktrace.txt");
    if (!std::filesystem::exists(mappingPath) || !std::filesystem::exists(m_tracePath)) {
      GTEST_SKIP() << mappingPath << " absent: run the jvm_dumps fixture (tests/fixtures/minified)";
    }
    auto parsed = R8Mapping::parse(test::readText(mappingPath));
    ASSERT_TRUE(parsed.ok()) << parsed.status().toString();
    m_mapping = std::move(*parsed);
  }
  std::string m_tracePath;
  R8Mapping m_mapping;
};

TEST_P(ProguardFixtureTest, MinifiedStackTraceRetracesToTheSource) {
  const std::string minified = test::readText(m_tracePath);
  EXPECT_EQ(minified.find("CartItem"), std::string::npos) << "the fixture's trace is not minified:\n" << minified;
  EXPECT_EQ(retraceStack(m_mapping, minified), kOriginalTrace);
}

TEST_P(ProguardFixtureTest, ClassesFieldsAndMethodsOfTheRealMapping) {
  EXPECT_EQ(m_mapping.classCount(), 12u);  // grep -c '^[^ ]' shop-*.mapping.txt
  EXPECT_EQ(m_mapping.mapVersion(), "");   // ProGuard writes no R8 metadata
  const std::string cart = m_mapping.minifiedClass("com.example.shop.Cart").value_or("?");
  EXPECT_EQ(cart, std::string(GetParam()) == "1.2" ? "com.example.shop.b" : "o.z");
  EXPECT_EQ(m_mapping.originalClass(cart + "[]"), "com.example.shop.Cart[]");
  // Cart's three methods share one minified name; ProGuard's line ranges tell them apart.
  const std::string a = std::string(GetParam()) == "1.2" ? "a" : "q";
  EXPECT_EQ(m_mapping.originalMethod(cart, a), "add|reprice|checkout");
  ASSERT_EQ(m_mapping.retrace(cart, a, 19).size(), 1u);
  EXPECT_EQ(m_mapping.retrace(cart, a, 19)[0].methodName, "reprice");
  EXPECT_EQ(m_mapping.originalField(cart, a), "mItems");
  // Kept names map to themselves; an inner class has its own entry.
  EXPECT_EQ(m_mapping.originalClass("com.example.shop.ShopApp"), "com.example.shop.ShopApp");
  const auto watcher = m_mapping.minifiedClass("com.example.shop.CheckoutActivity$PriceWatcher");
  ASSERT_TRUE(watcher.has_value());
  EXPECT_EQ(m_mapping.originalField(*watcher, std::string(GetParam()) == "1.2" ? "b" : "z"), "this$0");
}

INSTANTIATE_TEST_SUITE_P(TwoBuilds, ProguardFixtureTest, ::testing::Values("1.2", "1.3"),
                         [](const auto& build) { return std::string(build.param) == "1.2" ? "Build12" : "Build13"; });

}  // namespace
}  // namespace mxi::core::mapping
