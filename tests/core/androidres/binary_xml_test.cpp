// parseBinaryXml on the fixture APKs' AndroidManifest.xml (facts from PROVENANCE.md and
// `aapt dump xmltree`, run by hand), and on hostile bytes: each error names what and where.
#include "core/androidres/binary_xml.h"

#include <gtest/gtest.h>

#include <string>
#include <vector>

#include "tests/core/androidres/chunk_builder.h"
#include "tests/core/androidres/fixture_entry.h"
#include "tests/support/reference_fixtures.h"

using namespace mxi::core;
using namespace mxi::core::androidres;
using mxi::test::Bytes;
using mxi::test::endElement;
using mxi::test::startElement;
using mxi::test::xmlDocument;

namespace {

constexpr const char* kAndroidNs = "http://schemas.android.com/apk/res/android";

XmlElement manifestOf(const std::filesystem::path& apk) {
  const auto bytes = mxi::test::readZipEntry(apk, "AndroidManifest.xml");
  EXPECT_TRUE(bytes.has_value()) << apk;
  auto parsed = parseBinaryXml(bytes.value_or(""));
  EXPECT_TRUE(parsed.ok()) << parsed.status().toString();
  return parsed.ok() ? std::move(parsed).value() : XmlElement{};
}

const XmlElement* child(const XmlElement& parent, const std::string& name) {
  for (const auto& c : parent.children) {
    if (c.name == name) return &c;
  }
  return nullptr;
}

std::string attributeText(const XmlElement* element, const std::string& name) {
  if (!element) return "<no element>";
  const XmlAttribute* a = element->attribute(name);
  return a ? a->value.toString() : "<no attribute>";
}

std::vector<std::string> permissions(const XmlElement& manifest) {
  std::vector<std::string> names;
  for (const auto& c : manifest.children) {
    if (c.name == "uses-permission") names.push_back(attributeText(&c, "name"));
  }
  return names;
}

}  // namespace

TEST(BinaryXmlTest, FdroidManifestAsAaptDumpsIt) {
  MXI_REQUIRE_FIXTURE(apk, "apk/fdroidserver_org.dyndns.fules.ck_20.apk");
  const XmlElement manifest = manifestOf(apk);
  EXPECT_EQ(manifest.name, "manifest");
  EXPECT_EQ(manifest.line, 2u);
  EXPECT_EQ(attributeText(&manifest, "package"), "org.dyndns.fules.ck");
  const XmlAttribute* versionCode = manifest.attribute("versionCode");
  ASSERT_NE(versionCode, nullptr);
  EXPECT_EQ(versionCode->namespaceUri, kAndroidNs);
  EXPECT_EQ(versionCode->resourceId, 0x0101021bu);
  EXPECT_EQ(versionCode->value.type, ResValue::kIntDec);
  EXPECT_EQ(versionCode->value.data, 20u);
  EXPECT_EQ(versionCode->value.toString(), "20");
  const XmlAttribute* versionName = manifest.attribute("versionName");
  ASSERT_NE(versionName, nullptr);
  EXPECT_EQ(versionName->value.type, ResValue::kReference);
  EXPECT_EQ(versionName->value.data, 0x7f050026u);
  EXPECT_EQ(versionName->value.toString(), "@0x7f050026");
  EXPECT_EQ(manifest.attribute("package")->namespaceUri, "");
  EXPECT_EQ(manifest.attribute("package")->resourceId, 0u);
  EXPECT_EQ(attributeText(child(manifest, "uses-sdk"), "minSdkVersion"), "7");
  EXPECT_EQ(attributeText(child(manifest, "uses-sdk"), "targetSdkVersion"), "8");
  EXPECT_EQ(child(manifest, "uses-sdk")->line, 6u);
  EXPECT_EQ(permissions(manifest),
            (std::vector<std::string>{"android.permission.BIND_INPUT_METHOD",
                                      "android.permission.READ_EXTERNAL_STORAGE", "android.permission.VIBRATE"}));
  const XmlElement* application = child(manifest, "application");
  ASSERT_NE(application, nullptr);
  EXPECT_EQ(attributeText(application, "label"), "@0x7f050000");
  EXPECT_EQ(attributeText(application, "icon"), "@0x7f020000");
  // service, then activity CompassKeyboardSettings (exported="true": (type 0x12)0xffffffff), FilePicker.
  ASSERT_GE(application->children.size(), 3u);
  EXPECT_EQ(application->children[0].name, "service");
  EXPECT_EQ(attributeText(&application->children[0], "name"), "CompassKeyboard");
  EXPECT_EQ(application->children[0].children.size(), 2u);  // intent-filter, meta-data
  EXPECT_EQ(attributeText(&application->children[1], "exported"), "true");
  EXPECT_EQ(application->children[1].attribute("exported")->value.type, ResValue::kIntBoolean);
  EXPECT_EQ(attributeText(&application->children[2], "name"), "FilePicker");
}

