#include "core/anr/anr_trace.h"

#include <algorithm>
#include <charconv>
#include <map>
#include <set>

#include "core/base/text_lines.h"

namespace mxi::core::anr {
namespace {

int64_t intAfter(std::string_view s, std::string_view key, int64_t fallback = -1) {
  const size_t at = s.find(key);
  if (at == std::string_view::npos) return fallback;
  const char* p = s.data() + at + key.size();
  int64_t v = fallback;
  const auto [end, ec] = std::from_chars(p, s.data() + s.size(), v);
  return ec == std::errc() ? v : fallback;
}

// `"name" [daemon ]prio=5 tid=1 Blocked`
bool parseThreadHeader(std::string_view line, AnrThread& t) {
  if (!line.starts_with('"')) return false;
  const size_t close = line.rfind('"');
  if (close == 0) return false;
  const std::string_view rest = line.substr(close + 1);
  if (rest.find("tid=") == std::string_view::npos) return false;
  t.name = std::string(line.substr(1, close - 1));
  t.daemon = rest.find(" daemon ") != std::string_view::npos;
  t.prio = static_cast<int32_t>(intAfter(rest, "prio="));
  t.tid = intAfter(rest, "tid=");
  const size_t tidAt = rest.find("tid=");
  size_t stateAt = rest.find(' ', tidAt);
  if (stateAt != std::string_view::npos) t.state = std::string(text::trim(rest.substr(stateAt + 1)));
  return true;
}

std::string lockAddress(std::string_view s) {
  const size_t open = s.find('<');
  const size_t close = s.find('>', open);
  if (open == std::string_view::npos || close == std::string_view::npos) return {};
  return std::string(s.substr(open + 1, close - open - 1));
}

std::string lockClassOf(std::string_view s) {
  const size_t open = s.find("(a ");
  const size_t close = s.find(')', open);
  if (open == std::string_view::npos || close == std::string_view::npos) return {};
  return std::string(s.substr(open + 3, close - open - 3));
}

void finishProcess(AnrProcess& p) {
  std::stable_partition(p.threads.begin(), p.threads.end(), [](const AnrThread& t) { return t.isMain(); });
}

void findChains(AnrReport& report) {
  for (const AnrProcess& p : report.processes) {
    std::map<int64_t, const AnrThread*> byTid;
    for (const AnrThread& t : p.threads) {
      if (t.tid >= 0) byTid[t.tid] = &t;
    }
    std::set<std::vector<int64_t>> cycles;
    for (const AnrThread& t : p.threads) {  // main thread first
      if (!t.waitingToLock || t.tid < 0) continue;
      BlockingChain chain;
      chain.pid = p.pid;
      std::set<int64_t> seen;
      const AnrThread* cur = &t;
      while (cur) {
        if (seen.count(cur->tid)) {
          chain.endsInCycle = true;
          // The cycle is the part of the chain from the first visit of cur->tid.
          auto from = std::find(chain.tids.begin(), chain.tids.end(), cur->tid);
          std::vector<int64_t> cycle(from, chain.tids.end());
          std::rotate(cycle.begin(), std::min_element(cycle.begin(), cycle.end()), cycle.end());
          cycles.insert(cycle);
          break;
        }
        seen.insert(cur->tid);
        chain.tids.push_back(cur->tid);
        if (!cur->waitingToLock || cur->waitingToLock->heldByTid < 0) break;
        const auto next = byTid.find(cur->waitingToLock->heldByTid);
        if (next == byTid.end()) {
          chain.tids.push_back(cur->waitingToLock->heldByTid);  // holder not in the dump
          break;
        }
        cur = next->second;
      }
      report.blockingChains.push_back(std::move(chain));
    }
    for (const auto& c : cycles) report.deadlocks.push_back({p.pid, c, true});
  }
}

}  // namespace

const AnrThread* AnrReport::mainThread() const {
  for (const AnrProcess& p : processes) {
    for (const AnrThread& t : p.threads) {
      if (t.isMain()) return &t;
    }
  }
  return nullptr;
}

StatusOr<std::shared_ptr<const AnrReport>> parseAnrTrace(std::string_view text) {
  auto report = std::make_shared<AnrReport>();
  text::TextLines lines(text);
  std::string_view raw;
  AnrProcess* proc = nullptr;
  AnrThread* thread = nullptr;
  auto problem = [&](std::string m) {
    report->problems.push_back({lines.lineNumber(), lines.lineOffset(), std::move(m)});
  };
  auto closeProcess = [&] {
    if (proc) finishProcess(*proc);
    proc = nullptr;
    thread = nullptr;
  };
  while (lines.next(raw)) {
    const std::string_view line = text::trim(raw);
    if (line.starts_with("Subject: ") && report->subject.empty()) {
      report->subject = std::string(line.substr(9));
      continue;
    }
    if (line.starts_with("----- pid ") || line.starts_with("----- Waiting Channels: pid ")) {
      closeProcess();
      report->processes.emplace_back();
      proc = &report->processes.back();
      proc->nativeOnly = line.starts_with("----- Waiting");
      proc->pid = intAfter(line, "pid ");
      const size_t at = line.find(" at ");
      if (at != std::string_view::npos) {
        std::string_view time = line.substr(at + 4);
        if (time.ends_with("-----")) time.remove_suffix(5);
        proc->time = std::string(text::trim(time));
      }
      proc->line = lines.lineNumber();
      continue;
    }
    if (line.starts_with("----- end ")) {
      if (!proc) {
        problem("end marker without a process section");
      } else {
        proc->complete = true;
      }
      closeProcess();
      continue;
    }
    if (!proc) continue;  // dropbox headers, CriticalEventLog, …
    if (line.starts_with("Cmd line: ")) {
      proc->cmdline = std::string(line.substr(10));
      continue;
    }
    if (line.starts_with("Cmdline: ") && proc->cmdline.empty()) {
      proc->cmdline = std::string(line.substr(9));
      continue;
    }
    if (line.starts_with("ABI: ")) {
      std::string_view abi = line.substr(5);
      if (abi.size() >= 2 && abi.front() == '\'' && abi.back() == '\'') abi = abi.substr(1, abi.size() - 2);
      proc->abi = std::string(abi);
      continue;
    }
    if (line.starts_with("Build fingerprint: ")) {
      std::string_view fp = line.substr(19);
      if (fp.size() >= 2 && fp.front() == '\'' && fp.back() == '\'') fp = fp.substr(1, fp.size() - 2);
      proc->buildFingerprint = std::string(fp);
      continue;
    }
    if (proc->nativeOnly && line.starts_with("sysTid=")) {
      AnrThread t;
      t.sysTid = intAfter(line, "sysTid=");
      std::string_view rest = line.substr(7);
      const size_t space = rest.find_first_of(" \t");
      rest = space == std::string_view::npos ? std::string_view() : text::trim(rest.substr(space));
      if (rest.starts_with("state=")) {  // newer: "state=S  wchan"
        const size_t sp = rest.find_first_of(" \t");
        const std::string_view wchan = sp == std::string_view::npos ? std::string_view() : text::trim(rest.substr(sp));
        t.state = std::string(rest.substr(6, sp == std::string_view::npos ? std::string_view::npos : sp - 6));
        if (!wchan.empty() && wchan != "0") t.frames.push_back("wchan: " + std::string(wchan));
      } else {
        t.state = std::string(rest);
      }
      t.line = lines.lineNumber();
      if (t.sysTid == proc->pid) t.name = "main";
      proc->threads.push_back(std::move(t));
      thread = nullptr;
      continue;
    }
    AnrThread header;
    if (parseThreadHeader(line, header)) {
      header.line = lines.lineNumber();
      proc->threads.push_back(std::move(header));
      thread = &proc->threads.back();
      continue;
    }
    if (!thread) continue;
    if (line.empty()) {
      thread = nullptr;
      continue;
    }
    if (line.starts_with("| ")) {
      if (line.find("sysTid=") != std::string_view::npos) thread->sysTid = intAfter(line, "sysTid=");
      continue;
    }
    if (line.starts_with("at ")) {
      thread->frames.emplace_back(line.substr(3));
    } else if (line.starts_with("native: ") || line.starts_with("kernel: ")) {
      thread->frames.emplace_back(line);
    } else if (line.starts_with("- waiting to lock ")) {
      LockWait w;
      w.lock = lockAddress(line);
      w.lockClass = lockClassOf(line);
      if (line.find("held by thread ") != std::string_view::npos) {
        w.heldByTid = intAfter(line, "held by thread ");
      } else if (line.find("held by tid=") != std::string_view::npos) {
        w.heldByTid = intAfter(line, "held by tid=");
      }
      thread->waitingToLock = std::move(w);
    } else if (line.starts_with("- locked ")) {
      thread->locked.push_back(lockAddress(line));
    } else if (line.starts_with("- waiting on ") || line.starts_with("- sleeping on ")) {
      thread->waitingOn = lockAddress(line);
    }
  }
  if (proc) {
    problem("process " + std::to_string(proc->pid) + " section has no `----- end` marker (truncated dump)");
    closeProcess();
  }
  if (report->processes.empty()) {
    return invalidInput(
        "no thread dump found (expected a `----- pid N at … -----` section)" +
            (report->subject.empty() ? std::string() : std::string("; the text has an ANR subject but no stacks")),
        0);
  }
  findChains(*report);
  // The main thread's chains first.
  std::stable_partition(report->blockingChains.begin(), report->blockingChains.end(),
                        [](const BlockingChain& c) { return !c.tids.empty() && c.tids.front() == 1; });
  return std::shared_ptr<const AnrReport>(std::move(report));
}

}  // namespace mxi::core::anr
