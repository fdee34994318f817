// java.lang.String contents in every layout a dump can hold, decoded once for every view that
// shows or compares strings (HeapIndex::stringValue, duplicate strings, the inspector, leak-chain
// labels, diffs and triage all come here).
//
// Layouts (docs/HPROF.md, "Strings"):
// - Java ≤ 8 and Dalvik (Android ≤ 4.4): `char[] value` plus `offset` and `count`, a window of a
//   possibly shared array (Dalvik's substrings share it).
// - Java 9+: `byte[] value` plus `coder` (0 Latin-1, 1 UTF-16 in the VM's byte order).
// - ART, Android 8+ with string compression: `byte[] value` (ASCII, "compressed") or `char[]`,
//   and `count` written as the length in characters. In the VM `count` is (length << 1) | flag
//   (flag 0 = compressed); ART's writer strips the flag since 2017 (AOSP art 595beb3 "Fix
//   hprof/ahat for string compression"). Dumps from before that fix carry the flagged count and
//   pack a compressed string's bytes into a char[] of ⌈length/2⌉ units (an odd length starts
//   with one pad byte); both are read here too.
#pragma once

#include <cstdint>
#include <optional>
#include <span>
#include <string>

#include "core/hprof/heap_index.h"

namespace mxi::core::hprof {

enum class StringEncoding : uint8_t { kLatin1, kUtf16BigEndian, kUtf16LittleEndian };

// A String's characters as they sit in its value array: exactly the string, nothing around it.
struct StringData {
  ObjectIndex array = kNoObject;  // the value array; kNoObject for a null value (an empty string)
  std::span<const uint8_t> bytes;
  StringEncoding encoding = StringEncoding::kLatin1;
  // Whether the characters fill the array; false for a Dalvik / Java ≤ 6 substring, a window
  // of an array other strings share (so the array is not this string's to count).
  bool wholeArray = true;
  uint64_t length() const { return encoding == StringEncoding::kLatin1 ? bytes.size() : bytes.size() / 2; }
};

// java.lang.String's field slots, looked up once per dump for loops over many strings.
struct StringFieldSlots {
  std::optional<HeapIndex::FieldSlot> value, count, offset, coder;
  static StringFieldSlots of(const HeapIndex& index, ClassIndex stringClass);
};

// nullopt when the object is not a String instance of `slots`' layout, or its value array is
// missing (e.g. stripped by Matrix's shrinker) or has no data.
std::optional<StringData> stringData(const HeapIndex& index, ObjectIndex string, const StringFieldSlots& slots);

// UTF-8; unpaired surrogates become U+FFFD.
std::string decodeString(const StringData& data);

}  // namespace mxi::core::hprof
