// cc_timing: logic depth and achievable clocks of the synthesized chip (docs/timing.md).
//
// Reads a yosys netlist of cc_chip in generic gates (write_json after `synth -flatten`
// and `abc -g ...`, scripts/timing.sh; a module kept whole is put in once per instance) and measures, for every path from a
// flip-flop or an input pin to a flip-flop or an output pin, its depth in gate levels
// (every combinational cell one level; buffers none). Paths are classed by the clocks of
// their ends (clk_i: core, pci_clk_i: PCI); a path between the two domains is a crossing,
// listed but not timed. Depth becomes delay with the configuration's process
// (gate_ps per level, flop_ps clock-to-Q + setup, skew_ps), and the delay a clock:
//   register to register:  period >= levels * gate_ps + flop_ps + skew_ps
//   core pins:             half the period is the board's (input / output delay 50 %)
//   PCI pins:              PCI 2.x at 33 MHz: input setup 7 ns, clock to output 11 ns
// The memory clock is half the core clock (docs/memory_system.md "Clocks"); its row is the
// core-clock paths that start or end in the SDRAM interface (u_sdram) or at its pins.
// Exit status 1 when a configured clock is above what its paths allow.
#include <boost/program_options.hpp>

#include <algorithm>
#include <cstdio>
#include <fstream>
#include <iostream>
#include <map>
#include <nlohmann/json.hpp>
#include <set>
#include <sstream>
#include <string>
#include <vector>

#include "cc/command_line.h"
#include "cc/config.h"

namespace {

using json = nlohmann::json;

constexpr double kPciTsuPs = 7000.0;   // PCI 2.x, 33 MHz: input setup time at the pin
constexpr double kPciTvalPs = 11000.0; // PCI 2.x, 33 MHz: clock to output valid
constexpr double kCoreIoShare = 0.5;   // core pins: the board takes half the period

// The PCI pins (cc_chip's ports of the PCI domain); every other pin is the core clock's.
bool pciPin(const std::string& n) {
  static const std::set<std::string> pins = {"ad_i",     "ad_o",    "ad_oe_o",   "cbe_ni",    "par_i",
                                             "par_o",    "par_oe_o", "frame_ni", "irdy_ni",   "idsel_i",
                                             "trdy_no",  "stop_no", "devsel_no", "ctl_oe_o",  "perr_no",
                                             "perr_oe_o", "inta_no", "pci_rst_ni"};
  return pins.count(n) != 0;
}

enum Domain { kCore = 0, kPci = 1 };
const char* domainName(int d) { return d == kCore ? "core" : "pci"; }

// A start point: a flip-flop's Q or an input pin bit.
struct Start {
  std::string name, src;
  int domain = kCore;
  bool pin = false;
};
// An end point: a flip-flop's D / enable / synchronous reset, or an output pin bit.
struct End {
  std::string name, src;
  int domain = kCore;
  bool pin = false;
  int bit = 0;
};

struct Cell {
  std::vector<int> in;
  int out = -1;
  int weight = 1;
};

struct Path {
  int levels = -1;
  int start = -1, end = -1;
};

struct Netlist {
  std::vector<Cell> cells;           // combinational, in topological order after sort()
  std::vector<int> driver;           // bit -> comb cell index or -1
  std::vector<int> startOf;          // bit -> start index or -1
  std::vector<Start> starts;
  std::vector<End> ends;
  std::map<int, std::string> bitName;
  int bits = 0;
};

bool isSeq(const std::string& t) {
  return t.rfind("$_DFF", 0) == 0 || t.rfind("$_SDFF", 0) == 0 || t.rfind("$_DLATCH", 0) == 0 ||
         t.rfind("$_ALDFF", 0) == 0 || t.rfind("$_DFFSR", 0) == 0;
}

int bitId(const json& b) { return b.is_number() ? b.get<int>() : -1; }  // "0"/"1"/"x": constants

// Prefer the flop names of the RTL (…_q) and then the shortest hierarchical name.
bool betterName(const std::string& a, const std::string& b) {
  const auto isQ = [](const std::string& s) {
    const auto p = s.find('[');
    const std::string base = s.substr(0, p);
    return base.size() > 2 && base.compare(base.size() - 2, 2, "_q") == 0;
  };
  if (isQ(a) != isQ(b)) return isQ(a);
  const auto dots = [](const std::string& s) { return std::count(s.begin(), s.end(), '.'); };
  if (dots(a) != dots(b)) return dots(a) < dots(b);
  return a.size() < b.size();
}

// Reads the netlist's modules into n: the top's ports, then its cells. A cell whose type
// is a module of the netlist (one yosys kept whole: scripts/timing.sh keeps the
// triangle-test engine of a chip with several as one module, synthesized once) is put in
// as a copy of that module's cells, named "instance.net", as a flat netlist would have it.
class Loader {
 public:
  Loader(const json& modules, const std::string& path, Netlist& n) : modules_(modules), path_(path), n_(n) {}

