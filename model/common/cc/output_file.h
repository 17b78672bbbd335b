// A file a tool or model writes because an environment variable or option named it
// (traces, timelines, profiles): opened when the run is set up, so a bad path fails at
// once rather than after a long simulation, and closed with its owner.
#pragma once
#include <cstdio>
#include <memory>
#include <stdexcept>
#include <string>

namespace cc {

struct FileCloser {
  void operator()(std::FILE* f) const { std::fclose(f); }
};
using OutputFile = std::unique_ptr<std::FILE, FileCloser>;

// `what` names the file in the error (e.g. the environment variable).
inline OutputFile openForWriting(const std::string& path, const std::string& what) {
  OutputFile f(std::fopen(path.c_str(), "w"));
  if (!f) throw std::runtime_error(what + ": cannot write " + path);
  return f;
}

}  // namespace cc
