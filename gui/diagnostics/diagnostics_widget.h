#pragma once
// The Problems dock: what core::validateModel found, one line per
// diagnostic ("R1.p: not connected") with the icon of its severity (an
// error, a warning, or information such as "M.b: free end: ..."), and below them the warnings and errors
// logged while the model runs (fed by an spdlog sink, with their time, e.g. a
// solver failure "12:01:02.345 error Y: solver failed at t = 0.3 s: ...").
// Clicking a line asks to show the blocks it names (inner blocks of
// subsystems are named "Sub1/R1").

#include <functional>
#include <memory>
#include <vector>

#include <QStringList>
#include <QWidget>

#include "model/diagnostic.h"

class QLabel;
class QListWidget;

namespace kelvin::gui {

class LogSink;

class DiagnosticsWidget : public QWidget {
  Q_OBJECT

 public:
  /// Finds the block paths a log line names; the widget lists logged warnings and errors
  /// from its construction on (create and destroy it on the GUI thread).
  using BlockFinder = std::function<QStringList(const QString& text)>;

  explicit DiagnosticsWidget(QWidget* parent = nullptr);
  ~DiagnosticsWidget() override;

  /// Replaces the validation problems (logged messages stay).
  void setDiagnostics(const std::vector<core::Diagnostic>& diagnostics);
  void setBlockFinder(BlockFinder finder) { blockFinder_ = std::move(finder); }
  /// Adds a logged message (level: spdlog level) naming `blocks`.
  void addLogMessage(int level, const QString& text);
  /// Forgets the logged messages (a new run begins).
  void clearLogMessages();
  QListWidget* list() const { return list_; }
  /// The item data role holding a validation line's core::Severity (as int).
  static constexpr int kSeverityRole = Qt::UserRole + 3;

 Q_SIGNALS:
  /// The user picked a line that names `blockPaths` ("R1", "Sub1/R1"); never empty.
  void blocksRequested(const QStringList& blockPaths);

 private:
  void removeItems(int kind);

  QLabel* summary_;
  QListWidget* list_;
  std::shared_ptr<LogSink> sink_;
  BlockFinder blockFinder_;
};

}  // namespace kelvin::gui
