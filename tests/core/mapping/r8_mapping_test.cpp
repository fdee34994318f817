// The mapping reader on texts shaped as R8's doc/retrace.md and its retrace tests describe them
// (inline frames with line ranges, outlines, synthesized members, residual signatures, ambiguous
// overloads) and as ProGuard writes them (docs/MAPPING.md cites each form).
#include "core/mapping/r8_mapping.h"

#include <gtest/gtest.h>

namespace mxi::core::mapping {
namespace {

R8Mapping parseOrDie(std::string_view text) {
  auto m = R8Mapping::parse(text);
  EXPECT_TRUE(m.ok()) << m.status().toString();
  return m.ok() ? std::move(*m) : R8Mapping();
}

std::string describe(const std::vector<OriginalFrame>& frames) {
  std::string out;
  for (const auto& f : frames) {
    out += f.className + "." + f.methodName + "(" + f.sourceFile + (f.line ? ":" + std::to_string(*f.line) : "") + ")" +
           (f.ambiguous ? " ambiguous" : "") + "\n";
  }
  return out;
}

// ProGuard 7's form: line ranges with original ranges, inner classes, fields of both kinds.
constexpr std::string_view kProguard =
    "com.example.Cache -> a.b:\n"
    "    java.util.Map entries -> a\n"
    "    int MAX_SIZE -> b\n"
    "    com.example.Cache INSTANCE -> c\n"
    "    1:1:void <init>():12:12 -> <init>\n"
    "    2:4:java.lang.Object get(java.lang.String):20:22 -> a\n"
    "    5:7:void put(java.lang.String,java.lang.Object):30:32 -> a\n"
    "    void clear() -> b\n"
    "com.example.Cache$Entry -> a.c:\n"
    "    java.lang.Object value -> a\n"
    "    1:2:java.lang.Object value():40:41 -> a\n";

TEST(R8MappingTest, ProguardClassesFieldsAndMethods) {
  const R8Mapping m = parseOrDie(kProguard);
  EXPECT_EQ(m.classCount(), 2u);
  EXPECT_EQ(m.originalClass("a.b"), "com.example.Cache");
  EXPECT_EQ(m.originalClass("a.c"), "com.example.Cache$Entry");
  EXPECT_EQ(m.originalClass("a.b[][]"), "com.example.Cache[][]");
  EXPECT_EQ(m.originalClass("java.lang.String"), "java.lang.String");
  EXPECT_EQ(m.originalClass("a.b$$Lambda$3/0x0000000800c0b000"), "com.example.Cache$$Lambda$3/0x0000000800c0b000");
  EXPECT_EQ(m.minifiedClass("com.example.Cache$Entry"), "a.c");
  EXPECT_EQ(m.minifiedClass("com.example.Cache[]"), "a.b[]");
  EXPECT_EQ(m.minifiedClass("com.example.Other"), std::nullopt);
  EXPECT_EQ(m.originalField("a.b", "a"), "entries");
  EXPECT_EQ(m.originalField("a.b", "b"), "MAX_SIZE");  // static
  EXPECT_EQ(m.originalField("a.c", "a"), "value");     // per declaring class
  EXPECT_EQ(m.originalField("a.b", "z"), std::nullopt);
  EXPECT_EQ(m.originalField("x.y", "a"), std::nullopt);
  EXPECT_EQ(m.originalMethod("a.b", "a"), "get|put");
  EXPECT_EQ(m.originalMethod("a.b", "b"), "clear");
  EXPECT_EQ(m.originalMethod("a.b", "q"), "");
  EXPECT_EQ(m.mapVersion(), "");
  EXPECT_FALSE(m.isSynthesized("a.b"));
}

TEST(R8MappingTest, LineRangesPickTheOverloadAndMapLinearly) {
  const R8Mapping m = parseOrDie(kProguard);
  EXPECT_EQ(describe(m.retrace("a.b", "a", 3)), "com.example.Cache.get(Cache.java:21)\n");
  EXPECT_EQ(describe(m.retrace("a.b", "a", 7)), "com.example.Cache.put(Cache.java:32)\n");
  EXPECT_EQ(describe(m.retrace("a.c", "a", 2)), "com.example.Cache$Entry.value(Cache.java:41)\n");
  // No line: both methods named `a` are candidates.
  EXPECT_EQ(describe(m.retrace("a.b", "a", std::nullopt)),
            "com.example.Cache.get(Cache.java) ambiguous\ncom.example.Cache.put(Cache.java) ambiguous\n");
  // A line no range holds: the same, without a line (a wrong line is worse than none).
  EXPECT_EQ(describe(m.retrace("a.b", "a", 99)),
            "com.example.Cache.get(Cache.java) ambiguous\ncom.example.Cache.put(Cache.java) ambiguous\n");
  // No range in the mapping: the line stays.
  EXPECT_EQ(describe(m.retrace("a.b", "b", 50)), "com.example.Cache.clear(Cache.java:50)\n");
  // A class the mapping knows, a method it does not list: class renamed, method kept.
  EXPECT_EQ(describe(m.retrace("a.b", "toString", 1)), "com.example.Cache.toString(Cache.java:1)\n");
  EXPECT_TRUE(m.retrace("x.y", "a", 1).empty());
}

// R8's inline frames (doc/retrace.md "inline frames"): one minified range, innermost first; frames
// inlined from another class are qualified; the outer frames give the call site's line.
constexpr std::string_view kR8Inline =
    "# compiler: R8\n"
    "# compiler_version: 8.2.42\n"
    "# {\"id\":\"com.android.tools.r8.mapping\",\"version\":\"2.2\"}\n"
    "com.example.Main -> a.a:\n"
    "# {\"id\":\"sourceFile\",\"fileName\":\"Main.kt\"}\n"
    "    1:3:void main(java.lang.String[]):10:12 -> main\n"
    "    4:5:int com.example.util.Strings.length(java.lang.String):42:43 -> main\n"
    "    4:5:int helper(java.lang.String):20 -> main\n"
    "    4:5:void main(java.lang.String[]):13 -> main\n"
    "    6:6:void main(java.lang.String[]):14:14 -> main\n"
    "com.example.util.Strings -> a.b:\n"
    "# {\"id\":\"sourceFile\",\"fileName\":\"Strings.kt\"}\n"
    "    1:1:int length(java.lang.String):42:42 -> a\n";

TEST(R8MappingTest, InlinedFramesInnermostFirst) {
  const R8Mapping m = parseOrDie(kR8Inline);
  EXPECT_EQ(m.mapVersion(), "2.2");
  EXPECT_EQ(describe(m.retrace("a.a", "main", 5)),
            "com.example.util.Strings.length(Strings.kt:43)\n"
            "com.example.Main.helper(Main.kt:20)\n"
            "com.example.Main.main(Main.kt:13)\n");
  EXPECT_EQ(describe(m.retrace("a.a", "main", 2)), "com.example.Main.main(Main.kt:11)\n");
  EXPECT_EQ(describe(m.retrace("a.a", "main", 6)), "com.example.Main.main(Main.kt:14)\n");
  EXPECT_EQ(describe(m.retrace("a.a", "main", std::nullopt)), "com.example.Main.main(Main.kt)\n");
  EXPECT_EQ(m.originalMethod("a.a", "main"), "main");
}

// A range mapped to one original line (D8's pc mapping: "1:10:void a():1:1") stays on it.
TEST(R8MappingTest, OriginalRangeShorterThanMinifiedIsClamped) {
  const R8Mapping m = parseOrDie("x.Y -> a:\n    1:10:void a():1:1 -> b\n    11:20:void a():5 -> b\n");
  EXPECT_EQ(describe(m.retrace("a", "b", 7)), "x.Y.a(Y.java:1)\n");
  EXPECT_EQ(describe(m.retrace("a", "b", 15)), "x.Y.a(Y.java:5)\n");
}

// doc/retrace.md "Synthesized": a class, a field, a method; a synthesized method's own frame is
// stripped when frames inlined into it remain.
TEST(R8MappingTest, SynthesizedClassesAndFramesAreMarked) {
  const R8Mapping m = parseOrDie(
      "# {'id':'com.android.tools.r8.mapping','version':'1.0'}\n"
      "some.package.SomeSynthesizedClass -> x.y.z:\n"
      "# {'id':'com.android.tools.r8.synthesized'}\n"
      "    int someField -> a\n"
      "    # {'id':'com.android.tools.r8.synthesized'}\n"
      "some.package.Class -> foo.a:\n"
      "    4:4:void example.Foo.lambda$main$0():225 -> a\n"
      "    4:4:void run(example.Foo):2 -> a\n"
      "    # {'id':'com.android.tools.r8.synthesized'}\n"
      "    5:5:void example.Foo.lambda$main$1():228 -> a\n"
      "    5:5:void run(example.Foo):4 -> a\n"
      "    # {'id':'com.android.tools.r8.synthesized'}\n");
  EXPECT_TRUE(m.isSynthesized("x.y.z"));
  EXPECT_FALSE(m.isSynthesized("foo.a"));
  EXPECT_EQ(m.originalField("x.y.z", "a"), "someField");
  EXPECT_EQ(describe(m.retrace("foo.a", "a", 4)), "example.Foo.lambda$main$0(Foo.java:225)\n");
  EXPECT_EQ(describe(m.retrace("foo.a", "a", 5)), "example.Foo.lambda$main$1(Foo.java:228)\n");
}

// R8's outline test shape: the outline class `a`, its caller `x.s` at line 27 with the positions
// the outline's lines 1 and 2 stand for.
constexpr std::string_view kOutline =
    "# { id: 'com.android.tools.r8.mapping', version: '2.0' }\n"
    "outline.Class -> a:\n"
    "    1:2:int outline():0 -> a\n"
    "# { 'id':'com.android.tools.r8.outline' }\n"
    "outline.Callsite -> x:\n"
    "    4:4:int outlineCaller(int):23:23 -> s\n"
    "    5:5:int foo.bar.baz.outlineCaller(int):98:98 -> s\n"
    "    5:5:int outlineCaller(int):24 -> s\n"
    "    27:27:int outlineCaller(int):0:0 -> s\n"
    "    # { 'id':'com.android.tools.r8.outlineCallsite', 'positions': { '1': 4, '2': 5 }, 'outline':'La;a()I' }\n";

TEST(R8MappingTest, OutlinesAndTheirCallSites) {
  const R8Mapping m = parseOrDie(kOutline);
  EXPECT_TRUE(m.isOutline("a"));
  EXPECT_FALSE(m.isOutline("x"));
  EXPECT_TRUE(m.isOutlineFrame("a", "a", 1));
  EXPECT_FALSE(m.isOutlineFrame("x", "s", 27));
  EXPECT_EQ(describe(m.retraceOutlineCaller("x", "s", 27, 1)), "outline.Callsite.outlineCaller(Callsite.java:23)\n");
  EXPECT_EQ(describe(m.retraceOutlineCaller("x", "s", 27, 2)),
            "foo.bar.baz.outlineCaller(baz.java:98)\noutline.Callsite.outlineCaller(Callsite.java:24)\n");
  // An unknown position: the call site as the mapping lists it.
  EXPECT_EQ(describe(m.retraceOutlineCaller("x", "s", 27, 9)), "outline.Callsite.outlineCaller(Callsite.java:0)\n");
}

// Residual signatures (R8 2.2) are metadata on the method line above; overloads that share a
// minified name and a range are told apart only by the line.
TEST(R8MappingTest, ResidualSignaturesAndAmbiguousOverloads) {
  const R8Mapping m = parseOrDie(
      "# {\"id\":\"com.android.tools.r8.mapping\",\"version\":\"2.2\"}\n"
      "com.example.Api -> a:\n"
      "    void send(int) -> a\n"
      "    # {\"id\":\"com.android.tools.r8.residualsignature\",\"signature\":\"(I)V\"}\n"
      "    void send(java.lang.String) -> a\n"
      "    # {\"id\":\"com.android.tools.r8.residualsignature\",\"signature\":\"(Ljava/lang/String;)V\"}\n"
      "    void close() -> a\n"
      "    void send(long) -> b\n"
      "    void send(double) -> b\n");
  EXPECT_EQ(m.originalMethod("a", "a"), "send|close");
  EXPECT_EQ(describe(m.retrace("a", "a", 3)),
            "com.example.Api.send(Api.java:3) ambiguous\ncom.example.Api.close(Api.java:3) ambiguous\n");
  // Two overloads with one original name are one frame, not an ambiguity.
  EXPECT_EQ(describe(m.retrace("a", "b", 8)), "com.example.Api.send(Api.java:8)\n");
}

TEST(R8MappingTest, MetadataSkipsUnknownIdsAndBadJson) {
  const R8Mapping m = parseOrDie(
      "# {'id':'com.android.tools.r8.mapping','version':'2.2'}\n"
      "a.B -> c:\n"
      "# {'id':'sourceFile','fileName':'B.kt'}\n"
      "    1:1:void f():3 -> a\n"
      "    # {'id':'com.android.tools.r8.rewriteFrame','conditions':['throws(Ljava/lang/NullPointerException;)'],"
      "'actions':['removeInnerFrames(1)']}\n"
      "    # {'id':'some.future.Thing','x':[1,{'y':2}]}\n"
      "    # {not json\n"
      "    # {'id':'sourceFile','fileName':'Wrong.kt'}\n");
  EXPECT_EQ(describe(m.retrace("c", "a", 1)), "a.B.f(B.kt:3)\n");
}

TEST(R8MappingTest, FingerprintIsTheTextsHash) {
  const R8Mapping a = parseOrDie(kProguard), b = parseOrDie(kProguard), c = parseOrDie(kR8Inline);
  EXPECT_EQ(a.fingerprint(), b.fingerprint());
  EXPECT_NE(a.fingerprint(), c.fingerprint());
  EXPECT_EQ(R8Mapping::parse("").value().fingerprint(), 0x2D06800538D394C2ull);  // XXH3_64bits("")
}

}  // namespace
}  // namespace mxi::core::mapping
