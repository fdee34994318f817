#include "core/meminfo/meminfo_text.h"

#include <array>
#include <cstddef>
#include <cstdint>

#include "core/base/text_lines.h"

namespace mxi::core::meminfo {

namespace {

// A whitespace-separated word and where it ends in its line (columns are right-aligned, so a word
// belongs to the column whose "------" rule ends nearest to where the word ends).
struct Word {
  std::string_view text;
  size_t end = 0;
};

std::vector<Word> wordsOf(std::string_view line, size_t from = 0) {
  std::vector<Word> out;
  size_t i = from;
  while (i < line.size()) {
    while (i < line.size() && (line[i] == ' ' || line[i] == '\t')) ++i;
    const size_t start = i;
    while (i < line.size() && line[i] != ' ' && line[i] != '\t') ++i;
    if (i > start) out.push_back({line.substr(start, i - start), i});
  }
  return out;
}

// A line of "------" rules under a header: each rule's end position; empty when it is not one.
std::vector<size_t> rulesOf(std::string_view line) {
  std::vector<size_t> ends;
  for (const Word& w : wordsOf(line)) {
    if (w.text.size() < 3 || w.text.find_first_not_of('-') != std::string_view::npos) return {};
    ends.push_back(w.end);
  }
  return ends;
}

// The rule that ends nearest to `end`.
size_t nearestColumn(const std::vector<size_t>& ends, size_t end) {
  size_t best = 0;
  size_t bestDistance = SIZE_MAX;
  for (size_t c = 0; c < ends.size(); ++c) {
    const size_t d = ends[c] > end ? ends[c] - end : end - ends[c];
    if (d < bestDistance) {
      bestDistance = d;
      best = c;
    }
  }
  return best;
}

// Header lines joined per column: "Pss" over "Total" gives "Pss Total".
std::vector<std::string> columnNames(const std::vector<std::string_view>& header, const std::vector<size_t>& ends) {
  std::vector<std::string> names(ends.size());
  for (std::string_view line : header) {
    for (const Word& w : wordsOf(line)) {
      std::string& name = names[nearestColumn(ends, w.end)];
      if (!name.empty()) name += ' ';
      name += w.text;
    }
  }
  return names;
}

// Cells to columns by position; when a row does not line up (a name wider than its field pushes the
// numbers right, or the rules were lost), the cells fill the columns in order.
bool placeCells(const std::vector<Word>& cells, const std::vector<size_t>& ends, std::vector<size_t>& columns) {
  columns.clear();
  for (const Word& c : cells) {
    const size_t col = nearestColumn(ends, c.end);
    const size_t d = ends[col] > c.end ? ends[col] - c.end : c.end - ends[col];
    if (d > 4 || (!columns.empty() && col <= columns.back())) {
      columns.clear();
      break;
    }
    columns.push_back(col);
  }
  if (columns.size() == cells.size()) return true;
  if (cells.size() > ends.size()) return false;
  for (size_t i = 0; i < cells.size(); ++i) columns.push_back(i);
  return true;
}

// "Label: value  Label: value" (Objects, the App Summary's TOTAL lines): the pairs in order.
// Returns false when the line is not made of such pairs.
bool labelPairs(std::string_view line, std::vector<std::pair<std::string_view, std::string_view>>& pairs) {
  pairs.clear();
  line = text::trim(line);
  while (!line.empty()) {
    const size_t colon = line.find(':');
    if (colon == std::string_view::npos) return false;
    const std::string_view label = text::trim(line.substr(0, colon));
    std::string_view rest = line.substr(colon + 1);
    while (!rest.empty() && (rest.front() == ' ' || rest.front() == '\t')) rest.remove_prefix(1);
    size_t valueEnd = 0;
    while (valueEnd < rest.size() && rest[valueEnd] != ' ' && rest[valueEnd] != '\t') ++valueEnd;
    if (label.empty() || valueEnd == 0) return false;
    pairs.emplace_back(label, rest.substr(0, valueEnd));
    line = text::trim(rest.substr(valueEnd));
  }
  return !pairs.empty();
}

std::optional<int64_t>* summaryField(MeminfoSummary& s, std::string_view label) {
  if (label == "Java Heap") return &s.javaHeapKb;
  if (label == "Native Heap") return &s.nativeHeapKb;
  if (label == "Code") return &s.codeKb;
  if (label == "Stack") return &s.stackKb;
  if (label == "Graphics") return &s.graphicsKb;
  if (label == "Private Other") return &s.privateOtherKb;
  if (label == "System") return &s.systemKb;
  if (label == "TOTAL" || label == "TOTAL PSS") return &s.totalPssKb;
  if (label == "TOTAL RSS") return &s.totalRssKb;
  if (label == "TOTAL SWAP (KB)" || label == "TOTAL SWAP PSS") return &s.totalSwapKb;
  return nullptr;  // "Unknown" (an Rss-only line on Android 13+) and labels of later releases
}

std::optional<int64_t>* objectsField(MeminfoObjects& o, std::string_view label) {
  if (label == "Views") return &o.views;
  if (label == "ViewRootImpl") return &o.viewRootImpl;
  if (label == "AppContexts") return &o.appContexts;
  if (label == "Activities") return &o.activities;
  if (label == "Assets") return &o.assets;
  if (label == "AssetManagers") return &o.assetManagers;
  if (label == "Local Binders") return &o.localBinders;
  if (label == "Proxy Binders") return &o.proxyBinders;
  if (label == "Parcel memory") return &o.parcelMemoryKb;  // printed as parcelSize / 1024
  if (label == "Parcel count") return &o.parcelCount;
  if (label == "Death Recipients") return &o.deathRecipients;
  if (label == "OpenSSL Sockets") return &o.openSslSockets;
  if (label == "WebViews") return &o.webViews;
  return nullptr;
}

enum class Section {
  kOutside,        // before the first block, or after "No process found"
  kTableHeader,    // header lines until the "------" rules
  kTableRows,      // rows until a blank line
  kSummaryHeader,  // " App Summary" until its rules
  kSummaryRows,    // "Java Heap:  …" and the TOTAL lines
  kObjects,        // "Views: …  ViewRootImpl: …"
  kOther,          // a section we do not read (SQL, DATABASES, Asset Allocations, …) or a gap
};

// Section titles ("App Summary", " Objects", …) are one or two words at the start of an otherwise
// empty line; the ones not listed here (SQL, DATABASES, Asset Allocations, Unreachable memory)
// start sections that are skipped.
constexpr std::array<std::string_view, 6> kSkippedSections = {
    "SQL", "DATABASES", "Asset Allocations", "Unreachable memory", "PER CONNECTION STATS", "POOL STATS"};

class Parser {
 public:
  explicit Parser(std::string_view text) : m_lines(text) {}

