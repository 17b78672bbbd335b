// The driver's choice of backend: the device a query runs on, by name.
#pragma once
#include <memory>
#include <string>

#include "cc/config.h"
#include "cc/device.h"

namespace cc {

// Backend names accepted by makeDevice (and by `collide --backend`); another name is
// rejected with a clear message.
std::unique_ptr<Device> makeDevice(const std::string& backend, const ChipConfig& config);

}  // namespace cc
