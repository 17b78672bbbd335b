// SIGINT, SIGTERM, SIGHUP, SIGQUIT and SIGPIPE for every tool: a run ends cleanly. After installInterruptHandlers()
// the first signal sets a flag (and says so on stderr); a tool's run loop polls interrupted() between queries,
// stops, writes the outputs of the queries it finished (complete files, cc/atomic_output.h)
// and exits with interruptExitCode() (128 + the signal, as a shell reports a killed
// process). Objects are destroyed on the way out, so a traced rtl run's waveform is closed.
// A second signal ends the process at once: the temporaries of uncommitted outputs are
// removed first (their targets stay as they were) and the signal is raised again. While a
// file that is unreadable unless closed is open (a traced rtl run's waveform: holdExit()),
// the process ends only when it is closed: a second (third, ...) signal then prints that it
// waits and sets exitPending(); the file's owner polls that, closes the file and calls
// releaseExit(), which ends the process as the signal would have.
// A tool without a loop to poll passes poll = false: then the first signal does that.
#pragma once

namespace cc {

void installInterruptHandlers(bool poll = true);
bool interrupted();
int interruptSignal();    // the signal received, 0 if none
int interruptExitCode();  // 128 + interruptSignal()

// A file that must be closed before the process may end (nested holds count).
void holdExit();
void releaseExit();  // the last release ends the process if a signal asked for it meanwhile
bool exitPending();  // a signal asked to end the process while held

// Used by AtomicOutput: temporaries the handler removes when the process is ended at once.
void registerTemporary(const char* path);
void unregisterTemporary(const char* path);

}  // namespace cc