  MeminfoReport run() {
    std::string_view raw;
    bool sawBlock = false;
    bool sawText = false;
    while (m_lines.next(raw)) {
      const std::string_view t = text::trim(raw);
      if (!t.empty()) sawText = true;
      if (t.starts_with("** MEMINFO in pid ")) {
        finishProcess();
        startProcess(t);
        sawBlock = true;
        continue;
      }
      if (t.starts_with("No process found for")) {  // dumpsys names a pid or package that is gone
        finishProcess();
        problem(std::string(t));
        m_section = Section::kOutside;
        continue;
      }
      if (m_section == Section::kOutside) continue;  // "Applications Memory Usage", Uptime, a prompt
      line(raw, t);
    }
    finishProcess();
    if (!sawBlock && sawText && m_report.problems.empty()) {
      m_report.problems.push_back({1, 0, "no \"** MEMINFO in pid N [name] **\" block: not dumpsys meminfo output"});
    }
    return std::move(m_report);
  }

 private:
  void problem(std::string message) {
    m_report.problems.push_back({m_lines.lineNumber(), m_lines.lineOffset(), std::move(message)});
  }

  MeminfoProcess& process() { return m_report.processes.back(); }

  void startProcess(std::string_view t) {
    MeminfoProcess p;
    std::string_view rest = t.substr(18);  // after "** MEMINFO in pid "
    const size_t space = rest.find(' ');
    const auto pid = text::parseInt(rest.substr(0, space));
    if (!pid || *pid <= 0 || *pid > INT32_MAX) {
      problem("meminfo block header without a valid pid: " + std::string(t));
    } else {
      p.pid = static_cast<int32_t>(*pid);
    }
    const size_t open = rest.find('['), close = rest.rfind(']');
    if (open != std::string_view::npos && close != std::string_view::npos && close > open) {
      p.package = std::string(rest.substr(open + 1, close - open - 1));
    }
    m_report.processes.push_back(std::move(p));
    m_blockLine = m_lines.lineNumber();
    m_blockOffset = m_lines.lineOffset();
    m_section = Section::kTableHeader;
    m_header.clear();
    m_tableEnds.clear();
    m_summaryEnds.clear();
    m_summaryColumns.clear();
    m_sawSummary = m_sawObjects = false;
    m_open = true;
  }

