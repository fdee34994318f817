// The CNXN banner "<state>::<key>=<value>;…;features=a,b,c" (adb.cpp parse_banner), sent by
// the device (state "device", "recovery", …) and by the host ("host::features=…").
#pragma once

#include <map>
#include <set>
#include <string>
#include <string_view>

namespace mxi::core::adb {

struct DeviceBanner {
  std::string state;                              // "device", "host", "recovery", "sideload"…
  std::map<std::string, std::string> properties;  // ro.product.name, ro.product.model, ro.product.device
  std::set<std::string> features;                 // shell_v2, cmd, stat_v2, ls_v2, …

  bool hasFeature(std::string_view f) const { return features.count(std::string(f)) != 0; }
};

// Lenient like adbd: unknown or malformed fields are ignored; a missing "::" leaves properties empty.
DeviceBanner parseDeviceBanner(std::string_view banner);
std::string formatDeviceBanner(const DeviceBanner& banner);

// "a,b,c" → {a,b,c}; also used for host:features replies.
std::set<std::string> parseFeatureList(std::string_view list);
std::string joinFeatures(const std::set<std::string>& features);

}  // namespace mxi::core::adb
