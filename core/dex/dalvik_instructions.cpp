#include "core/dex/dalvik_instructions.h"

#include <array>

namespace mxi::core::dex {

namespace {

// Widths in code units by opcode, from each opcode's format (10x = 1 unit, 21c = 2, 35c = 3,
// 45cc = 4, 51l = 5…); 0 marks an unused opcode.
constexpr std::array<uint8_t, 256> kWidths = [] {
  std::array<uint8_t, 256> w{};
  const auto set = [&w](int first, int last, uint8_t width) {
    for (int op = first; op <= last; ++op) w[static_cast<size_t>(op)] = width;
  };
  set(0x00, 0x01, 1);  // nop, move
  w[0x02] = 2;         // move/from16
  w[0x03] = 3;         // move/16
  w[0x04] = 1;         // move-wide
  w[0x05] = 2;
  w[0x06] = 3;
  w[0x07] = 1;  // move-object
  w[0x08] = 2;
  w[0x09] = 3;
  set(0x0a, 0x12, 1);  // move-result…, move-exception, return-void, return…, const/4
  w[0x13] = 2;         // const/16
  w[0x14] = 3;         // const
  w[0x15] = 2;         // const/high16
  w[0x16] = 2;         // const-wide/16
  w[0x17] = 3;         // const-wide/32
  w[0x18] = 5;         // const-wide
  w[0x19] = 2;         // const-wide/high16
  w[0x1a] = 2;         // const-string
  w[0x1b] = 3;         // const-string/jumbo
  w[0x1c] = 2;         // const-class
  set(0x1d, 0x1e, 1);  // monitor-enter/exit
  set(0x1f, 0x20, 2);  // check-cast, instance-of
  w[0x21] = 1;         // array-length
  set(0x22, 0x23, 2);  // new-instance, new-array
  set(0x24, 0x26, 3);  // filled-new-array(/range), fill-array-data
  w[0x27] = 1;         // throw
  w[0x28] = 1;         // goto
  w[0x29] = 2;         // goto/16
  w[0x2a] = 3;         // goto/32
  set(0x2b, 0x2c, 3);  // packed-switch, sparse-switch
  set(0x2d, 0x3d, 2);  // cmp…, if-test, if-testz
  set(0x44, 0x6d, 2);  // aget/aput, iget/iput, sget/sput
  set(0x6e, 0x72, 3);  // invoke-kind
  set(0x74, 0x78, 3);  // invoke-kind/range
  set(0x7b, 0x8f, 1);  // unary ops and conversions
  set(0x90, 0xaf, 2);  // binop vAA, vBB, vCC
  set(0xb0, 0xcf, 1);  // binop/2addr
  set(0xd0, 0xe2, 2);  // binop/lit16, binop/lit8
  set(0xfa, 0xfb, 4);  // invoke-polymorphic(/range)
  set(0xfc, 0xfd, 3);  // invoke-custom(/range)
  set(0xfe, 0xff, 2);  // const-method-handle, const-method-type
  return w;
}();

}  // namespace

std::optional<uint32_t> instructionWidth(uint8_t opcode) {
  const uint8_t width = kWidths[opcode];
  if (width == 0) return std::nullopt;
  return width;
}

}  // namespace mxi::core::dex
