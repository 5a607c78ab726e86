#pragma once
// The Problems dock: what core::validateModel found, one line per
// diagnostic ("R1.p: not connected"). Clicking one asks to show its block
// (inner blocks of subsystems are named "Sub1/R1").

#include <vector>

#include <QWidget>

#include "model/diagnostic.h"

class QLabel;
class QListWidget;

namespace kelvin::gui {

class DiagnosticsWidget : public QWidget {
  Q_OBJECT

 public:
  explicit DiagnosticsWidget(QWidget* parent = nullptr);

  void setDiagnostics(const std::vector<core::Diagnostic>& diagnostics);
  QListWidget* list() const { return list_; }

 signals:
  /// The user picked a diagnostic that names `blockPath` ("R1", "Sub1/R1").
  void blockRequested(const QString& blockPath);

 private:
  QLabel* summary_;
  QListWidget* list_;
};

}  // namespace kelvin::gui
