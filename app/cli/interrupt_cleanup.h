#pragma once
// SIGINT and SIGTERM end kelvin-cli cleanly: the handler removes every
// temporary output file still registered here, says so on stderr and exits
// 128 + signal (130, 143). Registration is async-signal-safe to read.

#include <string>

namespace kelvin::cli {

/// Installs the handlers for SIGINT and SIGTERM (once, at start-up).
void installInterruptCleanup();

/// Remembers `path` for removal on a signal; returns a slot for forgetTemporary,
/// or -1 when every slot is taken (the file is then only removed normally).
int rememberTemporary(const std::string& path);

/// Forgets the slot (the file was renamed or removed).
void forgetTemporary(int slot);

}  // namespace kelvin::cli
