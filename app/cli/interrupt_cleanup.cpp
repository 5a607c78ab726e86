#include "cli/interrupt_cleanup.h"

#include <atomic>
#include <csignal>
#include <cstring>

#include <pthread.h>
#include <unistd.h>

namespace kelvin::cli {

namespace {

// A command writes at most one output file; a few slots leave room.
constexpr int kSlots = 4;
constexpr std::size_t kPathMax = 4096;

struct Slot {
  std::atomic<bool> used{false};
  char path[kPathMax] = {};
};

Slot slots[kSlots];

void onSignal(int signal) {
  for (Slot& slot : slots)
    if (slot.used.load()) ::unlink(slot.path);
  const char* message = signal == SIGINT ? "kelvin-cli: interrupted (SIGINT); no output written\n"
                                         : "kelvin-cli: terminated (SIGTERM); no output written\n";
  [[maybe_unused]] const ssize_t written = ::write(STDERR_FILENO, message, std::strlen(message));
  ::_exit(128 + signal);
}

sigset_t interruptSignals() {
  sigset_t set;
  sigemptyset(&set);
  sigaddset(&set, SIGINT);
  sigaddset(&set, SIGTERM);
  return set;
}

}  // namespace

void installInterruptCleanup() {
  struct sigaction action {};
  action.sa_handler = onSignal;
  action.sa_mask = interruptSignals();
  ::sigaction(SIGINT, &action, nullptr);
  ::sigaction(SIGTERM, &action, nullptr);
}

int rememberTemporary(const std::string& path) {
  if (path.size() >= kPathMax) return -1;
  for (int i = 0; i < kSlots; ++i) {
    if (slots[i].used.load()) continue;
    std::memcpy(slots[i].path, path.c_str(), path.size() + 1);
    slots[i].used.store(true);  // after the path: the handler never sees half a name
    return i;
  }
  return -1;
}

void forgetTemporary(int slot) {
  if (slot >= 0 && slot < kSlots) slots[slot].used.store(false);
}

InterruptsHeld::InterruptsHeld() {
  const sigset_t held = interruptSignals();
  pthread_sigmask(SIG_BLOCK, &held, &previous_);
}

InterruptsHeld::~InterruptsHeld() { pthread_sigmask(SIG_SETMASK, &previous_, nullptr); }

}  // namespace kelvin::cli
