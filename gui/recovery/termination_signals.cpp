#include "recovery/termination_signals.h"

#include <fcntl.h>
#include <sys/socket.h>
#include <unistd.h>

#include <csignal>

#include <QSocketNotifier>

#include <spdlog/spdlog.h>

namespace kelvin::gui {

namespace {

int pipeEnds[2] = {-1, -1};  // [0] read by the notifier, [1] written by the handler
constexpr int kSignals[] = {SIGTERM, SIGHUP};

extern "C" void onTerminationSignal(int signal) {
  const char byte = static_cast<char>(signal);
  [[maybe_unused]] const ssize_t n = ::write(pipeEnds[1], &byte, 1);
}

}  // namespace

TerminationSignals::TerminationSignals(QObject* parent) : QObject(parent) {
  if (::socketpair(AF_UNIX, SOCK_STREAM | SOCK_CLOEXEC, 0, pipeEnds) != 0) {
    spdlog::warn("no handler for SIGTERM: socketpair failed");
    return;
  }
  ::fcntl(pipeEnds[1], F_SETFL, O_NONBLOCK);  // a burst of signals never blocks the handler
  notifier_ = new QSocketNotifier(pipeEnds[0], QSocketNotifier::Read, this);
  connect(notifier_, &QSocketNotifier::activated, this, &TerminationSignals::readPipe);
  struct sigaction action = {};
  action.sa_handler = onTerminationSignal;
  sigemptyset(&action.sa_mask);
  action.sa_flags = SA_RESTART;
  for (int signal : kSignals) ::sigaction(signal, &action, nullptr);
}

TerminationSignals::~TerminationSignals() {
  if (!notifier_) return;
  struct sigaction action = {};
  action.sa_handler = SIG_DFL;
  sigemptyset(&action.sa_mask);
  for (int signal : kSignals) ::sigaction(signal, &action, nullptr);
  delete notifier_;
  ::close(pipeEnds[0]);
  ::close(pipeEnds[1]);
  pipeEnds[0] = pipeEnds[1] = -1;
}

void TerminationSignals::readPipe() {
  char byte = 0;
  if (::read(pipeEnds[0], &byte, 1) == 1) Q_EMIT received(static_cast<int>(byte));
}

}  // namespace kelvin::gui
