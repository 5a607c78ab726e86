#pragma once
// SIGINT and SIGTERM end kelvin-cli cleanly: the handler removes every
// temporary output file still registered here, says so on stderr and exits
// 128 + signal (130, 143). Registration is async-signal-safe to read.

#include <string>

#include <csignal>

namespace kelvin::cli {

/// Installs the handlers for SIGINT and SIGTERM (once, at start-up).
void installInterruptCleanup();

/// Remembers `path` for removal on a signal; returns a slot for forgetTemporary,
/// or -1 when every slot is taken (the file is then only removed normally).
int rememberTemporary(const std::string& path);

/// Forgets the slot (the file was renamed or removed).
void forgetTemporary(int slot);

/// Holds SIGINT and SIGTERM back from the calling thread while it lives; one
/// that arrives meanwhile is handled when it ends. Creating a temporary file
/// and remembering it happen under one, so that a signal never finds the file
/// made and not yet remembered (it would stay behind).
class InterruptsHeld {
 public:
  InterruptsHeld();
  ~InterruptsHeld();
  InterruptsHeld(const InterruptsHeld&) = delete;
  InterruptsHeld& operator=(const InterruptsHeld&) = delete;

 private:
  sigset_t previous_;
};

}  // namespace kelvin::cli