  void top(const json& m) {
    BitMap bits;
    for (const auto& [name, port] : m.at("ports").items()) {
      const auto& pb = port.at("bits");
      for (const auto& b : pb) global(bits, b);
      if (name == "clk_i") clk_ = global(bits, pb[0]);
      if (name == "pci_clk_i") pciClk_ = global(bits, pb[0]);
    }
    if (clk_ < 0 || pciClk_ < 0) throw std::runtime_error(path_ + ": no clk_i / pci_clk_i port (not cc_chip?)");
    for (const auto& [name, port] : m.at("ports").items()) {
      const auto& pb = port.at("bits");
      const int dom = pciPin(name) ? kPci : kCore;
      for (size_t i = 0; i < pb.size(); ++i) {
        const int b = global(bits, pb[i]);
        if (b < 0) continue;
        const std::string nm = pb.size() > 1 ? name + "[" + std::to_string(i) + "]" : name;
        if (port.at("direction") == "input") {
          if (b == clk_ || b == pciClk_) continue;
          n_.startOf[b] = static_cast<int>(n_.starts.size());
          n_.starts.push_back({nm, "", dom, true});
        } else {
          n_.ends.push_back({nm, "", dom, true, b});
        }
      }
    }
    module(m, "", bits);
    if (asyncLoads_) throw std::runtime_error(path_ + ": latches or async-load flops in the netlist");
  }

 private:
  using BitMap = std::map<int, int>;  // the module's bit numbers -> the netlist's (-1: a constant)

  // The netlist's bit of a module's bit (a new one the first time it is seen).
  int global(BitMap& bits, const json& b) {
    const int local = bitId(b);
    if (local < 0) return -1;
    const auto [it, fresh] = bits.try_emplace(local, n_.bits);
    if (fresh) grow(n_.bits);
    return it->second;
  }
  void grow(int b) {
    if (b >= n_.bits) {
      n_.bits = b + 1;
      n_.driver.resize(n_.bits, -1);
      n_.startOf.resize(n_.bits, -1);
    }
  }

