#include "cc/interrupt.h"

#include <signal.h>
#include <unistd.h>

#include <atomic>
#include <initializer_list>
#include <cstdlib>
#include <cstring>

namespace cc {

namespace {

std::atomic<int> g_signal{0};
bool g_poll = true;
constexpr int kSlots = 64;
std::atomic<char*> g_temps[kSlots];
std::atomic<int> g_holds{0};
std::atomic<bool> g_exit_pending{false};

void removeTemporaries() {
  for (auto& slot : g_temps) {
    if (char* p = slot.load()) ::unlink(p);  // async-signal-safe
  }
}

void endNow(int sig) {
  removeTemporaries();
  ::signal(sig, SIG_DFL);
  ::raise(sig);
}

void onSignal(int sig) {
  const int before = g_signal.exchange(sig);
  if (before == 0 && g_poll) {  // the run loop stops at its next check
    static const char msg[] = "\ninterrupted: ending after the query in progress (a second signal ends at once)\n";
    (void)!::write(STDERR_FILENO, msg, sizeof msg - 1);  // async-signal-safe
    return;
  }
  // Pending first, holds second: releaseExit() does the opposite, so one of the two ends it.
  g_exit_pending.store(true);
  if (g_holds.load() > 0) {
    static const char msg[] = "\ninterrupted: closing the waveform trace (CC_TRACE) first, then exiting\n";
    (void)!::write(STDERR_FILENO, msg, sizeof msg - 1);  // async-signal-safe
    return;
  }
  endNow(sig);
}

}  // namespace

void installInterruptHandlers(bool poll) {
  g_poll = poll;
  struct sigaction sa {};
  sa.sa_handler = onSignal;
  sigemptyset(&sa.sa_mask);
  sa.sa_flags = SA_RESTART;  // a write or read in progress goes on; the loop checks the flag
  // SIGHUP (the terminal went away), SIGQUIT and SIGPIPE (a reader such as `| head` went
  // away) stop a run the same way: nothing half-written stays behind.
  for (int sig : {SIGINT, SIGTERM, SIGHUP, SIGQUIT, SIGPIPE}) sigaction(sig, &sa, nullptr);
}

void holdExit() { g_holds.fetch_add(1); }

void releaseExit() {
  if (g_holds.fetch_sub(1) == 1 && g_exit_pending.load()) endNow(g_signal.load());
}

bool exitPending() { return g_exit_pending.load(); }

bool interrupted() { return g_signal.load() != 0; }
int interruptSignal() { return g_signal.load(); }
int interruptExitCode() { return 128 + g_signal.load(); }

void registerTemporary(const char* path) {
  char* copy = ::strdup(path);
  for (auto& slot : g_temps) {
    char* expected = nullptr;
    if (slot.compare_exchange_strong(expected, copy)) return;
  }
  std::free(copy);  // more than kSlots open outputs: this one is only removed by its owner
}

void unregisterTemporary(const char* path) {
  for (auto& slot : g_temps) {
    char* p = slot.load();
    if (p && std::strcmp(p, path) == 0 && slot.compare_exchange_strong(p, nullptr)) {
      std::free(p);
      return;
    }
  }
}

}  // namespace cc
