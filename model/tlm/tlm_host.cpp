#include "cc/tlm_host.h"

#include <algorithm>
#include <cstring>
#include <stdexcept>
#include <string>

#include "cc/tlm_chip.h"

namespace cc::tlm {

using sc_core::sc_time;

namespace {
constexpr size_t kMaxBurst = 4096;  // bytes per PCI burst transaction (then re-arbitrate)
}

HostInitiator::HostInitiator(sc_core::sc_module_name name) : sc_module(name), socket("socket"), inta("inta") {
  socket.register_invalidate_direct_mem_ptr(this, &HostInitiator::invalidate);
  SC_METHOD(onInta);
  sensitive << inta;
  dont_initialize();
  // Accesses run ahead of the kernel by up to one quantum.
  ::tlm::tlm_global_quantum::instance().set(sc_time(1, sc_core::SC_US));
  qk_.reset();
}

void HostInitiator::sync() {
  const sc_time t = qk_.get_local_time();
  if (t != sc_core::SC_ZERO_TIME || sc_core::sc_pending_activity_at_current_time()) sc_core::sc_start(t);
  qk_.reset();
}

void HostInitiator::onInta() {
  if (waiting_ && inta.read()) sc_core::sc_pause();
}

bool HostInitiator::waitInterrupt(const sc_time& max) {
  sync();
  if (inta.read()) return true;
  waiting_ = true;
  sc_core::sc_start(max);
  waiting_ = false;
  return inta.read();
}

void HostInitiator::invalidate(sc_dt::uint64 start, sc_dt::uint64 end) {
  if (dmi_valid_ && start <= dmi_.get_end_address() && end >= dmi_.get_start_address()) dmi_valid_ = false;
}

void HostInitiator::transport(::tlm::tlm_command cmd, uint64_t addr, uint8_t* data, size_t bytes) {
  ::tlm::tlm_generic_payload p;
  p.set_command(cmd);
  p.set_address(addr);
  p.set_data_ptr(data);
  p.set_data_length(static_cast<unsigned>(bytes));
  p.set_streaming_width(static_cast<unsigned>(bytes));
  p.set_byte_enable_ptr(nullptr);
  p.set_dmi_allowed(false);
  p.set_response_status(::tlm::TLM_INCOMPLETE_RESPONSE);
  sc_time delay = qk_.get_local_time();
  const sc_time before = delay;
  socket->b_transport(p, delay);
  bus_time_ += delay - before;
  qk_.set(delay);
  if (p.is_response_error()) {
    char where[32];
    std::snprintf(where, sizeof where, "0x%llx", static_cast<unsigned long long>(addr));
    throw std::runtime_error(std::string("tlm: ") + (cmd == ::tlm::TLM_READ_COMMAND ? "read" : "write") + " of " +
                             std::to_string(bytes) + " bytes at " + where + " failed: " + p.get_response_string());
  }
  const bool covered = dmi_valid_ && addr >= dmi_.get_start_address() && addr <= dmi_.get_end_address();
  if (p.is_dmi_allowed() && !covered) {
    p.set_address(addr);
    dmi_valid_ = socket->get_direct_mem_ptr(p, dmi_);
  }
  if (qk_.need_sync()) sync();
}

void HostInitiator::write32(uint64_t addr, uint32_t value) {
  transport(::tlm::TLM_WRITE_COMMAND, addr, reinterpret_cast<uint8_t*>(&value), 4);
}

void HostInitiator::writeWords(uint64_t addr, const uint32_t* values, size_t n) {
  for (size_t done = 0; done < n; done += kPciBurstWords) {  // the host bridge's transactions
    const size_t chunk = std::min<size_t>(n - done, kPciBurstWords);
    auto* data = reinterpret_cast<uint8_t*>(const_cast<uint32_t*>(values + done));  // TLM payloads are non-const
    transport(::tlm::TLM_WRITE_COMMAND, addr + 4 * done, data, 4 * chunk);
  }
}

uint32_t HostInitiator::read32(uint64_t addr) {
  uint32_t v = 0;
  transport(::tlm::TLM_READ_COMMAND, addr, reinterpret_cast<uint8_t*>(&v), 4);
  return v;
}

// One PCI burst: through the DMI pointer when it covers the range (charging the DMI
// latency per word plus the burst set-up), else through b_transport.
void HostInitiator::block(::tlm::tlm_command cmd, uint64_t addr, uint8_t* data, size_t n) {
  const bool rd = cmd == ::tlm::TLM_READ_COMMAND;
  if (dmi_valid_ && addr >= dmi_.get_start_address() && addr + n - 1 <= dmi_.get_end_address() &&
      (rd ? dmi_.is_read_allowed() : dmi_.is_write_allowed())) {
    uint8_t* mem = dmi_.get_dmi_ptr() + (addr - dmi_.get_start_address());
    if (rd) std::memcpy(data, mem, n); else std::memcpy(mem, data, n);
    const sc_time word = rd ? dmi_.get_read_latency() : dmi_.get_write_latency();
    const sc_time cost = word * static_cast<double>(pciBurstClocks(rd, n));
    qk_.inc(cost);
    bus_time_ += cost;
    ++dmi_accesses_;
    if (qk_.need_sync()) sync();
    return;
  }
  transport(cmd, addr, data, n);
}

void HostInitiator::write(uint64_t addr, const void* data, size_t bytes) {
  auto* p = static_cast<uint8_t*>(const_cast<void*>(data));  // TLM payloads are non-const
  while (bytes > 0) {
    const size_t n = std::min(bytes, kMaxBurst - (addr % kMaxBurst));
    block(::tlm::TLM_WRITE_COMMAND, addr, p, n);
    addr += n;
    p += n;
    bytes -= n;
  }
}

void HostInitiator::read(uint64_t addr, void* data, size_t bytes) {
  auto* p = static_cast<uint8_t*>(data);
  while (bytes > 0) {
    const size_t n = std::min(bytes, kMaxBurst - (addr % kMaxBurst));
    block(::tlm::TLM_READ_COMMAND, addr, p, n);
    addr += n;
    p += n;
    bytes -= n;
  }
}

}  // namespace cc::tlm