  void module(const json& m, const std::string& prefix, BitMap& bits) {
    // Names: every public net bit, the best name wins.
    for (const auto& [name, net] : m.at("netnames").items()) {
      if (net.value("hide_name", 0) != 0) continue;
      const auto& nb = net.at("bits");
      const int off = net.value("offset", 0);
      for (size_t i = 0; i < nb.size(); ++i) {
        const int b = global(bits, nb[i]);
        if (b < 0) continue;
        const std::string full =
            prefix + (nb.size() > 1 ? name + "[" + std::to_string(off + static_cast<int>(i)) + "]" : name);
        auto it = n_.bitName.find(b);
        if (it == n_.bitName.end() || betterName(full, it->second)) n_.bitName[b] = full;
      }
    }
    for (const auto& [cname, c] : m.at("cells").items()) {
      const std::string type = c.at("type");
      const auto& conn = c.at("connections");
      if (modules_.contains(type)) {
        // A kept module: its port bits are the instance's connections.
        const json& sub = modules_.at(type);
        BitMap subBits;
        for (const auto& [pname, port] : sub.at("ports").items()) {
          const auto& pb = port.at("bits");
          const auto& cb = conn.at(pname);
          for (size_t i = 0; i < pb.size(); ++i) {
            const int local = bitId(pb[i]);
            if (local >= 0) subBits[local] = global(bits, cb[i]);
          }
        }
        module(sub, prefix + cname + ".", subBits);
        continue;
      }
      const std::string src = c.contains("attributes") ? c["attributes"].value("src", "") : "";
      if (isSeq(type)) {
        flop(prefix + cname, type, conn, src, bits);
        continue;
      }
      Cell cell;
      for (const auto& [pin, pb] : conn.items()) {
        const int b = global(bits, pb[0]);
        if (pin == "Y") {
          cell.out = b;
        } else if (b >= 0) {
          cell.in.push_back(b);
        }
      }
      if (cell.out < 0) continue;
      cell.weight = (type == "$_BUF_") ? 0 : 1;
      n_.driver[cell.out] = static_cast<int>(n_.cells.size());
      n_.cells.push_back(std::move(cell));
    }
  }

  void flop(const std::string& cname, const std::string& type, const json& conn, const std::string& src, BitMap& bits) {
    if (type.rfind("$_DLATCH", 0) == 0 || type.rfind("$_ALDFF", 0) == 0 || type.rfind("$_DFFSR", 0) == 0) ++asyncLoads_;
    const int cb = global(bits, conn.at("C")[0]);
    if (cb != clk_ && cb != pciClk_) throw std::runtime_error(path_ + ": flip-flop " + cname + " on a clock that is not a clock pin");
    const int dom = cb == clk_ ? kCore : kPci;
    const int q = global(bits, conn.at("Q")[0]);
    const std::string qn = n_.bitName.count(q) ? n_.bitName[q] : cname;
    n_.startOf[q] = static_cast<int>(n_.starts.size());
    n_.starts.push_back({qn, src, dom, false});
    // Timed inputs: data, enable and a synchronous reset ($_SDFF*); an asynchronous
    // reset (R of $_DFF_*) is a recovery/removal check, not a data path.
    std::vector<std::string> pins = {"D"};
    if (conn.contains("E")) pins.push_back("E");
    if (type.rfind("$_SDFF", 0) == 0 && conn.contains("R")) pins.push_back("R");
    for (const auto& p : pins) {
      const int b = global(bits, conn.at(p)[0]);
      if (b < 0) continue;
      n_.ends.push_back({qn + (p == "D" ? "" : " (" + p + ")"), src, dom, false, b});
    }
  }

