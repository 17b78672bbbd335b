#include "cc/tlm_chip.h"

#include <cstring>

#include "cc/regmap.h"

namespace cc::tlm {

using ::tlm::tlm_generic_payload;
using sc_core::sc_time;

ChipModel::ChipModel(sc_core::sc_module_name name) : sc_module(name), socket("socket"), inta("inta") {
  socket.register_b_transport(this, &ChipModel::b_transport);
  socket.register_get_direct_mem_ptr(this, &ChipModel::get_direct_mem_ptr);
  socket.register_transport_dbg(this, &ChipModel::transport_dbg);
  SC_METHOD(updateInta);
  sensitive << done_ev_ << reg_ev_;
}

void ChipModel::attach(TlmBoard* board) {
  board_ = board;
  socket->invalidate_direct_mem_ptr(0, ~0ull);
  reg_ev_.notify(sc_core::SC_ZERO_TIME);
}

sc_time ChipModel::period() const { return sc_time(1000.0 / board_->cfg.core_mhz, sc_core::SC_NS); }
sc_time ChipModel::pciClocks(uint64_t n) const {
  return sc_time(static_cast<double>(n) * 1000.0 / board_->cfg.pci_mhz, sc_core::SC_NS);
}

void ChipModel::updateInta() {
  const sc_time now = sc_core::sc_time_stamp();
  inta.write(board_ != nullptr && !board_->busy(now) && board_->chip.interruptAsserted());
}

void ChipModel::b_transport(tlm_generic_payload& p, sc_time& delay) {
  if (board_ == nullptr) {
    p.set_response_status(::tlm::TLM_GENERIC_ERROR_RESPONSE);
    return;
  }
  const uint64_t a = p.get_address();
  if (a >= kBar1Base && a - kBar1Base + p.get_data_length() <= kBar1Bytes) {
    memoryAccess(p);
    if (p.is_response_ok()) {
      delay += pciClocks(pciBurstClocks(p.is_read(), p.get_data_length()));
      p.set_dmi_allowed(true);
    }
    return;
  }
  if (a < kBar0Base + regs::BAR0_BYTES) {
    registerAccess(p, sc_core::sc_time_stamp() + delay);
    if (p.is_response_ok()) delay += pciClocks(p.is_read() ? kPciReadClocks : pciBurstClocks(false, p.get_data_length()));
    return;
  }
  p.set_response_status(::tlm::TLM_ADDRESS_ERROR_RESPONSE);
}

void ChipModel::registerAccess(tlm_generic_payload& p, const sc_time& now) {
  const uint64_t off = p.get_address() - kBar0Base;
  const uint32_t len = p.get_data_length();
  // BAR0: 32-bit reads one at a time; writes also as a linear burst inside the BAR.
  const bool shape_ok = p.is_read() ? len == 4 : len >= 4 && len % 4 == 0 && off + len <= regs::BAR0_BYTES;
  if (!shape_ok || p.get_streaming_width() < len || off % 4 != 0) {
    p.set_response_status(::tlm::TLM_BURST_ERROR_RESPONSE);
    return;
  }
  if (p.get_byte_enable_ptr() != nullptr) {
    p.set_response_status(::tlm::TLM_BYTE_ENABLE_ERROR_RESPONSE);
    return;
  }
  uint32_t v = 0;
  if (p.is_read()) {
    v = readRegister(static_cast<uint32_t>(off), now);
    std::memcpy(p.get_data_ptr(), &v, 4);
  } else if (p.is_write()) {
    for (uint32_t i = 0; i < len; i += 4) {
      std::memcpy(&v, p.get_data_ptr() + i, 4);
      writeRegister(static_cast<uint32_t>(off + i), v, now);
    }
  }
  p.set_response_status(::tlm::TLM_OK_RESPONSE);
}

uint32_t ChipModel::readRegister(uint32_t off, const sc_time& now) const {
  TlmBoard& b = *board_;
  const bool busy = b.busy(now);
  // The golden model has already finished the query; until its time is up the chip shows
  // what the RTL would: BUSY, no interrupt, the cycle counter running.
  const uint64_t cycles = busy ? static_cast<uint64_t>((now - b.start_at) / period()) : b.cycles;
  switch (off) {
    case regs::STATUS: return busy ? regs::STATUS_BUSY : b.chip.read32(off);
    case regs::IRQ: return busy ? 0u : b.chip.read32(off);
    case regs::CNT_CYCLES_LO: return static_cast<uint32_t>(cycles);
    case regs::CNT_CYCLES_HI: return static_cast<uint32_t>(cycles >> 32);
    default: return b.chip.read32(off);
  }
}

void ChipModel::writeRegister(uint32_t off, uint32_t v, const sc_time& now) {
  TlmBoard& b = *board_;
  // The timing model times CTRL.LEAF_VERTEX as the RTL has it, not LEAF_VERTEX_AND_DOP
  // (golden model only), and LEAF_PLANE on a chip with the plane unit (leaf_plane): the
  // other bits read back 0 here, as on the RTL chip, so the driver sees a chip without them.
  if (off == regs::CTRL) v &= ~(regs::CTRL_LEAF_VERTEX_AND_DOP | (b.cfg.leaf_plane ? 0u : regs::CTRL_LEAF_PLANE));
  const bool start = off == regs::CTRL && (v & regs::CTRL_START);
  if (start && b.busy(now)) {
    b.chip.write32(off, v & ~regs::CTRL_START);  // START while BUSY is ignored, like the RTL
  } else if (start) {
    b.timing.beginQuery(v & regs::CTRL_MODE_FIRST, v & regs::CTRL_LEAF_VERTEX, v & regs::CTRL_LEAF_PLANE);
    b.chip.write32(off, v);  // the whole query, functionally
    b.cycles = b.timing.endQuery();
    b.start_at = now;
    b.done_at = now + period() * static_cast<double>(b.cycles);
    done_ev_.notify(b.done_at - sc_core::sc_time_stamp());
  } else {
    b.chip.write32(off, v);
  }
  reg_ev_.notify(now - sc_core::sc_time_stamp());
}

void ChipModel::memoryAccess(tlm_generic_payload& p) {
  if (p.get_byte_enable_ptr() != nullptr || p.get_streaming_width() < p.get_data_length()) {
    p.set_response_status(::tlm::TLM_BYTE_ENABLE_ERROR_RESPONSE);
    return;
  }
  const uint32_t addr = static_cast<uint32_t>(p.get_address() - kBar1Base);
  if (p.is_read()) board_->mem.read(addr, p.get_data_ptr(), p.get_data_length());
  else if (p.is_write()) board_->mem.write(addr, p.get_data_ptr(), p.get_data_length());
  p.set_response_status(::tlm::TLM_OK_RESPONSE);
}

bool ChipModel::get_direct_mem_ptr(tlm_generic_payload& p, ::tlm::tlm_dmi& dmi) {
  const uint64_t a = p.get_address();
  if (board_ == nullptr || a < kBar1Base || a >= kBar1Base + kBar1Bytes) return false;
  const uint32_t addr = static_cast<uint32_t>(a - kBar1Base);
  const uint64_t page = addr & ~uint64_t{BoardMemory::kPageBytes - 1};
  dmi.set_dmi_ptr(board_->mem.pageData(addr));
  dmi.set_start_address(kBar1Base + page);
  dmi.set_end_address(kBar1Base + page + BoardMemory::kPageBytes - 1);
  dmi.allow_read_write();
  // Per access of one 32-bit word inside a burst (the burst set-up is not paid here).
  dmi.set_read_latency(pciClocks(1));
  dmi.set_write_latency(pciClocks(1));
  return true;
}

unsigned ChipModel::transport_dbg(tlm_generic_payload& p) {
  const uint64_t a = p.get_address();
  if (board_ == nullptr || a < kBar1Base || a - kBar1Base + p.get_data_length() > kBar1Bytes) return 0;
  memoryAccess(p);
  return p.get_data_length();
}

}  // namespace cc::tlm
