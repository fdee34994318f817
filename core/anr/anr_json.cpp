#include "core/anr/anr_json.h"

#include "core/json/parse_problems_json.h"

namespace mxi::core::anr {

using nlohmann::ordered_json;

ordered_json anrThreadToJson(const AnrThread& t) {
  ordered_json j;
  j["name"] = t.name;
  j["tid"] = t.tid;
  j["sysTid"] = t.sysTid;
  j["prio"] = t.prio;
  j["daemon"] = t.daemon;
  j["state"] = t.state;
  j["frames"] = t.frames;
  if (t.waitingToLock) {
    j["waitingToLock"] = {{"lock", t.waitingToLock->lock},
                          {"lockClass", t.waitingToLock->lockClass},
                          {"heldByTid", t.waitingToLock->heldByTid}};
  } else {
    j["waitingToLock"] = nullptr;
  }
  j["locked"] = t.locked;
  return j;
}

ordered_json anrReportToJson(const AnrReport& r) {
  ordered_json j;
  j["subject"] = r.subject;
  ordered_json processes = ordered_json::array();
  for (const AnrProcess& p : r.processes) {
    ordered_json pj;
    pj["pid"] = p.pid;
    pj["cmdline"] = p.cmdline;
    pj["time"] = p.time;
    pj["abi"] = p.abi;
    pj["nativeOnly"] = p.nativeOnly;
    pj["complete"] = p.complete;
    ordered_json threads = ordered_json::array();
    for (const AnrThread& t : p.threads) threads.push_back(anrThreadToJson(t));
    pj["threads"] = std::move(threads);
    processes.push_back(std::move(pj));
  }
  j["processes"] = std::move(processes);
  const AnrThread* main = r.mainThread();
  j["mainThread"] = main ? anrThreadToJson(*main) : ordered_json(nullptr);
  auto chains = [](const std::vector<BlockingChain>& list) {
    ordered_json out = ordered_json::array();
    for (const auto& c : list) out.push_back({{"pid", c.pid}, {"tids", c.tids}, {"cycle", c.endsInCycle}});
    return out;
  };
  j["blockingChains"] = chains(r.blockingChains);
  j["deadlocks"] = chains(r.deadlocks);
  j["problems"] = json::problemsToJson(r.problems);
  return j;
}

}  // namespace mxi::core::anr