TEST(BinaryXmlTest, JamendoManifest) {
  MXI_REQUIRE_FIXTURE(apk, "apk/androguard_com.teleca.jamendo_35.apk");
  const XmlElement manifest = manifestOf(apk);
  EXPECT_EQ(manifest.line, 16u);
  EXPECT_EQ(attributeText(&manifest, "package"), "com.teleca.jamendo");
  EXPECT_EQ(attributeText(&manifest, "versionCode"), "35");
  EXPECT_EQ(attributeText(&manifest, "versionName"), "1.0.4 [BETA]");
  EXPECT_EQ(manifest.attribute("versionName")->value.type, ResValue::kString);
  EXPECT_EQ(attributeText(child(manifest, "uses-sdk"), "minSdkVersion"), "4");
  EXPECT_EQ(attributeText(child(manifest, "uses-sdk"), "targetSdkVersion"), "8");
  EXPECT_EQ(permissions(manifest),
            (std::vector<std::string>{"android.permission.INTERNET", "android.permission.ACCESS_WIFI_STATE",
                                      "android.permission.READ_PHONE_STATE",
                                      "android.permission.WRITE_EXTERNAL_STORAGE", "android.permission.WAKE_LOCK"}));
  EXPECT_EQ(attributeText(child(manifest, "application"), "label"), "@0x7f090002");
}

TEST(BinaryXmlTest, VersionAndSdkOfEveryFixture) {
  struct Expected {
    const char* apk;
    const char* package;
    const char* versionCode;
    const char* versionName;
    const char* minSdk;
    const char* targetSdk;
  };
  const Expected all[] = {
      {"apk/androguard_app-prod-debug_multidex.apk", "com.greenaddress.abcore", "2162", "0.62", "21", "27"},
      {"apk/monochrome-player_app-debug.apk", "com.monochrome.monochrome_player", "1", "1.0", "18", "29"},
      {"apk/apktool_issue1170_andresguard.apk", "com.ibotpeaches.issue1170", "1", "1.0", "22", "23"},
  };
  for (const auto& e : all) {
    MXI_REQUIRE_FIXTURE(apk, e.apk);
    SCOPED_TRACE(e.apk);
    const XmlElement manifest = manifestOf(apk);
    EXPECT_EQ(attributeText(&manifest, "package"), e.package);
    EXPECT_EQ(attributeText(&manifest, "versionCode"), e.versionCode);
    EXPECT_EQ(attributeText(&manifest, "versionName"), e.versionName);
    EXPECT_EQ(attributeText(child(manifest, "uses-sdk"), "minSdkVersion"), e.minSdk);
    EXPECT_EQ(attributeText(child(manifest, "uses-sdk"), "targetSdkVersion"), e.targetSdk);
  }
}

