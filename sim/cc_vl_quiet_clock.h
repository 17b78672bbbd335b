// A Verilated model's core clock set low without evaluating the model
// (PciBinding::core_clk_low_quiet). Verilator 5 finds a rising edge by comparing the clock
// input with the value it saw at the model's last evaluation (`__Vtrigrprev__TOP__clk_i`);
// setting both low lets the next evaluation see the clock rise, as if the falling edge had
// been evaluated. That is equivalent only for a model with no logic on the falling edge and
// whose inputs are taken again at the next evaluation (the chip and the PCI test bench: every
// process is `posedge clk_i`; the input logic runs at every evaluation). A Verilator that
// keeps the value under another name gets no function: every falling edge is evaluated.
#pragma once
#include <functional>
#include <type_traits>
#include <utility>

namespace cc::sim {

template <class Root, class = void>
struct KeepsClockTrigger : std::false_type {};
template <class Root>
struct KeepsClockTrigger<Root, std::void_t<decltype(std::declval<Root&>().__Vtrigrprev__TOP__clk_i)>>
    : std::true_type {};

template <class Top>
std::function<void()> quietCoreClockLow(Top* top) {
  using Root = std::remove_pointer_t<decltype(top->rootp)>;
  if constexpr (KeepsClockTrigger<Root>::value) {
    return [top] {
      top->clk_i = 0;
      top->rootp->__Vtrigrprev__TOP__clk_i = 0;
    };
  } else {
    return {};
  }
}

}  // namespace cc::sim
