#pragma once
// Writes what a scope shows: the plot as PNG, SVG or PDF (chosen by the file's
// suffix), or the full-resolution data of its current run as CSV, read from the run's file on disk
// (`time,<signal>...`, plus `<signal>.sigma` for a signal with noise). Files are
// written to a temporary file and renamed, so a failed export leaves no half file.

#include <QCoreApplication>
#include <QString>

namespace kelvin::gui {

class ScopeWidget;

class ScopeExporter {
  Q_DECLARE_TR_FUNCTIONS(ScopeExporter)

 public:
  /// Returns false and sets *error when the file cannot be written or the suffix is unknown.
  static bool saveImage(const ScopeWidget& scope, const QString& path, QString* error);
  static bool saveCsv(const ScopeWidget& scope, const QString& path, QString* error);
};

}  // namespace kelvin::gui