TEST(BinaryXmlTest, MultidexPermissionsInOrder) {
  MXI_REQUIRE_FIXTURE(apk, "apk/androguard_app-prod-debug_multidex.apk");
  EXPECT_EQ(
      permissions(manifestOf(apk)),
      (std::vector<std::string>{"android.permission.INTERNET", "android.permission.WRITE_EXTERNAL_STORAGE",
                                "android.permission.ACCESS_WIFI_STATE", "android.permission.ACCESS_NETWORK_STATE"}));
}

TEST(BinaryXmlTest, TruncatedManifestNamesTheXmlChunk) {
  MXI_REQUIRE_FIXTURE(apk, "apk/fdroidserver_org.dyndns.fules.ck_20.apk");
  const auto bytes = mxi::test::readZipEntry(apk, "AndroidManifest.xml");
  ASSERT_TRUE(bytes.has_value());
  const auto parsed = parseBinaryXml(bytes->substr(0, bytes->size() / 2));
  ASSERT_FALSE(parsed.ok());
  EXPECT_EQ(parsed.status().code(), StatusCode::kInvalidInput);
  EXPECT_EQ(parsed.status().message(), "XML chunk size " + std::to_string(bytes->size()) + " runs past the end (" +
                                           std::to_string(bytes->size() / 2) + " bytes left)");
  EXPECT_EQ(parsed.status().offset(), 0u);
}

TEST(BinaryXmlTest, ElementNameOutOfThePool) {
  MXI_REQUIRE_FIXTURE(apk, "apk/fdroidserver_org.dyndns.fules.ck_20.apk");
  auto bytes = mxi::test::readZipEntry(apk, "AndroidManifest.xml").value_or("");
  // Walk the chunks to the first start element and point its name past the pool.
  Bytes patched{bytes};
  size_t at = 8;
  auto u16 = [&](size_t o) {
    return static_cast<uint32_t>(static_cast<uint8_t>(bytes[o]) | static_cast<uint8_t>(bytes[o + 1]) << 8);
  };
  while (at + 8 <= bytes.size() && u16(at) != 0x0102) at += u16(at + 4) | u16(at + 6) << 16;
  ASSERT_LT(at + 24, bytes.size());
  patched.setU32(at + 16 + 4, 0x00ffffff);
  const auto parsed = parseBinaryXml(patched.data);
  ASSERT_FALSE(parsed.ok());
  EXPECT_EQ(parsed.status().message(), "string index 16777215 is out of the pool's " +
                                           std::to_string(u16(8 + 8) | u16(8 + 10) << 16) + " strings");
  EXPECT_EQ(parsed.status().offset(), at + 20);
}

TEST(BinaryXmlTest, ChunkSizeZeroIsSmallerThanItsHeader) {
  MXI_REQUIRE_FIXTURE(apk, "apk/fdroidserver_org.dyndns.fules.ck_20.apk");
  Bytes patched{mxi::test::readZipEntry(apk, "AndroidManifest.xml").value_or("")};
  ASSERT_GT(patched.data.size(), 16u);
  patched.setU32(8 + 4, 0);  // the string pool, the XML chunk's first child
  const auto parsed = parseBinaryXml(patched.data);
  ASSERT_FALSE(parsed.ok());
  EXPECT_EQ(parsed.status().message(), "XML node chunk size 0 is smaller than its header (28)");
  EXPECT_EQ(parsed.status().offset(), 8u);
}

TEST(BinaryXmlTest, HandMadeDocumentParses) {
  const std::vector<mxi::test::TestAttribute> attributes = {{2, 3, ResValue::kString, 3},
                                                            {1, 0xffffffff, ResValue::kIntHex, 0x7f}};
  const auto parsed =
      parseBinaryXml(xmlDocument({"a", "b", "c", "hello"}, {startElement(0, attributes), startElement(1), endElement(1),
                                                            startElement(1), endElement(1), endElement(0)}));
  ASSERT_TRUE(parsed.ok()) << parsed.status().toString();
  EXPECT_EQ(parsed->name, "a");
  ASSERT_EQ(parsed->children.size(), 2u);
  EXPECT_EQ(parsed->children[1].name, "b");
  ASSERT_EQ(parsed->attributes.size(), 2u);
  EXPECT_EQ(parsed->attribute("c")->value.toString(), "hello");
  EXPECT_EQ(parsed->attribute("c")->resourceId, 0u);  // no resource map
  EXPECT_EQ(parsed->attribute("b")->value.toString(), "0x7f");
  EXPECT_EQ(parsed->attribute("b")->value.string, "");  // no raw text kept
  EXPECT_EQ(parsed->attribute("hello"), nullptr);
}

