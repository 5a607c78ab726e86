#pragma once
// The Problems dock: the current model's problems and nothing else, one row
// per diagnostic ("R1.p: not connected") with the icon of its severity (an
// error, a warning, or information such as "M.b: free end: ..."), each with its
// full message (rows wrap; the tooltip repeats it). What fills it: a check of
// the model (core::checkModel: Validate, opening a file), a Run refused by it,
// or the diagnostics of a run that failed. Each of these replaces the rows, so
// the count above them always matches. Log lines stay in the Log.
// Clicking a row asks to show the blocks it names (inner blocks of subsystems
// are named "Sub1/R1").

#include <functional>
#include <vector>

#include <QStringList>
#include <QWidget>

#include "model/diagnostic.h"

class QLabel;
class QListWidget;

namespace kelvin::gui {

class DiagnosticsWidget : public QWidget {
  Q_OBJECT

 public:
  /// Finds the block paths a message names besides its own block ("… V1 and V2 in parallel").
  using BlockFinder = std::function<QStringList(const QString& text)>;

  explicit DiagnosticsWidget(QWidget* parent = nullptr);

  /// Replaces the rows by `diagnostics`, the outcome of a check of the model.
  void setDiagnostics(const std::vector<core::Diagnostic>& diagnostics);
  /// Replaces the rows by the diagnostics of a run that failed (`summary` says how).
  void setRunFailure(const std::vector<core::Diagnostic>& diagnostics);
  /// Empties the rows while a check is under way.
  void showChecking();
  /// Empties the rows: a new model, or a run starting.
  void clear();
  void setBlockFinder(BlockFinder finder) { blockFinder_ = std::move(finder); }
  QListWidget* list() const { return list_; }
  /// The item data role holding a row's core::Severity (as int).
  static constexpr int kSeverityRole = Qt::UserRole + 3;
  /// The line above the rows ("2 problems found…", "✓ No problems found…").
  QString summary() const;

 Q_SIGNALS:
  /// The user picked a line that names `blockPaths` ("R1", "Sub1/R1"); never empty.
  void blocksRequested(const QStringList& blockPaths);

 private:
  void fill(const std::vector<core::Diagnostic>& diagnostics);
  void setSummary(const QString& text, const QString& color);

  QLabel* summary_;
  QListWidget* list_;
  BlockFinder blockFinder_;
};

}  // namespace kelvin::gui
