// Dalvik bytecode's instruction widths: what it takes to walk a method's insns one instruction at
// a time without decoding them, including the switch and array-data payloads that sit among them.
#pragma once

#include <cstdint>
#include <optional>

namespace mxi::core::dex {

// Opcodes the resource scan reads.
inline constexpr uint8_t kOpConst = 0x14;           // const vAA, #+BBBBBBBB (31i)
inline constexpr uint8_t kOpConstHigh16 = 0x15;     // const/high16 vAA, #+BBBB0000 (21h)
inline constexpr uint8_t kOpFirstStaticGet = 0x60;  // sget … sget-short (21c)
inline constexpr uint8_t kOpLastStaticGet = 0x66;
inline constexpr uint8_t kOpFirstStaticPut = 0x67;  // sput … sput-short (21c)
inline constexpr uint8_t kOpLastStaticPut = 0x6d;

// Payload pseudo-instructions: a whole first code unit of these values (opcode 0x00, nop).
inline constexpr uint16_t kPackedSwitchPayload = 0x0100;
inline constexpr uint16_t kSparseSwitchPayload = 0x0200;
inline constexpr uint16_t kFillArrayDataPayload = 0x0300;

// Code units of an instruction with this opcode (1–5); nullopt for the unused opcodes
// (0x3e–0x43, 0x73, 0x79–0x7a, 0xe3–0xf9), which no valid dex holds.
std::optional<uint32_t> instructionWidth(uint8_t opcode);

}  // namespace mxi::core::dex
