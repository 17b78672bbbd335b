#include "cc/atomic_output.h"

#include <sys/stat.h>
#include <unistd.h>

#include <atomic>
#include <cerrno>
#include <cstdio>
#include <cstring>
#include <filesystem>
#include <iostream>
#include <stdexcept>

#include "cc/interrupt.h"

namespace cc {

namespace fs = std::filesystem;

namespace {

std::atomic<unsigned> g_counter{0};

std::string qname(const std::string& s) { return "'" + s + "'"; }

// Follows `path`'s symbolic links, at most 40 like the kernel, to the name they lead to (the
// path itself when it is no link). `in_proc`: a link lies in /proc (/dev/stdout ->
// /proc/self/fd/1, /dev/fd/N): its text describes an open descriptor, it is no name to
// rename over, and the output goes in place through the link.
std::string followLinks(const std::string& path, const std::string& what, bool& in_proc) {
  fs::path p(path);
  for (int hop = 0; hop < 40; ++hop) {
    struct stat st {};
    if (::lstat(p.c_str(), &st) != 0 || !S_ISLNK(st.st_mode)) return p.string();
    std::error_code ec;
    const fs::path dir = fs::canonical(p.has_parent_path() ? p.parent_path() : fs::path("."), ec);
    if (ec) throw std::runtime_error(what + ": cannot follow the link " + qname(p.string()) + ": " + ec.message());
    if (dir == "/proc" || dir.string().rfind("/proc/", 0) == 0) {
      in_proc = true;
      return p.string();
    }
    const fs::path to = fs::read_symlink(p, ec);
    if (ec) throw std::runtime_error(what + ": cannot read the link " + qname(p.string()) + ": " + ec.message());
    p = to.is_absolute() ? to : dir / to;
  }
  throw std::runtime_error(what + ": " + qname(path) + ": too many levels of symbolic links (a loop?)");
}

}  // namespace

AtomicOutput::AtomicOutput(const std::string& path, const std::string& what) : path_(path), what_(what) {
  if (path.empty()) throw std::runtime_error(what + ": empty file name");
  // Only a regular file (or none) is replaced by rename, and a link never: its target is.
  bool in_proc = false;
  target_ = followLinks(path, what, in_proc);
  struct stat st {};
  const bool exists = ::stat(path.c_str(), &st) == 0;  // what the path leads to
  if (exists && S_ISDIR(st.st_mode)) throw std::runtime_error(what + ": " + qname(path) + " is a folder, not a file");
  if (in_proc || (exists && !S_ISREG(st.st_mode))) {  // a device, FIFO, socket, /dev/stdout: in place
    out_.open(path, std::ios::binary | std::ios::trunc);
    if (!out_) throw std::runtime_error(what + ": cannot write " + qname(path) + ": " + std::strerror(errno));
    return;
  }
  const fs::path p(target_);
  const fs::path dir = p.has_parent_path() ? p.parent_path() : fs::path(".");
  tmp_ = (dir / ("." + p.filename().string() + ".tmp." + std::to_string(::getpid()) + "." + std::to_string(g_counter++))).string();
  registerTemporary(tmp_.c_str());
  out_.open(tmp_, std::ios::binary | std::ios::trunc);
  if (!out_) {
    const int err = errno;
    unregisterTemporary(tmp_.c_str());
    throw std::runtime_error(what + ": cannot write " + qname(path) + " (a temporary file in " + qname(dir.string()) +
                             " cannot be created: " + std::strerror(err) + ")");
  }
}

AtomicOutput::~AtomicOutput() {
  if (committed_ || tmp_.empty()) return;
  out_.close();
  std::remove(tmp_.c_str());
  unregisterTemporary(tmp_.c_str());
}

void AtomicOutput::commit() {
  if (committed_) return;
  out_.flush();
  const bool ok = static_cast<bool>(out_);
  out_.close();
  if (!ok || out_.fail()) {
    throw std::runtime_error(what_ + ": cannot write " + path_ + ": write error (disk full?); " +
                             (tmp_.empty() ? std::string("output incomplete") : "nothing written, an earlier file is kept"));
  }
  if (!tmp_.empty()) {
    std::error_code ec;
    fs::rename(tmp_, target_, ec);
    if (ec) throw std::runtime_error(what_ + ": cannot rename the finished output to " + qname(target_) + ": " + ec.message());
    unregisterTemporary(tmp_.c_str());
  }
  committed_ = true;
}

void writeFileAtomically(const std::string& path, const std::string& text, const std::string& what) {
  AtomicOutput out(path, what);
  out.stream() << text;
  out.commit();
}

void checkStandardOutput() {
  std::cout.flush();
  if (std::fflush(stdout) != 0 || std::ferror(stdout) || !std::cout) throw std::runtime_error("cannot write the standard output");
}

void checkOutputPaths(const std::vector<NamedPath>& inputs, const std::vector<NamedPath>& outputs) {
  // The same file: equal device and inode when both exist, else equal canonical paths.
  const auto same = [](const std::string& x, const std::string& y) {
    struct stat a {}, b {};
    if (::stat(x.c_str(), &a) == 0 && ::stat(y.c_str(), &b) == 0) {
      if (!S_ISREG(a.st_mode) && !S_ISDIR(a.st_mode)) return false;  // /dev/null twice is fine
      return a.st_dev == b.st_dev && a.st_ino == b.st_ino;
    }
    std::error_code e1, e2;
    const fs::path cx = fs::weakly_canonical(fs::absolute(x, e1), e1), cy = fs::weakly_canonical(fs::absolute(y, e2), e2);
    return !e1 && !e2 && cx == cy;
  };
  for (size_t i = 0; i < outputs.size(); ++i) {
    const auto& [opt, path] = outputs[i];
    if (path.empty()) throw std::invalid_argument(opt + ": empty file name (leave the option out for no output)");
    std::error_code ec;
    if (fs::is_directory(path, ec)) throw std::invalid_argument(opt + ": " + qname(path) + " is a folder, not a file");
    for (const auto& [iopt, ipath] : inputs) {
      if (!ipath.empty() && same(path, ipath)) {
        throw std::invalid_argument(opt + " " + qname(path) + " is the input " + iopt + ": writing it would destroy the input");
      }
    }
    for (size_t k = 0; k < i; ++k) {
      if (same(path, outputs[k].second)) {
        throw std::invalid_argument(opt + " and " + outputs[k].first + " name the same file " + qname(path));
      }
    }
  }
}

}  // namespace cc