  void finishProcess() {
    if (!m_open) return;
    m_open = false;
    MeminfoProcess& p = process();
    const MeminfoRow* total = p.row("TOTAL");
    if (total) {
      if (!p.summary.totalPssKb) p.summary.totalPssKb = total->value("Pss Total");
      if (!p.summary.totalPssKb) p.summary.totalPssKb = total->value("Pss");
      if (!p.summary.totalRssKb) p.summary.totalRssKb = total->value("Rss Total");
    }
    const std::string who = "pid " + std::to_string(p.pid) + (p.package.empty() ? "" : " [" + p.package + "]");
    if (p.rows.empty() && !m_sawSummary && !m_sawObjects) {
      m_report.problems.push_back(
          {m_blockLine, m_blockOffset, who + ": the block has no table, App Summary or Objects (truncated output?)"});
    } else if (!p.rows.empty() && !total) {
      m_report.problems.push_back(
          {m_blockLine, m_blockOffset, who + ": the table has no TOTAL row (truncated output?)"});
    }
  }

  bool sectionTitle(std::string_view t) {
    if (t == "App Summary") {
      m_section = Section::kSummaryHeader;
      m_header.clear();
      m_sawSummary = true;
      return true;
    }
    if (t == "Objects") {
      m_section = Section::kObjects;
      m_sawObjects = true;
      return true;
    }
    if (t == "Dalvik Details") {  // `-d`: more rows under the same columns
      m_section = m_tableEnds.empty() ? Section::kOther : Section::kTableRows;
      return true;
    }
    for (std::string_view s : kSkippedSections) {
      if (t == s) {
        m_section = Section::kOther;
        return true;
      }
    }
    return false;
  }

  void line(std::string_view raw, std::string_view t) {
    if (sectionTitle(t)) return;
    switch (m_section) {
      case Section::kOutside:
      case Section::kOther: return;
      case Section::kTableHeader: return tableHeader(raw, t);
      case Section::kTableRows: return tableRow(raw, t);
      case Section::kSummaryHeader: return summaryHeader(raw, t);
      case Section::kSummaryRows: return summaryRow(raw, t);
      case Section::kObjects: return objectsLine(t);
    }
  }

  void tableHeader(std::string_view raw, std::string_view t) {
    if (t.empty()) return;
    std::vector<size_t> ends = rulesOf(raw);
    if (ends.empty()) {
      if (m_header.size() >= 4) {
        problem("meminfo table header runs on without its \"------\" rules");
        m_section = Section::kOther;
        return;
      }
      m_header.push_back(raw);
      return;
    }
    m_tableEnds = std::move(ends);
    process().columns = columnNames(m_header, m_tableEnds);
    m_section = Section::kTableRows;
  }

  void tableRow(std::string_view raw, std::string_view t) {
    if (t.empty()) {
      m_section = Section::kOther;
      return;
    }
    const std::vector<Word> words = wordsOf(raw);
    // The row's name is the words before the first that starts like a number (no row name does:
    // ".so mmap", "GL mtrack", "Other dev"), so a garbled number is reported, not read as a name.
    auto numberLike = [](std::string_view w) { return (w[0] >= '0' && w[0] <= '9') || w[0] == '-'; };
    size_t first = 0;
    while (first < words.size() && !numberLike(words[first].text)) ++first;
    std::string name;
    for (size_t i = 0; i < first; ++i) {
      if (i) name += ' ';
      name += words[i].text;
    }
    if (first == words.size()) {
      problem("meminfo table row \"" + name + "\" has no numbers");
      return;
    }
    if (first == 0) {
      problem("meminfo table row without a name");
      return;
    }
    const std::vector<Word> cells(words.begin() + static_cast<ptrdiff_t>(first), words.end());
    for (const Word& c : cells) {
      if (!text::parseInt(c.text)) {
        problem("meminfo table row \"" + name + "\": \"" + std::string(c.text) + "\" is not a number");
        return;
      }
    }
    std::vector<size_t> columns;
    if (!placeCells(cells, m_tableEnds, columns)) {
      problem("meminfo table row \"" + name + "\" has " + std::to_string(cells.size()) + " numbers, the header " +
              std::to_string(m_tableEnds.size()) + " columns");
      return;
    }
    MeminfoRow row;
    row.name = std::move(name);
    const std::vector<std::string>& names = process().columns;
    for (size_t i = 0; i < cells.size(); ++i)
      row.values.emplace_back(names[columns[i]], *text::parseInt(cells[i].text));
    process().rows.push_back(std::move(row));
  }