TEST(BinaryXmlTest, EmptiedAttributeNamesComeBackFromTheirIds) {
  // Pool strings 0 and 1 are the attributes' names (emptied, as obfuscators leave them); the
  // resource map gives their ids: versionCode and an id this reader does not know.
  const std::vector<mxi::test::TestAttribute> attributes = {{0, 0xffffffff, ResValue::kIntDec, 7},
                                                            {1, 0xffffffff, ResValue::kIntDec, 8}};
  const auto parsed =
      parseBinaryXml(xmlDocument({"", "", "manifest"}, {mxi::test::resourceMap({0x0101021b, 0x01019999}),
                                                        startElement(2, attributes), endElement(2)}));
  ASSERT_TRUE(parsed.ok()) << parsed.status().toString();
  ASSERT_EQ(parsed->attributes.size(), 2u);
  EXPECT_EQ(parsed->attributes[0].name, "versionCode");
  EXPECT_EQ(parsed->attributes[0].resourceId, 0x0101021bu);
  EXPECT_EQ(parsed->attribute("versionCode")->value.toString(), "7");
  EXPECT_EQ(parsed->attributes[1].name, "");
  EXPECT_EQ(parsed->attributes[1].resourceId, 0x01019999u);
}

TEST(BinaryXmlTest, AttributesPastTheirChunk) {
  std::string element = startElement(0, {{0, 0xffffffff, ResValue::kIntDec, 1}});
  element[16 + 12] = 9;  // nine attributes in a chunk with room for one
  const std::string doc = xmlDocument({"a"}, {element});
  const auto parsed = parseBinaryXml(doc);
  ASSERT_FALSE(parsed.ok());
  EXPECT_EQ(parsed.status().message(), "element <a>'s 9 attributes run past its chunk");
  EXPECT_EQ(parsed.status().offset(), doc.size() - element.size() + 16 + 8);
}

TEST(BinaryXmlTest, EndWithoutStartIsAnError) {
  const std::string doc = xmlDocument({"a"}, {endElement(0)});
  const auto parsed = parseBinaryXml(doc);
  ASSERT_FALSE(parsed.ok());
  EXPECT_EQ(parsed.status().message(), "end of element <a> that was never started");
  EXPECT_EQ(parsed.status().offset(), doc.size() - 24);
}

TEST(BinaryXmlTest, MismatchedEndIsAnError) {
  const std::string doc = xmlDocument({"a", "b"}, {startElement(0), endElement(1)});
  const auto parsed = parseBinaryXml(doc);
  ASSERT_FALSE(parsed.ok());
  EXPECT_EQ(parsed.status().message(), "end of element <b> closes <a>");
  EXPECT_EQ(parsed.status().offset(), doc.size() - 24);
}

TEST(BinaryXmlTest, UnclosedElementIsAnError) {
  const std::string doc = xmlDocument({"a"}, {startElement(0)});
  const auto parsed = parseBinaryXml(doc);
  ASSERT_FALSE(parsed.ok());
  EXPECT_EQ(parsed.status().message(), "element <a> is not closed");
  EXPECT_EQ(parsed.status().offset(), doc.size());
}

