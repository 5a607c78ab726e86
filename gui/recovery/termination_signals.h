#pragma once
// Turns SIGTERM and SIGHUP (the desktop session ending, `kill`) into a Qt
// signal on the GUI thread, so that the window can write a recovery copy
// before the process exits. The handler itself only writes the signal number
// to a self-pipe (write(2) is async-signal-safe); a QSocketNotifier on the
// other end emits received() from the event loop. One per process.

#include <QObject>

class QSocketNotifier;

namespace kelvin::gui {

class TerminationSignals : public QObject {
  Q_OBJECT

 public:
  /// Installs the handlers (replacing the default action, which ends the process at once).
  explicit TerminationSignals(QObject* parent = nullptr);
  /// Restores the default action.
  ~TerminationSignals() override;

 Q_SIGNALS:
  /// `signal` (SIGTERM or SIGHUP) arrived.
  void received(int signal);

 private:
  void readPipe();

  QSocketNotifier* notifier_ = nullptr;
};

}  // namespace kelvin::gui