  void summaryHeader(std::string_view raw, std::string_view t) {
    if (t.empty()) return;
    std::vector<size_t> ends = rulesOf(raw);
    if (ends.empty()) {
      if (t.find(':') != std::string_view::npos) {  // no header at all: a Pss-only summary
        m_section = Section::kSummaryRows;
        return summaryRow(raw, t);
      }
      m_header.push_back(raw);
      return;
    }
    m_summaryEnds = std::move(ends);
    m_summaryColumns = columnNames(m_header, m_summaryEnds);
    m_section = Section::kSummaryRows;
  }

  // "Java Heap:  592   32960" (Pss, then Rss on Android 13+; by position, as "Unknown:" prints only
  // its Rss) or the TOTAL line(s) of "Label: value" pairs.
  void summaryRow(std::string_view raw, std::string_view t) {
    if (t.empty()) return;
    if (t.starts_with("TOTAL")) {
      std::vector<std::pair<std::string_view, std::string_view>> pairs;
      if (!labelPairs(t, pairs)) {
        problem("App Summary line is not \"TOTAL…: value\" pairs: " + std::string(t));
        return;
      }
      MeminfoSummary& s = process().summary;
      for (const auto& [label, value] : pairs) {
        const auto v = text::parseInt(value);
        if (!v) {
          problem("App Summary \"" + std::string(label) + "\": \"" + std::string(value) + "\" is not a number");
          continue;
        }
        if (auto* field = summaryField(s, label)) *field = *v;
      }
      return;
    }
    const size_t colon = raw.find(':');
    if (colon == std::string_view::npos) {
      problem("App Summary line without \"Label:\": " + std::string(t));
      return;
    }
    const std::string_view label = text::trim(raw.substr(0, colon));
    const std::vector<Word> cells = wordsOf(raw, colon + 1);
    for (const Word& c : cells) {
      if (!text::parseInt(c.text)) {
        problem("App Summary \"" + std::string(label) + "\": \"" + std::string(c.text) + "\" is not a number");
        return;
      }
    }
    std::vector<size_t> columns;
    const std::vector<size_t> pssOnly = {0};
    if (cells.empty() || !placeCells(cells, m_summaryEnds.empty() ? pssOnly : m_summaryEnds, columns)) {
      problem("App Summary \"" + std::string(label) + "\" has " + std::to_string(cells.size()) + " numbers");
      return;
    }
    for (size_t i = 0; i < cells.size(); ++i) {
      const std::string_view column =
          columns[i] < m_summaryColumns.size() ? std::string_view(m_summaryColumns[columns[i]]) : std::string_view();
      const bool pss = column.empty() ? columns[i] == 0 : column.starts_with("Pss");
      if (!pss) continue;  // the Rss column's categories have no field (only the totals do)
      if (auto* field = summaryField(process().summary, label)) *field = *text::parseInt(cells[i].text);
    }
  }

  void objectsLine(std::string_view t) {
    if (t.empty()) return;
    std::vector<std::pair<std::string_view, std::string_view>> pairs;
    if (!labelPairs(t, pairs)) {
      problem("Objects line is not \"Label: count\" pairs: " + std::string(t));
      return;
    }
    for (const auto& [label, value] : pairs) {
      const auto v = text::parseInt(value);
      if (!v) {
        problem("Objects \"" + std::string(label) + "\": \"" + std::string(value) + "\" is not a number");
        continue;
      }
      if (auto* field = objectsField(process().objects, label)) *field = *v;
    }
  }

  text::TextLines m_lines;
  MeminfoReport m_report;
  Section m_section = Section::kOutside;
  bool m_open = false;
  uint64_t m_blockLine = 0, m_blockOffset = 0;
  std::vector<std::string_view> m_header;
  std::vector<size_t> m_tableEnds, m_summaryEnds;
  std::vector<std::string> m_summaryColumns;
  bool m_sawSummary = false, m_sawObjects = false;
};

}  // namespace

std::optional<int64_t> MeminfoRow::value(std::string_view column) const {
  for (const auto& [col, v] : values) {
    if (col == column) return v;
  }
  return std::nullopt;
}

const MeminfoRow* MeminfoProcess::row(std::string_view name) const {
  for (const MeminfoRow& r : rows) {
    if (r.name == name) return &r;
  }
  return nullptr;
}

MeminfoReport parseMeminfo(std::string_view text) { return Parser(text).run(); }

}  // namespace mxi::core::meminfo