  const json& modules_;
  const std::string& path_;
  Netlist& n_;
  int clk_ = -1, pciClk_ = -1, asyncLoads_ = 0;
};

Netlist load(const std::string& path) {
  std::ifstream in(path);
  if (!in) throw std::runtime_error("cannot read " + path);
  const json j = json::parse(in);
  Netlist n;
  Loader(j.at("modules"), path, n).top(j.at("modules").at("cc_chip"));
  // Topological order (Kahn): a cell after the cells that drive its inputs.
  std::vector<int> pending(n.cells.size(), 0);
  std::vector<std::vector<int>> fanout(n.bits);
  for (size_t i = 0; i < n.cells.size(); ++i) {
    for (int b : n.cells[i].in) {
      if (n.driver[b] >= 0) {
        ++pending[i];
        fanout[b].push_back(static_cast<int>(i));
      }
    }
  }
  std::vector<int> order;
  for (size_t i = 0; i < n.cells.size(); ++i)
    if (!pending[i]) order.push_back(static_cast<int>(i));
  for (size_t k = 0; k < order.size(); ++k) {
    for (int f : fanout[n.cells[order[k]].out])
      if (--pending[f] == 0) order.push_back(f);
  }
  if (order.size() != n.cells.size()) throw std::runtime_error(path + ": combinational loop");
  std::vector<Cell> sorted;
  sorted.reserve(order.size());
  for (int i : order) sorted.push_back(std::move(n.cells[i]));
  n.cells = std::move(sorted);
  for (size_t i = 0; i < n.cells.size(); ++i) n.driver[n.cells[i].out] = static_cast<int>(i);
  return n;
}

// Path classes of a chip.
enum Class { kCoreReg, kPciReg, kCoreIn, kCoreOut, kPciIn, kPciOut, kCoreThrough, kPciThrough, kCross, kClasses };
const char* className(int c) {
  static const char* names[] = {"core reg->reg", "pci reg->reg", "core in->reg", "core reg->out", "pci in->reg",
                                "pci reg->out",  "core in->out", "pci in->out",  "crossing"};
  return names[c];
}
int classOf(const Start& s, const End& e) {
  if (s.domain != e.domain) return kCross;
  const bool core = s.domain == kCore;
  if (!s.pin && !e.pin) return core ? kCoreReg : kPciReg;
  if (s.pin && !e.pin) return core ? kCoreIn : kPciIn;
  if (!s.pin && e.pin) return core ? kCoreOut : kPciOut;
  return core ? kCoreThrough : kPciThrough;
}

// The longest path into every end, separately for each start group (domain x pin/flop), so
// that a deep crossing cannot hide a same-domain path.
struct Analysis {
  std::vector<Path> worstPerEnd;  // per end and group: index end * 4 + group
};

int groupOf(const Start& s) { return s.domain * 2 + (s.pin ? 1 : 0); }

Analysis analyse(const Netlist& n) {
  Analysis a;
  a.worstPerEnd.resize(n.ends.size() * 4);
  std::vector<int> arr(n.bits), from(n.bits);
  for (int g = 0; g < 4; ++g) {
    std::fill(arr.begin(), arr.end(), -1);
    for (int b = 0; b < n.bits; ++b) {
      const int s = n.startOf[b];
      if (s >= 0 && groupOf(n.starts[s]) == g) {
        arr[b] = 0;
        from[b] = s;
      }
    }
    for (const Cell& c : n.cells) {
      int best = -1, bestIn = -1;
      for (int b : c.in)
        if (arr[b] > best) best = arr[b], bestIn = b;
      if (best < 0) continue;
      arr[c.out] = best + c.weight;
      from[c.out] = from[bestIn];
    }
    for (size_t e = 0; e < n.ends.size(); ++e) {
      const int b = n.ends[e].bit;
      if (arr[b] < 0) continue;
      Path& p = a.worstPerEnd[e * 4 + g];
      p.levels = arr[b];
      p.start = from[b];
      p.end = static_cast<int>(e);
    }
  }
  return a;
}

// The unit of a path: its end's instance, two levels deep (u_core.u_stack, u_sdram, ...);
// a pin is its own unit ("pins").
std::string unitOf(const End& e) {
  if (e.pin) return "pins";
  std::string u;
  size_t pos = 0;
  for (int level = 0; level < 2; ++level) {
    const size_t dot = e.name.find('.', pos);
    if (dot == std::string::npos) break;
    u = e.name.substr(0, dot);
    pos = dot + 1;
  }
  return u.empty() ? "cc_chip" : u;
}

bool memoryPath(const Netlist& n, const Path& p) {
  const auto mem = [](const std::string& s) { return s.rfind("u_sdram.", 0) == 0 || s.rfind("sd_", 0) == 0; };
  return mem(n.starts[p.start].name) || mem(n.ends[p.end].name);
}

}  // namespace

