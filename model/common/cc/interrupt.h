// SIGINT and SIGTERM for every tool: a run ends cleanly. After installInterruptHandlers()
// the first signal only sets a flag; a tool's run loop polls interrupted() between queries,
// stops, writes the outputs of the queries it finished (complete files, cc/atomic_output.h)
// and exits with interruptExitCode() (128 + the signal, as a shell reports a killed
// process). Objects are destroyed on the way out, so a traced rtl run's waveform is closed.
// A second signal ends the process at once: the temporaries of uncommitted outputs are
// removed first (their targets stay as they were) and the signal is raised again.
// A tool without a loop to poll passes poll = false: then the first signal does that.
#pragma once

namespace cc {

void installInterruptHandlers(bool poll = true);
bool interrupted();
int interruptSignal();    // the signal received, 0 if none
int interruptExitCode();  // 128 + interruptSignal()

// Used by AtomicOutput: temporaries the handler removes when the process is ended at once.
void registerTemporary(const char* path);
void unregisterTemporary(const char* path);

}  // namespace cc
