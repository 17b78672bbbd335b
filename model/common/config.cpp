#include "cc/config.h"

#include <stdexcept>

namespace cc {

std::vector<std::string> configNames() { return {"paper", "small"}; }

ChipConfig namedConfig(const std::string& name) {
  ChipConfig c;
  if (name == "paper") return c;
  if (name == "small") {
    c.name = "small";
    c.list_words = 256;
    c.stack_frames = 8;
    return c;
  }
  std::string known;
  for (const auto& n : configNames()) known += (known.empty() ? "" : ", ") + n;
  throw std::invalid_argument("unknown configuration '" + name + "' (known: " + known + ")");
}

}  // namespace cc