int main(int argc, char** argv) {
  namespace po = boost::program_options;
  std::vector<std::string> chips;
  std::string out, sdc;
  int units = 12;
  po::options_description desc(
      "cc_timing: logic depth of the synthesized chip, converted to clocks with each configuration's process "
      "(docs/timing.md; run by `make timing`)");
  desc.add_options()("help,h", "this help")("chip", po::value(&chips)->composing(),
                                              "NAME=NETLIST.json: configs/NAME.cfg's chip, synthesized (repeatable)")(
      "out", po::value(&out), "write OUT.json and OUT.csv")(
      "sdc", po::value(&sdc), "with --out: write OUT-NAME.sdc per chip, which sets its clocks and sources this SDC file")("units", po::value(&units)->default_value(12),
                                                           "units listed per chip (deepest first)");
  try {
    po::variables_map vm;
    po::store(cc::parseCommandLine(argc, argv, desc), vm);
    po::notify(vm);
    if (vm.count("help") || chips.empty()) {
      std::cout << desc << '\n';
      return vm.count("help") ? 0 : 2;
    }
    json report = json::array();
    std::ostringstream csv;
    csv << "config,netlist,process,gate_ps,flop_ps,skew_ps,row,levels,path_ps,budget_ps,configured_mhz,achievable_mhz,"
           "endpoints_over_budget,ok,start,end\n";
    bool allOk = true;
    std::map<std::string, std::pair<Netlist, Analysis>> cache;
    std::printf("%-14s %-9s %6s %8s %9s %8s %8s %6s    %s\n", "config", "row", "levels", "path_ns", "budget_ns", "cfg_MHz",
                "max_MHz", "over", "worst path (start -> end)");
    for (const std::string& spec : chips) {
      const auto eq = spec.find('=');
      if (eq == std::string::npos) throw std::invalid_argument("--chip takes NAME=NETLIST.json, got '" + spec + "'");
      const std::string name = spec.substr(0, eq), file = spec.substr(eq + 1);
      const cc::ChipConfig cfg = cc::namedConfig(name);
      cc::validateConfig(cfg);
      if (!cache.count(file)) {
        Netlist n = load(file);
        Analysis a = analyse(n);
        cache.emplace(file, std::make_pair(std::move(n), std::move(a)));
      }
      const Netlist& n = cache.at(file).first;
      const Analysis& a = cache.at(file).second;
      const double over = cfg.flop_ps + cfg.skew_ps;
      // Worst path per class (and the memory interface's among the core's).
      std::vector<Path> worst(kClasses);
      Path memWorst;
      std::map<std::string, Path> unitWorst;
      for (const Path& p : a.worstPerEnd) {
        if (p.levels < 0) continue;
        const int c = classOf(n.starts[p.start], n.ends[p.end]);
        if (p.levels > worst[c].levels) worst[c] = p;
        if (c == kCoreReg || c == kCoreIn || c == kCoreOut) {
          if (memoryPath(n, p) && p.levels > memWorst.levels) memWorst = p;
        }
        if (c == kCoreReg || c == kPciReg) {
          const std::string u = std::string(domainName(n.ends[p.end].domain)) + " " + unitOf(n.ends[p.end]);
          if (p.levels > unitWorst[u].levels) unitWorst[u] = p;
        }
      }
      json chip;
      chip["config"] = name;
      chip["netlist"] = file;
      chip["process"] = cfg.process;
      chip["gate_ps"] = cfg.gate_ps;
      chip["flop_ps"] = cfg.flop_ps;
      chip["skew_ps"] = cfg.skew_ps;
      chip["core_mhz"] = cfg.core_mhz;
      chip["memory_mhz"] = cfg.core_mhz / 2;
      chip["pci_mhz"] = cfg.pci_mhz;
      json rows = json::array();
      const double corePs = 1e6 / cfg.core_mhz, pciPs = 1e6 / cfg.pci_mhz;
      const auto pathPs = [&](const Path& p) { return p.levels * cfg.gate_ps + over; };
      // One row: a path class, the time it may take at the configured clock (budget) and, for
      // a clocked row, the clock at which its worst path just fits (share: the part of the
      // period the chip has; scale: the row's clock over the clock of its flops).
      const auto row = [&](const std::string& label, int c, const Path& p, double budgetPs, double configured, double share,
                           double scale) {
        if (p.levels < 0) return;
        const double ps = pathPs(p);
        const bool clocked = share > 0;
        const double achievable = clocked ? share * 1e6 / ps * scale : 0.0;
        const bool ok = ps <= budgetPs + 1e-6;
        // Endpoints of this class over the budget: how much there is to fix.
        int over = 0;
        for (const Path& q : a.worstPerEnd)
          if (q.levels >= 0 && classOf(n.starts[q.start], n.ends[q.end]) == c && pathPs(q) > budgetPs + 1e-6 &&
              (label != "memory" || memoryPath(n, q)))
            ++over;
        const std::string s = n.starts[p.start].name, e = n.ends[p.end].name;
        std::printf("%-14s %-9s %6d %8.2f %9.2f %8.0f %8s %6d %s %s -> %s\n", name.c_str(), label.c_str(), p.levels, ps / 1000,
                    budgetPs / 1000, configured, clocked ? std::to_string(static_cast<long>(achievable)).c_str() : "-", over,
                    ok ? "  " : "!!", s.c_str(), e.c_str());
        csv << name << "," << file << "," << cfg.process << "," << cfg.gate_ps << "," << cfg.flop_ps << "," << cfg.skew_ps << ","
            << label << "," << p.levels << "," << ps << "," << budgetPs << "," << configured << ","
            << (clocked ? std::to_string(achievable) : std::string()) << "," << over << "," << (ok ? 1 : 0) << ",\"" << s
            << "\",\"" << e << "\"\n";
        json r;
        r["row"] = label;
        r["class"] = className(c);
        r["levels"] = p.levels;
        r["path_ps"] = ps;
        r["budget_ps"] = budgetPs;
        r["configured_mhz"] = configured;
        r["achievable_mhz"] = clocked ? json(achievable) : json();
        r["endpoints_over_budget"] = over;
        r["ok"] = ok;
        r["start"] = {{"name", s}, {"src", n.starts[p.start].src}};
        r["end"] = {{"name", e}, {"src", n.ends[p.end].src}};
        rows.push_back(r);
        allOk = allOk && ok;
      };
      row("core", kCoreReg, worst[kCoreReg], corePs, cfg.core_mhz, 1.0, 1.0);
      row("core in", kCoreIn, worst[kCoreIn], corePs * (1 - kCoreIoShare), cfg.core_mhz, 1 - kCoreIoShare, 1.0);
      row("core out", kCoreOut, worst[kCoreOut], corePs * (1 - kCoreIoShare), cfg.core_mhz, 1 - kCoreIoShare, 1.0);
      row("core i>o", kCoreThrough, worst[kCoreThrough], 0.0, cfg.core_mhz, 0.0, 1.0);
      if (memWorst.levels >= 0) {
        // The SDRAM interface runs on the core clock; the memory clock is half of it.
        const int mc = classOf(n.starts[memWorst.start], n.ends[memWorst.end]);
        const double share = mc == kCoreReg ? 1.0 : 1 - kCoreIoShare;
        row("memory", mc, memWorst, corePs * share, cfg.core_mhz / 2, share, 0.5);
      }
      row("pci", kPciReg, worst[kPciReg], pciPs, cfg.pci_mhz, 1.0, 1.0);
      row("pci in", kPciIn, worst[kPciIn], kPciTsuPs, cfg.pci_mhz, 0.0, 1.0);
      row("pci out", kPciOut, worst[kPciOut], kPciTvalPs, cfg.pci_mhz, 0.0, 1.0);
      row("pci i>o", kPciThrough, worst[kPciThrough], 0.0, cfg.pci_mhz, 0.0, 1.0);
      chip["rows"] = rows;
      // The clocks the chip's paths allow: the core's is the lowest of its rows.
      double coreMax = 1e9;
      for (int c : {kCoreReg, kCoreIn, kCoreOut})
        if (worst[c].levels >= 0) coreMax = std::min(coreMax, (c == kCoreReg ? 1.0 : 1 - kCoreIoShare) * 1e6 / pathPs(worst[c]));
      chip["core_max_mhz"] = coreMax;
      chip["memory_max_mhz"] = coreMax / 2;
      chip["pci_max_mhz"] = worst[kPciReg].levels >= 0 ? json(1e6 / pathPs(worst[kPciReg])) : json();
      std::printf("%-14s %s: core %.0f MHz configured, %.0f MHz achievable (memory %.0f / %.0f MHz); levels allowed at "
                  "the configured clock: %d\n",
                  name.c_str(), cfg.process.c_str(), cfg.core_mhz, coreMax, cfg.core_mhz / 2, coreMax / 2,
                  static_cast<int>((corePs - over) / cfg.gate_ps));
      // Crossings: not timed (bounded by rtl/cc_chip.sdc's max delay), listed.
      if (worst[kCross].levels >= 0) {
        const Path& p = worst[kCross];
        chip["crossing"] = {{"levels", p.levels},
                            {"start", n.starts[p.start].name},
                            {"end", n.ends[p.end].name},
                            {"start_domain", domainName(n.starts[p.start].domain)},
                            {"end_domain", domainName(n.ends[p.end].domain)}};
      }
      // Units, deepest first.
      std::vector<std::pair<std::string, Path>> us(unitWorst.begin(), unitWorst.end());
      std::sort(us.begin(), us.end(), [](const auto& x, const auto& y) { return x.second.levels > y.second.levels; });
      json ju = json::array();
      for (size_t i = 0; i < us.size(); ++i) {
        const Path& p = us[i].second;
        const int d = n.ends[p.end].domain;
        const double mhz = 1e6 / (p.levels * cfg.gate_ps + over);
        if (static_cast<int>(i) < units)
          std::printf("%-14s   unit %-24s %4d levels %7.0f MHz  %s -> %s\n", name.c_str(), us[i].first.c_str(), p.levels, mhz,
                      n.starts[p.start].name.c_str(), n.ends[p.end].name.c_str());
        ju.push_back({{"unit", us[i].first},
                      {"domain", domainName(d)},
                      {"levels", p.levels},
                      {"achievable_mhz", mhz},
                      {"start", n.starts[p.start].name},
                      {"end", n.ends[p.end].name},
                      {"end_src", n.ends[p.end].src}});
      }
      chip["units"] = ju;
      report.push_back(chip);
      if (!out.empty() && !sdc.empty()) {
        const std::string path = out + "-" + name + ".sdc";
        std::ofstream f(path);
        f << "# configs/" << name << ".cfg's clocks for " << sdc << " (written by cc_timing, make timing)\n"
          << "set CORE_MHZ " << cfg.core_mhz << "\nset PCI_MHZ " << cfg.pci_mhz << "\nset SKEW_NS " << cfg.skew_ps / 1000
          << "\nsource " << sdc << "\n";
        if (!f) throw std::runtime_error("cannot write " + path);
      }
    }
    if (!out.empty()) {
      std::ofstream j(out + ".json"), c(out + ".csv");
      if (!(j << report.dump(1) << '\n') || !(c << csv.str()))
        throw std::runtime_error("cannot write " + out + ".json / .csv");
      std::printf("cc_timing: wrote %s.json and %s.csv\n", out.c_str(), out.c_str());
    }
    if (!allOk) {
      std::printf("cc_timing: a configured clock is above what its paths allow (rows marked !!)\n");
      return 1;
    }
    return 0;
  } catch (const std::exception& e) {
    std::cerr << "cc_timing: " << e.what() << '\n';
    return 2;
  }
}
