#include "cc/vectors.h"
#include "cc/input_limits.h"

#include <algorithm>
#include <cerrno>
#include <cinttypes>
#include <cstdio>
#include <cstring>
#include <istream>
#include <ostream>
#include <sstream>
#include <stdexcept>

#include "cc/regmap.h"

namespace cc {

namespace {

constexpr size_t kWordsPerLine = 8;

std::string hex(uint32_t v, int digits) {
  char buf[16];
  std::snprintf(buf, sizeof buf, "%0*" PRIx32, digits, v);
  return buf;
}

// A register's name in the vector text.
std::string registerName(uint32_t off) {
  for (const auto& r : regs::kRegisters)
    if (r.offset == off) return r.name;
  if (off >= regs::MATRIX_BASE && off < regs::MATRIX_BASE + regs::MATRIX_LINES * 16 && off % 4 == 0)
    return "MATRIX." + std::to_string((off - regs::MATRIX_BASE) / 16) + "." + std::to_string((off - regs::MATRIX_BASE) % 16 / 4);
  if (off >= regs::CORR_BASE && off < regs::CORR_BASE + regs::CORR_LINES * 4 && off % 4 == 0)
    return "CORR." + std::to_string((off - regs::CORR_BASE) / 4);
  if (off >= regs::LEAFV_BASE && off < regs::LEAFV_BASE + regs::LEAFV_LINES * 16 && off % 4 == 0)
    return "LEAFV." + std::to_string((off - regs::LEAFV_BASE) / 16) + "." + std::to_string((off - regs::LEAFV_BASE) % 16 / 4);
  return "0x" + hex(off, 3);
}

uint32_t parseNumber(const std::string& s, const std::string& where) {
  char* end = nullptr;
  errno = 0;
  const unsigned long long v = std::strtoull(s.c_str(), &end, 16);
  if (s.empty() || *end != '\0' || errno != 0 || v > 0xFFFFFFFFull) throw std::invalid_argument(where + ": '" + s + "' is not a 32-bit hex number");
  return static_cast<uint32_t>(v);
}

uint32_t parseRegister(const std::string& s, const std::string& where) {
  for (const auto& r : regs::kRegisters)
    if (s == r.name) return r.offset;
  unsigned line = 0, col = 0;
  char tail = 0;
  if (std::sscanf(s.c_str(), "MATRIX.%u.%u%c", &line, &col, &tail) == 2 && line < regs::MATRIX_LINES && col < 4)
    return regs::matrixAddr(line, col);
  if (std::sscanf(s.c_str(), "CORR.%u%c", &line, &tail) == 1 && line < regs::CORR_LINES) return regs::CORR_BASE + 4 * line;
  if (std::sscanf(s.c_str(), "LEAFV.%u.%u%c", &line, &col, &tail) == 2 && line < regs::LEAFV_LINES && col < 4)
    return regs::leafVertexAddr(line, col);
  if (s.rfind("0x", 0) == 0) {
    const uint32_t off = parseNumber(s.substr(2), where);
    if (off < regs::BAR0_BYTES && off % 4 == 0) return off;
  }
  throw std::invalid_argument(where + ": '" + s + "' is not a register (a name of regmap.h, MATRIX.LINE.COL, CORR.LINE, LEAFV.LINE.COL or an offset 0x...)");
}

// Writes the lines of one load or dump; returns how many.
size_t writeWords(std::ostream& out, const char* verb, uint32_t addr, const std::vector<uint32_t>& words, bool skip_zero_lines) {
  size_t lines = 0;
  for (size_t i = 0; i < words.size(); i += kWordsPerLine) {
    const size_t n = std::min(kWordsPerLine, words.size() - i);
    bool zero = true;
    for (size_t k = 0; k < n; ++k) zero = zero && words[i + k] == 0;
    if (zero && skip_zero_lines) continue;
    out << verb << " 0x" << hex(addr + static_cast<uint32_t>(4 * i), 8);
    for (size_t k = 0; k < n; ++k) out << ' ' << hex(words[i + k], 8);
    out << '\n';
    ++lines;
  }
  return lines;
}

std::vector<uint32_t> toWords(const void* data, size_t bytes) {
  if (bytes % 4 != 0) throw std::invalid_argument("vector recording: a memory access of " + std::to_string(bytes) + " bytes (whole words only)");
  std::vector<uint32_t> w(bytes / 4);
  std::memcpy(w.data(), data, bytes);
  return w;
}

}  // namespace

bool timedRegister(uint32_t off) { return off == regs::CNT_CYCLES_LO || off == regs::CNT_CYCLES_HI; }

void RecordingDevice::write32(uint32_t off, uint32_t value) {
  inner_.write32(off, value);
  steps_.push_back({VectorStep::Kind::Write, off, {value}, 0});
}

uint32_t RecordingDevice::read32(uint32_t off) {
  const uint32_t v = inner_.read32(off);
  steps_.push_back({VectorStep::Kind::Read, off, timedRegister(off) ? std::vector<uint32_t>{} : std::vector<uint32_t>{v}, 0});
  return v;
}

void RecordingDevice::writeMemory(uint32_t addr, const void* data, size_t bytes) {
  inner_.writeMemory(addr, data, bytes);
  steps_.push_back({VectorStep::Kind::Mem, addr, toWords(data, bytes), 0});
}

void RecordingDevice::readMemory(uint32_t addr, void* data, size_t bytes) {
  inner_.readMemory(addr, data, bytes);
  steps_.push_back({VectorStep::Kind::Dump, addr, toWords(data, bytes), 0});
}

bool RecordingDevice::waitInterrupt(uint64_t max_cycles) {
  const bool came = inner_.waitInterrupt(max_cycles);
  if (!came) throw std::runtime_error("vector recording: no interrupt on " + inner_.name() + " (a vector expects every wait to end in one)");
  steps_.push_back({VectorStep::Kind::Wait, 0, {}, 0});
  return came;
}

void writeVector(std::ostream& out, const Vector& v, const std::string& header) {
  std::istringstream h(header);
  for (std::string line; std::getline(h, line);) out << "# " << line << '\n';
  out << "config " << v.config << '\n';
  size_t lines = 0;  // the step lines, which 'end' counts
  for (const auto& s : v.steps) {
    ++lines;
    switch (s.kind) {
      case VectorStep::Kind::Mem: lines += writeWords(out, "mem", s.addr, s.words, true) - 1; break;
      case VectorStep::Kind::Dump: lines += writeWords(out, "dump", s.addr, s.words, false) - 1; break;
      case VectorStep::Kind::Write: out << "wr " << registerName(s.addr) << ' ' << hex(s.words.at(0), 8) << '\n'; break;
      case VectorStep::Kind::Read:
        out << "rd " << registerName(s.addr) << ' ' << (s.words.empty() ? std::string("*") : hex(s.words[0], 8)) << '\n';
        break;
      case VectorStep::Kind::Wait: out << "wait\n"; break;
    }
  }
  out << "end " << lines << '\n';  // a file cut short is told from a whole one
}

Vector readVector(std::istream& in, const std::string& what) {
  Vector v;
  std::vector<VectorStep>& steps = v.steps;
  bool configured = false, ended = false;
  int n = 0;
  size_t step_lines = 0;
  for (std::string text; readTextLine(in, text, what, n + 1);) {
    ++n;
    const std::string where = what + ":" + std::to_string(n);
    if (const auto hash = text.find('#'); hash != std::string::npos) text.erase(hash);
    std::istringstream ls(text);
    std::vector<std::string> tok;
    for (std::string t; ls >> t;) tok.push_back(t);
    if (tok.empty()) continue;
    VectorStep s;
    s.line = n;
    const std::string& verb = tok[0];
    const auto need = [&](bool ok, const char* form) {
      if (!ok) throw std::invalid_argument(where + ": expected '" + form + "'");
    };
    if (ended) throw std::invalid_argument(where + ": a step after 'end'");
    if (verb == "end") {
      need(tok.size() == 2, "end STEPS");
      if (tok[1] != std::to_string(step_lines)) {
        throw std::invalid_argument(where + ": 'end " + tok[1] + "' but the file holds " + std::to_string(step_lines) +
                                    " step lines (a line lost or added?)");
      }
      ended = true;
      continue;
    }
    if (verb != "config" && !configured) throw std::invalid_argument(where + ": the first step must be 'config NAME'");
    if (verb == "config") {
      need(tok.size() == 2, "config NAME");
      if (configured || !steps.empty()) throw std::invalid_argument(where + ": 'config' must come once, before the steps");
      v.config = tok[1];
      configured = true;
      continue;
    }
    ++step_lines;
    if (verb == "mem" || verb == "dump") {
      need(tok.size() >= 3, verb == "mem" ? "mem ADDR W0 W1 ..." : "dump ADDR W0 W1 ...");
      s.kind = verb == "mem" ? VectorStep::Kind::Mem : VectorStep::Kind::Dump;
      s.addr = parseNumber(tok[1], where);  // strtoull in base 16 takes the 0x
      if (s.addr % 4 != 0) throw std::invalid_argument(where + ": address " + tok[1] + " is not word-aligned");
      for (size_t i = 2; i < tok.size(); ++i) s.words.push_back(parseNumber(tok[i], where));
    } else if (verb == "wr" || verb == "rd") {
      need(tok.size() == 3, verb == "wr" ? "wr REG VALUE" : "rd REG VALUE|*");
      s.kind = verb == "wr" ? VectorStep::Kind::Write : VectorStep::Kind::Read;
      s.addr = parseRegister(tok[1], where);
      if (!(verb == "rd" && tok[2] == "*")) s.words.push_back(parseNumber(tok[2], where));
    } else if (verb == "wait") {
      need(tok.size() == 1, "wait");
      s.kind = VectorStep::Kind::Wait;
    } else {
      throw std::invalid_argument(where + ": unknown step '" + verb + "' (config, mem, wr, wait, rd, dump)");
    }
    // A load or dump that goes on where the last line's ended is one access.
    if (!steps.empty() && (s.kind == VectorStep::Kind::Mem || s.kind == VectorStep::Kind::Dump)) {
      VectorStep& last = steps.back();
      if (last.kind == s.kind && uint64_t(last.addr) + 4 * last.words.size() == s.addr) {
        last.words.insert(last.words.end(), s.words.begin(), s.words.end());
        continue;
      }
    }
    steps.push_back(std::move(s));
  }
  if (!configured) throw std::invalid_argument(what + ": no 'config NAME' line");
  if (!ended) throw std::invalid_argument(what + ": no 'end' line after line " + std::to_string(n) + " (the file is cut short?)");
  return v;
}

ReplayResult replayVector(Device& dev, const std::vector<VectorStep>& steps, uint64_t max_cycles) {
  ReplayResult r;
  const auto at = [](const VectorStep& s) { return "line " + std::to_string(s.line) + ": "; };
  for (const auto& s : steps) {
    switch (s.kind) {
      case VectorStep::Kind::Mem: dev.writeMemory(s.addr, s.words.data(), 4 * s.words.size()); break;
      case VectorStep::Kind::Write: dev.write32(s.addr, s.words.at(0)); break;
      case VectorStep::Kind::Wait:
        if (!dev.waitInterrupt(max_cycles)) {
          r.mismatches.push_back(at(s) + "no interrupt within " + std::to_string(max_cycles) + " cycles");
          return r;
        }
        break;
      case VectorStep::Kind::Read: {
        const uint32_t v = dev.read32(s.addr);
        if (s.words.empty()) r.timed.push_back(v);
        else if (v != s.words[0])
          r.mismatches.push_back(at(s) + registerName(s.addr) + " reads " + hex(v, 8) + ", expected " + hex(s.words[0], 8));
        break;
      }
      case VectorStep::Kind::Dump: {
        std::vector<uint32_t> got(s.words.size());
        dev.readMemory(s.addr, got.data(), 4 * got.size());
        for (size_t i = 0; i < got.size(); ++i) {
          if (got[i] != s.words[i]) {
            r.mismatches.push_back(at(s) + "memory 0x" + hex(s.addr + static_cast<uint32_t>(4 * i), 8) + " holds " + hex(got[i], 8) +
                                   ", expected " + hex(s.words[i], 8));
            break;
          }
        }
        break;
      }
    }
  }
  return r;
}

}  // namespace cc
