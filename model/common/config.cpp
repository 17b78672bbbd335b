#include "cc/config.h"
#include "cc/input_limits.h"

#include <algorithm>
#include <cerrno>
#include <cmath>
#include <cstdlib>
#include <filesystem>
#include <cctype>
#include <fstream>
#include <map>
#include <sstream>
#include <stdexcept>

#include "cc/layout.h"

namespace cc {

namespace {

// Every field once, by name: the loader, the printer and the CSV header all use this list,
// so a new field is one line here.
template <class C, class F>
void visitFields(C& c, F&& f) {
  f("name", c.name);
  f("list_words", c.list_words);
  f("stack_frames", c.stack_frames);
  f("board_bytes", c.board_bytes);
  f("core_mhz", c.core_mhz);
  f("dotadd_stages", c.dotadd_stages);
  f("sdram_banks", c.sdram_banks);
  f("sdram_bus_bits", c.sdram_bus_bits);
  f("sdram_burst", c.sdram_burst);
  f("t_rp", c.t_rp);
  f("t_rcd", c.t_rcd);
  f("t_cl", c.t_cl);
  f("t_cwl", c.t_cwl);
  f("t_wr", c.t_wr);
  f("t_ras", c.t_ras);
  f("t_turn", c.t_turn);
  f("sdram_col_bits", c.sdram_col_bits);
  f("t_init", c.t_init);
  f("t_mrd", c.t_mrd);
  f("t_dll", c.t_dll);
  f("t_refi", c.t_refi);
  f("t_rfc", c.t_rfc);
  f("refresh_postpone", c.refresh_postpone);
  f("sdram_refresh", c.sdram_refresh);
  f("sdram_queue", c.sdram_queue);
  f("fetch_ahead", c.fetch_ahead);
  f("fetch_keep", c.fetch_keep);
  f("tri_queue", c.tri_queue);
  f("tri_engines", c.tri_engines);
  f("rec_store", c.rec_store);
  f("pair_store", c.pair_store);
  f("leaf_plane", c.leaf_plane);
  f("transform_lanes", c.transform_lanes);
  f("list_follow", c.list_follow);
  f("resume_ahead", c.resume_ahead);
  f("it_mul_stages", c.it_mul_stages);
  f("it_add_stages", c.it_add_stages);
  f("pci_mhz", c.pci_mhz);
  f("process", c.process);
  f("gate_ps", c.gate_ps);
  f("flop_ps", c.flop_ps);
  f("skew_ps", c.skew_ps);
}

std::string trim(const std::string& s) {
  const auto b = s.find_first_not_of(" \t\r");
  if (b == std::string::npos) return "";
  const auto e = s.find_last_not_of(" \t\r");
  return s.substr(b, e - b + 1);
}

[[noreturn]] void badValue(const std::string& key, const std::string& v, const char* want) {
  throw std::invalid_argument("config field '" + key + "': '" + v + "' is not " + want);
}

void parseInto(const std::string& key, const std::string& v, std::string& out) {
  if (v.empty()) badValue(key, v, "a non-empty name");
  out = v;
}

// Decimal, or hexadecimal with 0x; a leading zero is refused (C would read "010" as octal 8).
void parseInto(const std::string& key, const std::string& v, uint64_t& out) {
  if (v.empty() || !std::isdigit(static_cast<unsigned char>(v[0]))) badValue(key, v, "a non-negative integer");
  const bool hex = v.size() > 2 && v[0] == '0' && (v[1] == 'x' || v[1] == 'X');
  if (!hex && v.size() > 1 && v[0] == '0') badValue(key, v, "a decimal integer without leading zeros (or hexadecimal with 0x)");
  errno = 0;
  char* end = nullptr;
  const unsigned long long x = std::strtoull(v.c_str(), &end, hex ? 16 : 10);
  if (errno != 0 || *end != '\0') badValue(key, v, "a non-negative integer");
  out = x;
}

void parseInto(const std::string& key, const std::string& v, uint32_t& out) {
  uint64_t x = 0;
  parseInto(key, v, x);
  if (x > 0xFFFFFFFFull) badValue(key, v, "a 32-bit integer");
  out = static_cast<uint32_t>(x);
}

void parseInto(const std::string& key, const std::string& v, double& out) {
  char* end = nullptr;
  errno = 0;
  const double x = std::strtod(v.c_str(), &end);
  if (v.empty() || errno != 0 || *end != '\0' || !std::isfinite(x)) badValue(key, v, "a finite number");
  out = x;
}

template <class T>
std::string toText(const T& v) {
  std::ostringstream s;
  s << v;
  return s.str();
}

bool isPow2(uint64_t v) { return v != 0 && (v & (v - 1)) == 0; }

std::filesystem::path configDir() {
#ifdef CC_CONFIG_DIR
  return CC_CONFIG_DIR;
#else
  return "configs";
#endif
}

}  // namespace

void setConfigValue(ChipConfig& c, const std::string& key, const std::string& value) {
  bool found = false;
  visitFields(c, [&](const char* name, auto& field) {
    if (key == name) {
      parseInto(key, trim(value), field);
      found = true;
    }
  });
  if (!found) {
    std::string known;
    visitFields(c, [&](const char* name, auto&) { known += (known.empty() ? "" : ", ") + std::string(name); });
    throw std::invalid_argument("unknown config field '" + key + "' (fields: " + known + ")");
  }
}

void setConfigAssignment(ChipConfig& c, const std::string& assignment) {
  const auto eq = assignment.find('=');
  if (eq == std::string::npos) throw std::invalid_argument("--set takes KEY=VALUE, got '" + assignment + "'");
  setConfigValue(c, trim(assignment.substr(0, eq)), assignment.substr(eq + 1));
}

std::vector<std::pair<std::string, std::string>> configFields(const ChipConfig& c) {
  std::vector<std::pair<std::string, std::string>> out;
  visitFields(c, [&](const char* name, const auto& field) { out.emplace_back(name, toText(field)); });
  return out;
}

void validateConfig(const ChipConfig& c) {
  const auto need = [](bool ok, const char* field, const std::string& why) {
    if (!ok) throw std::invalid_argument(std::string("config field '") + field + "': " + why);
  };
  need(c.list_words >= 2, "list_words", "must be at least 2");
  need(c.stack_frames >= 1, "stack_frames", "must be at least 1");
  need(layout::stackSramWords(c.list_words, c.stack_frames) <= (1ull << 31), "list_words/stack_frames",
       "the stack SRAM (lists, then 3 words per frame) holds at most 2^31 words");
  need(c.board_bytes >= 4096 && c.board_bytes <= (1ull << 32), "board_bytes", "must be in 4 KiB .. 4 GiB");
  need(c.core_mhz >= 1 && c.core_mhz < 1e5, "core_mhz", "must be in [1, 100000) MHz");
  need(c.dotadd_stages >= 3 && c.dotadd_stages <= 32, "dotadd_stages", "must be in 3..32 (cc_dotadd needs 3)");
  need(isPow2(c.sdram_banks) && c.sdram_banks <= 64, "sdram_banks", "must be a power of two up to 64");
  // The chip reads a 256-byte node pair as one burst (rtl/cc_sdram_ctrl.v, DataW and
  // BurstLen; docs/memory_image.md): a model of another width would time a chip that does
  // not exist.
  need(c.sdram_bus_bits == 256, "sdram_bus_bits", "must be 256 (the chip's memory port: a node pair is one burst of 8 beats)");
  need(c.sdram_burst == 8, "sdram_burst", "must be 8 (the chip's memory port: a node pair is one burst of 8 beats of 256 bits)");
  need(c.t_rp >= 1 && c.t_rcd >= 1 && c.t_cl >= 1, "t_rp/t_rcd/t_cl", "must be at least 1 memory cycle");
  need(c.t_rp <= 1000 && c.t_rcd <= 1000 && c.t_cl <= 1000 && c.t_cwl <= 1000 && c.t_wr <= 1000 && c.t_ras <= 1000 &&
           c.t_turn <= 1000,
       "t_*", "must be at most 1000 memory cycles");
  need(c.t_init >= 1 && c.t_init <= 1000000, "t_init", "must be in 1..1000000 memory cycles");
  need(c.t_mrd >= 1 && c.t_mrd <= 1000 && c.t_dll <= 100000 && c.t_rfc >= 1 && c.t_rfc <= 10000, "t_mrd/t_dll/t_rfc",
       "t_mrd must be in 1..1000, t_dll in 0..100000, t_rfc in 1..10000 memory cycles");
  need(c.t_refi > c.t_rfc && c.t_refi <= 100000, "t_refi", "must exceed t_rfc and be at most 100000 memory cycles");
  need(c.refresh_postpone >= 1 && c.refresh_postpone <= 8, "refresh_postpone",
       "must be in 1..8 (REFRESHes that may be owed; the standard allows 8)");
  need(c.sdram_refresh <= 1, "sdram_refresh", "must be 0 or 1");
  need(c.sdram_col_bits >= 1 && c.sdram_col_bits <= 16, "sdram_col_bits", "must be in 1..16");
  need(c.sdram_queue >= 1 && c.sdram_queue <= 256, "sdram_queue", "must be in 1..256");
  need(c.fetch_ahead >= 1 && c.fetch_ahead <= 256, "fetch_ahead", "must be in 1..256");
  need(c.fetch_keep <= 256, "fetch_keep", "must be in 0..256");
  need(c.tri_queue <= 64, "tri_queue", "must be in 0..64");
  need(c.tri_engines >= 1 && c.tri_engines <= 16, "tri_engines", "must be in 1..16");
  need(c.rec_store <= 64, "rec_store", "must be in 0..64");
  need(c.rec_store == 0 || c.tri_queue > 0, "rec_store", "records are kept for a queued engine: needs tri_queue > 0");
  need(c.pair_store <= 64, "pair_store", "must be in 0..64");
  need(c.tri_engines == 1 || c.tri_queue > 0, "tri_engines",
       "more than one engine needs tri_queue > 0 (the controller waits for each test without a queue)");
  need(c.leaf_plane <= 1, "leaf_plane", "must be 0 or 1");
  need(c.transform_lanes >= 1 && c.transform_lanes <= 2, "transform_lanes", "must be 1 or 2");
  need(c.list_follow <= 1, "list_follow", "must be 0 or 1");
  need(c.resume_ahead <= 1, "resume_ahead", "must be 0 or 1");
  need(c.it_mul_stages >= 1 && c.it_mul_stages <= 16, "it_mul_stages", "must be in 1..16");
  need(c.it_add_stages >= 1 && c.it_add_stages <= 16, "it_add_stages", "must be in 1..16");
  need(c.pci_mhz >= 1 && c.pci_mhz < 1e5, "pci_mhz", "must be in [1, 100000) MHz");
  need(c.gate_ps > 0 && c.gate_ps < 1e4, "gate_ps", "must be in (0, 10000)");
  need(c.flop_ps >= 0 && c.flop_ps < 1e5, "flop_ps", "must be in [0, 100000)");
  need(c.skew_ps >= 0 && c.skew_ps < 1e5, "skew_ps", "must be in [0, 100000)");
}

namespace {

// One "key = value" line of a configuration file; `where` is "FILE:LINE: " for messages.
struct ConfigLine {
  std::string key, value, where;
};

// The lines of a configuration file, comments and blank lines dropped. Throws on a line
// without '=', a key set twice and a 'base' that is not the first key or names this file.
std::vector<ConfigLine> readConfigLines(const std::string& path) {
  std::error_code ec;
  if (std::filesystem::is_directory(path, ec)) throw std::invalid_argument("configuration '" + path + "' is a folder, not a .cfg file");
  if (!std::filesystem::exists(path, ec)) throw std::invalid_argument("cannot read configuration file '" + path + "': no such file");
  std::ifstream in(path);
  if (!in) throw std::invalid_argument("cannot read configuration file '" + path + "'");
  std::vector<ConfigLine> lines;
  std::map<std::string, int> seen;  // key -> the line that set it
  std::string line;
  for (int no = 1; readTextLine(in, line, path, no); ++no) {
    const auto hash = line.find('#');
    if (hash != std::string::npos) line.resize(hash);
    line = trim(line);
    if (line.empty()) continue;
    const auto eq = line.find('=');
    const auto where = path + ":" + std::to_string(no) + ": ";
    if (eq == std::string::npos) throw std::invalid_argument(where + "expected 'key = value', got '" + line + "'");
    const std::string key = trim(line.substr(0, eq)), value = trim(line.substr(eq + 1));
    if (const auto it = seen.find(key); it != seen.end()) {
      throw std::invalid_argument(where + "'" + key + "' is set twice (first on line " + std::to_string(it->second) + ")");
    }
    seen.emplace(key, no);
    if (key == "base") {
      if (!lines.empty()) throw std::invalid_argument(where + "'base' must come before every other key");
      if (value.find('/') != std::string::npos || value == std::filesystem::path(path).stem().string())
        throw std::invalid_argument(where + "'base' must name another configuration");
    }
    lines.push_back({key, value, where});
  }
  if (in.bad()) throw std::invalid_argument("cannot read configuration file '" + path + "'");
  return lines;
}

// A chain of 'base' files deeper than this is a cycle.
struct BaseDepth {
  explicit BaseDepth(const std::string& path) {
    if (depth > 8) throw std::invalid_argument(path + ": 'base' chain too deep (a cycle?)");
    ++depth;
  }
  ~BaseDepth() { --depth; }
  static thread_local int depth;
};
thread_local int BaseDepth::depth = 0;

// The file a configuration name stands for ("" for the built-in "paper"); see namedConfig.
std::string configPath(const std::string& name) {
  if (name == "paper") return "";
  const bool is_path = name.find('/') != std::string::npos ||
                       (name.size() > 4 && name.compare(name.size() - 4, 4, ".cfg") == 0);
  if (is_path) return name;
  const auto file = configDir() / (name + ".cfg");
  if (!name.empty() && std::filesystem::exists(file)) return file.string();
  throw std::invalid_argument("unknown configuration '" + name + "' (known: " + configNameList() +
                              ", or a path to a .cfg file)");
}

// A file's `base` value as namedConfig takes it: a name stays a name (configs/NAME.cfg); a
// relative path is the including file's neighbour, not a file of the current folder.
std::string baseOf(const std::string& value, const std::string& including_path) {
  const std::string path = configPath(value);
  if (path.empty() || path != value || std::filesystem::path(value).is_absolute()) return value;
  return (std::filesystem::path(including_path).parent_path() / value).string();
}

}  // namespace

bool isHostPolicyKey(const std::string& key) { return key.rfind(kHostPolicyPrefix, 0) == 0; }

ChipConfig loadConfigFile(const std::string& path) {
  const BaseDepth guard(path);
  ChipConfig c;
  c.name = std::filesystem::path(path).stem().string();
  for (const auto& l : readConfigLines(path)) {
    try {
      if (l.key == "base") {
        const std::string keep = c.name;
        c = namedConfig(baseOf(l.value, path));
        c.name = keep;
      } else if (!isHostPolicyKey(l.key)) {  // the driver's (hostPolicyValues), not the chip's
        setConfigValue(c, l.key, l.value);
      }
    } catch (const std::invalid_argument& e) {
      throw std::invalid_argument(l.where + e.what());
    }
  }
  try {
    validateConfig(c);
  } catch (const std::invalid_argument& e) {
    throw std::invalid_argument(path + ": " + e.what());
  }
  return c;
}

std::vector<std::string> configFiles(const std::string& name) {
  const std::string path = configPath(name);
  if (path.empty()) return {};
  const BaseDepth guard(path);
  std::vector<std::string> files{path};
  for (const auto& l : readConfigLines(path)) {
    if (l.key != "base") continue;
    for (auto& f : configFiles(baseOf(l.value, path))) files.push_back(std::move(f));
  }
  return files;
}

std::vector<std::pair<std::string, std::string>> hostPolicyValues(const std::string& name) {
  const std::string path = configPath(name);
  std::vector<std::pair<std::string, std::string>> out;
  if (path.empty()) return out;
  const BaseDepth guard(path);
  for (const auto& l : readConfigLines(path)) {
    if (l.key == "base") {
      out = hostPolicyValues(baseOf(l.value, path));
    } else if (isHostPolicyKey(l.key)) {
      const auto it = std::find_if(out.begin(), out.end(), [&](const auto& kv) { return kv.first == l.key; });
      if (it != out.end()) it->second = l.value;  // this file's value wins over its base's
      else out.emplace_back(l.key, l.value);
    }
  }
  return out;
}

std::vector<std::string> configNames() {
  std::vector<std::string> names{"paper"};
  std::error_code ec;
  for (const auto& e : std::filesystem::directory_iterator(configDir(), ec)) {
    const auto stem = e.path().stem().string();
    if (e.path().extension() == ".cfg" && stem != "paper") names.push_back(stem);
  }
  std::sort(names.begin() + 1, names.end());  // directory order is arbitrary
  return names;
}

std::string configNameList() {
  std::string list;
  for (const auto& n : configNames()) list += (list.empty() ? "" : ", ") + n;
  return list;
}

ChipConfig namedConfig(const std::string& name) {
  const std::string path = configPath(name);
  return path.empty() ? ChipConfig{} : loadConfigFile(path);
}

}  // namespace cc
