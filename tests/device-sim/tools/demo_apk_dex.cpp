#include "demo_apk_dex.h"
#include "demo_apk_bytes.h"

#include <openssl/sha.h>
#include <zlib.h>

#include <algorithm>
#include <string>
#include <tuple>

namespace mxi::sim {

namespace {

constexpr uint32_t kNoIndex = 0xFFFFFFFF;
constexpr uint32_t kHeaderSize = 0x70;

void uleb(std::vector<uint8_t>& out, uint32_t v) {
  do {
    uint8_t b = v & 0x7f;
    v >>= 7;
    if (v != 0) b |= 0x80;
    out.push_back(b);
  } while (v != 0);
}
void align4(std::vector<uint8_t>& out) {
  while (out.size() % 4 != 0) out.push_back(0);
}

const char* const kActivity = "Landroid/app/Activity;";
const char* const kDemoActivity = "Lcom/example/mxi/demo/DemoActivity;";
const char* const kRDrawable = "Lcom/example/mxi/demo/R$drawable;";
const char* const kObject = "Ljava/lang/Object;";
const char* const kString = "Ljava/lang/String;";

}  // namespace

std::vector<uint8_t> demoDex() {
  // Ids in the orders the format requires: strings by content (ASCII here, so byte order), types
  // by string index, protos by return type, fields and methods by class, name, type/proto.
  std::vector<std::string> strings = {"<init>",    kActivity,     kDemoActivity, kRDrawable, kObject,
                                      kString,     "I",           "L",           "V",        "catalog.json",
                                      "ic_banner", "loadCatalog", "photo_header"};
  std::sort(strings.begin(), strings.end());
  auto str = [&](const std::string& s) {
    return static_cast<uint32_t>(std::find(strings.begin(), strings.end(), s) - strings.begin());
  };
  std::vector<std::string> types = {"I", kActivity, kDemoActivity, kRDrawable, kObject, kString, "V"};
  std::sort(types.begin(), types.end(), [&](const std::string& a, const std::string& b) { return str(a) < str(b); });
  auto type = [&](const std::string& s) {
    return static_cast<uint16_t>(std::find(types.begin(), types.end(), s) - types.begin());
  };
  struct Proto {
    std::string shorty, returns;
  };
  std::vector<Proto> protos = {{"L", kString}, {"V", "V"}};
  std::sort(protos.begin(), protos.end(),
            [&](const Proto& a, const Proto& b) { return type(a.returns) < type(b.returns); });
  auto proto = [&](const std::string& shorty) {
    return static_cast<uint16_t>(
        std::find_if(protos.begin(), protos.end(), [&](const Proto& p) { return p.shorty == shorty; }) -
        protos.begin());
  };
  struct Member {
    std::string owner, name, typeOrShorty;
  };
  std::vector<Member> fields = {{kRDrawable, "ic_banner", "I"}, {kRDrawable, "photo_header", "I"}};
  std::vector<Member> methods = {
      {kActivity, "<init>", "V"}, {kDemoActivity, "<init>", "V"}, {kDemoActivity, "loadCatalog", "L"}};
  std::sort(methods.begin(), methods.end(), [&](const Member& a, const Member& b) {
    return std::make_tuple(type(a.owner), str(a.name), proto(a.typeOrShorty)) <
           std::make_tuple(type(b.owner), str(b.name), proto(b.typeOrShorty));
  });
  auto method = [&](const std::string& owner, const std::string& name) {
    return static_cast<uint32_t>(std::find_if(methods.begin(), methods.end(),
                                              [&](const Member& m) { return m.owner == owner && m.name == name; }) -
                                 methods.begin());
  };

  // Offsets: the id sections right after the header, then the data (code, class data, strings, map).
  const uint32_t stringIdsOff = kHeaderSize;
  const uint32_t typeIdsOff = stringIdsOff + 4 * static_cast<uint32_t>(strings.size());
  const uint32_t protoIdsOff = typeIdsOff + 4 * static_cast<uint32_t>(types.size());
  const uint32_t fieldIdsOff = protoIdsOff + 12 * static_cast<uint32_t>(protos.size());
  const uint32_t methodIdsOff = fieldIdsOff + 8 * static_cast<uint32_t>(fields.size());
  const uint32_t classDefsOff = methodIdsOff + 8 * static_cast<uint32_t>(methods.size());
  const uint32_t dataOff = classDefsOff + 32 * 2;

  std::vector<uint8_t> data;  // from dataOff on
  auto at = [&] { return dataOff + static_cast<uint32_t>(data.size()); };
  // code_items: registers, ins, outs, tries, debug_info_off, insns_size, insns.
  const uint32_t initCode = at();
  put16(data, 1), put16(data, 1), put16(data, 1), put16(data, 0), put32(data, 0), put32(data, 4);
  put16(data, 0x1070);  // invoke-direct {v0}, Activity.<init>()V
  put16(data, static_cast<uint16_t>(method(kActivity, "<init>")));
  put16(data, 0x0000);
  put16(data, 0x000e);  // return-void
  const uint32_t loadCode = at();
  put16(data, 2), put16(data, 1), put16(data, 0), put16(data, 0), put32(data, 0), put32(data, 3);
  put16(data, 0x001a);  // const-string v0, "catalog.json"
  put16(data, static_cast<uint16_t>(str("catalog.json")));
  put16(data, 0x0011);  // return-object v0
  align4(data);
  // class_data_items.
  const uint32_t activityData = at();
  uleb(data, 0), uleb(data, 0), uleb(data, 1), uleb(data, 1);
  uleb(data, method(kDemoActivity, "<init>")), uleb(data, 0x10001), uleb(data, initCode);  // public constructor
  uleb(data, method(kDemoActivity, "loadCatalog")), uleb(data, 0x1), uleb(data, loadCode);
  const uint32_t rData = at();
  uleb(data, 2), uleb(data, 0), uleb(data, 0), uleb(data, 0);
  uleb(data, 0), uleb(data, 0x19), uleb(data, 1), uleb(data, 0x19);  // public static final int
  // string_data_items.
  std::vector<uint32_t> stringData;
  for (const std::string& s : strings) {
    stringData.push_back(at());
    uleb(data, static_cast<uint32_t>(s.size()));
    data.insert(data.end(), s.begin(), s.end());
    data.push_back(0);
  }
  align4(data);
  const uint32_t mapOff = at();
  struct MapItem {
    uint16_t type;
    uint32_t size, offset;
  };
  const std::vector<MapItem> map = {
      {0x0000, 1, 0},
      {0x0001, static_cast<uint32_t>(strings.size()), stringIdsOff},
      {0x0002, static_cast<uint32_t>(types.size()), typeIdsOff},
      {0x0003, static_cast<uint32_t>(protos.size()), protoIdsOff},
      {0x0004, static_cast<uint32_t>(fields.size()), fieldIdsOff},
      {0x0005, static_cast<uint32_t>(methods.size()), methodIdsOff},
      {0x0006, 2, classDefsOff},
      {0x2001, 2, initCode},
      {0x2000, 2, activityData},
      {0x2002, static_cast<uint32_t>(strings.size()), stringData.front()},
      {0x1000, 1, mapOff},
  };
  put32(data, static_cast<uint32_t>(map.size()));
  for (const MapItem& m : map) put16(data, m.type), put16(data, 0), put32(data, m.size), put32(data, m.offset);

  // Magic "dex\n035\0", then the checksum and signature, set last.
  std::vector<uint8_t> out = {'d', 'e', 'x', '\n', '0', '3', '5', '\0', 0, 0, 0, 0, 0, 0, 0, 0,
                              0,   0,   0,   0,    0,   0,   0,   0,    0, 0, 0, 0, 0, 0, 0, 0};
  const uint32_t fileSize = dataOff + static_cast<uint32_t>(data.size());
  put32(out, fileSize), put32(out, kHeaderSize), put32(out, 0x12345678), put32(out, 0), put32(out, 0);
  put32(out, mapOff);
  put32(out, static_cast<uint32_t>(strings.size())), put32(out, stringIdsOff);
  put32(out, static_cast<uint32_t>(types.size())), put32(out, typeIdsOff);
  put32(out, static_cast<uint32_t>(protos.size())), put32(out, protoIdsOff);
  put32(out, static_cast<uint32_t>(fields.size())), put32(out, fieldIdsOff);
  put32(out, static_cast<uint32_t>(methods.size())), put32(out, methodIdsOff);
  put32(out, 2), put32(out, classDefsOff);
  put32(out, static_cast<uint32_t>(data.size())), put32(out, dataOff);
  for (uint32_t off : stringData) put32(out, off);
  for (const std::string& t : types) put32(out, str(t));
  for (const Proto& p : protos) put32(out, str(p.shorty)), put32(out, type(p.returns)), put32(out, 0);
  for (const Member& f : fields) put16(out, type(f.owner)), put16(out, type(f.typeOrShorty)), put32(out, str(f.name));
  for (const Member& m : methods) put16(out, type(m.owner)), put16(out, proto(m.typeOrShorty)), put32(out, str(m.name));
  // class_defs: class, access, superclass, interfaces, source file, annotations, class data, static values.
  put32(out, type(kDemoActivity)), put32(out, 0x1), put32(out, type(kActivity)), put32(out, 0), put32(out, kNoIndex);
  put32(out, 0), put32(out, activityData), put32(out, 0);
  put32(out, type(kRDrawable)), put32(out, 0x11), put32(out, type(kObject)), put32(out, 0), put32(out, kNoIndex);
  put32(out, 0), put32(out, rData), put32(out, 0);
  out.insert(out.end(), data.begin(), data.end());

  unsigned char sha[SHA_DIGEST_LENGTH];
  SHA1(out.data() + 32, out.size() - 32, sha);
  std::copy(sha, sha + SHA_DIGEST_LENGTH, out.begin() + 12);
  set32(out, 8,
        static_cast<uint32_t>(adler32(adler32(0, nullptr, 0), out.data() + 12, static_cast<uInt>(out.size() - 12))));
  return out;
}

}  // namespace mxi::sim
