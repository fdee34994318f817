// `mxi devices [-l] [--track] [--format json]`: devices the adb server (or libusb) sees.
#include <cstdio>
#include <map>

#include <nlohmann/json.hpp>

#include "app/cli/commands.h"
#include "app/cli/device_options.h"
#include "core/adb/usb_transport.h"

namespace mxi::cli {

namespace {

nlohmann::ordered_json toJson(const core::adb::DeviceListEntry& d) {
  nlohmann::ordered_json j{{"serial", d.serial}, {"state", d.state}};
  j["product"] = d.product;
  j["model"] = d.model;
  j["device"] = d.device;
  j["usb"] = d.usb;
  j["transportId"] = d.transportId;
  return j;
}

void printList(const std::vector<core::adb::DeviceListEntry>& list, bool longFormat, OutputFormat format) {
  if (format == OutputFormat::kJson) {
    auto arr = nlohmann::ordered_json::array();
    for (const auto& d : list) arr.push_back(toJson(d));
    printJson(nlohmann::ordered_json{{"devices", arr}});
    return;
  }
  std::printf("List of devices attached\n");
  for (const auto& d : list) {
    if (!longFormat) {
      std::printf("%s\t%s\n", d.serial.c_str(), d.state.c_str());
      continue;
    }
    std::string extra;
    if (!d.usb.empty()) extra += " usb:" + d.usb;
    if (!d.product.empty()) extra += " product:" + d.product;
    if (!d.model.empty()) extra += " model:" + d.model;
    if (!d.device.empty()) extra += " device:" + d.device;
    if (d.transportId != 0) extra += " transport_id:" + std::to_string(d.transportId);
    std::printf("%-22s %s%s\n", d.serial.c_str(), d.state.c_str(), extra.c_str());
  }
}

// One line (or JSON object) per device that appeared, changed state or went away.
void printChanges(std::map<std::string, std::string>& known, const std::vector<core::adb::DeviceListEntry>& list,
                  OutputFormat format) {
  std::map<std::string, std::string> now;
  for (const auto& d : list) now[d.serial] = d.state;
  auto emit = [&](const char* event, const std::string& serial, const std::string& state) {
    if (format == OutputFormat::kJson) {
      nlohmann::ordered_json j{{"event", event}, {"serial", serial}};
      j["state"] = state.empty() ? nlohmann::ordered_json(nullptr) : nlohmann::ordered_json(state);
      printJson(j, -1);
    } else {
      std::printf("%s\t%s%s%s\n", event, serial.c_str(), state.empty() ? "" : "\t", state.c_str());
    }
  };
  for (const auto& [serial, state] : now) {
    auto it = known.find(serial);
    if (it == known.end())
      emit("added", serial, state);
    else if (it->second != state)
      emit("changed", serial, state);
  }
  for (const auto& [serial, state] : known) {
    if (!now.count(serial)) emit("removed", serial, "");
  }
  std::fflush(stdout);
  known = std::move(now);
}

}  // namespace

void registerDevicesCommand(CLI::App& root, int& exitCode) {
  auto* cmd = root.add_subcommand("devices", "List attached devices (adb server, or USB with --transport usb)");
  struct Args {
    DeviceOptions device;
    bool longFormat = false;
    bool track = false;
    OutputFormat format = OutputFormat::kText;
  };
  auto args = std::make_shared<Args>();
  addDeviceOptions(*cmd, args->device);
  addFormatOption(*cmd, args->format);
  cmd->add_flag("-l,--long", args->longFormat, "Show product, model, device, USB path and transport id");
  cmd->add_flag(
      "--track", args->track,
      "Keep running and print 'added|changed|removed SERIAL [STATE]' (JSON: one object per line) on every change");
  setCommandBody(*cmd, exitCode, "devices", [args]() -> CommandResult {
    mergeGlobalDeviceOptions(args->device);
    if (args->device.transport == "usb") {
      ASSIGN_OR_RETURN(auto usb, core::adb::listUsbAdbDevices());
      std::vector<core::adb::DeviceListEntry> list;
      for (const auto& u : usb) list.push_back({u.serial, "device", u.product, u.product, "", u.usbPath, 0});
      printList(list, args->longFormat, args->format);
      return 0;
    }
    if (args->device.transport != "server")
      return core::invalidInput("devices lists what the adb server or USB sees; not available for " +
                                args->device.transport);
    ASSIGN_OR_RETURN(auto client, connectServer(args->device));
    if (!args->track) {
      ASSIGN_OR_RETURN(auto list, client.devices(args->device.limits()));
      printList(list, args->longFormat, args->format);
      return 0;
    }
    std::map<std::string, std::string> known;
    const auto s = client.trackDevices(
        [&](const std::vector<core::adb::DeviceListEntry>& list) {
          printChanges(known, list, args->format);
          return true;
        },
        args->device.limits());
    if (!s.ok()) return about("devices --track", s);
    return 0;
  });
}

}  // namespace mxi::cli