TEST(BinaryXmlTest, NestingDeeperThan512IsAnErrorNotARecursion) {
  std::vector<std::string> nodes(600, startElement(0));
  const std::string doc = xmlDocument({"a"}, nodes);
  const auto parsed = parseBinaryXml(doc);
  ASSERT_FALSE(parsed.ok());
  EXPECT_EQ(parsed.status().message(), "elements nest deeper than 512");
  const size_t firstElement = doc.size() - 600 * 36;
  EXPECT_EQ(parsed.status().offset(), firstElement + 512 * 36);
}

TEST(BinaryXmlTest, ManyReferencesToALongStringHitTheDecodeBudget) {
  // 100 attributes whose raw text is one 30000-byte string: 3 MB of text from a 32 KB file.
  const std::vector<mxi::test::TestAttribute> attributes(100, {0, 1, ResValue::kIntDec, 1});
  const std::string doc = xmlDocument({"a", std::string(30000, 'x')}, {startElement(0, attributes), endElement(0)});
  const auto parsed = parseBinaryXml(doc);
  ASSERT_FALSE(parsed.ok());
  EXPECT_EQ(parsed.status().code(), StatusCode::kResourceLimit);
  EXPECT_EQ(parsed.status().message(), "strings decoded so far exceed " + std::to_string(16 * doc.size() + (1 << 20)) +
                                           " bytes, 16 times the file");
  // With ten attributes the same text is read.
  const std::vector<mxi::test::TestAttribute> few(10, {0, 1, ResValue::kIntDec, 1});
  const auto fine = parseBinaryXml(xmlDocument({"a", std::string(30000, 'x')}, {startElement(0, few), endElement(0)}));
  ASSERT_TRUE(fine.ok()) << fine.status().toString();
  EXPECT_EQ(fine->attributes[9].value.string.size(), 30000u);
}

TEST(BinaryXmlTest, NotCompiledXml) {
  const auto parsed = parseBinaryXml("<?xml version=\"1.0\"?><manifest/>");
  ASSERT_FALSE(parsed.ok());
  EXPECT_EQ(parsed.status().offset(), 0u);
}

TEST(ResValueTest, ToStringAsAaptSpellsIt) {
  auto text = [](uint8_t type, uint32_t data) { return ResValue{type, data, ""}.toString(); };
  EXPECT_EQ(text(ResValue::kReference, 0x7f050026), "@0x7f050026");
  EXPECT_EQ(text(ResValue::kAttribute, 0x0101009b), "?0x0101009b");
  EXPECT_EQ(text(ResValue::kIntDec, 0xffffffff), "-1");
  EXPECT_EQ(text(ResValue::kIntHex, 0x7f), "0x7f");
  EXPECT_EQ(text(ResValue::kIntBoolean, 0), "false");
  EXPECT_EQ(text(ResValue::kIntBoolean, 0xffffffff), "true");
  EXPECT_EQ(text(ResValue::kDimension, 0x00002000), "32.0px");   // Jamendo's dimen/tab_size
  EXPECT_EQ(text(ResValue::kDimension, 0x00000c01), "12.0dip");  // 12 << 8, unit dip
  EXPECT_EQ(text(ResValue::kDimension, 0x0000c012), "1.5sp");    // mantissa 192, radix 16p7: 192 / 128
  EXPECT_EQ(text(ResValue::kFraction, 0x00004010), "50.0%");     // 64 / 128 of the whole
  EXPECT_EQ(text(ResValue::kFraction, 0x00004011), "50.0%p");    // … of the parent
  EXPECT_EQ(text(ResValue::kFloat, 0x3fc00000), "1.5");
  EXPECT_EQ(text(ResValue::kIntColorArgb8, 0xff00ff00), "#ff00ff00");
  EXPECT_EQ(text(ResValue::kIntColorRgb8, 0xff336699), "#336699");
  EXPECT_EQ(text(ResValue::kNull, 0), "");
  EXPECT_EQ(text(0x42, 7), "(type 0x42)0x7");
  EXPECT_EQ((ResValue{ResValue::kString, 3, "hello"}.toString()), "hello");
}
