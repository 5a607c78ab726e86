#pragma once
// Opens and keeps the scope windows of a main window: one per Scope block
// (double-click on it; its traces are the signals wired into it, re-read at
// each run) and free scopes from the Simulation menu showing the first
// ScopeWidget::kDefaultTraceCount recorded signals (the tool bar's chooser
// adds others). The windows dock in the host window or float.

#include <QMap>
#include <QObject>
#include <QPointer>

class QMainWindow;

namespace kelvin::gui {

class ModelDocument;
class RunHistory;
class ScopeWindow;

class ScopeManager : public QObject {
  Q_OBJECT

 public:
  /// `document` and `history` must outlive the manager; the windows are children of `host`.
  ScopeManager(ModelDocument* document, RunHistory* history, QMainWindow* host);

  /// Shows (creating if needed) the scope of the Scope block at `scopePath` ("Scope", "Sub1/Scope").
  ScopeWindow* openScope(const QString& scopePath);
  /// Opens a new scope showing the run's first signals (ScopeWidget::kDefaultTraceCount).
  ScopeWindow* openSignalsScope();
  /// The window of the Scope block at `scopePath`, or nullptr.
  ScopeWindow* scopeOf(const QString& scopePath) const;

 private:
  ScopeWindow* addWindow(const QString& title);
  void rereadTraces();

  ModelDocument* document_;
  RunHistory* history_;
  QMainWindow* host_;
  QMap<QString, QPointer<ScopeWindow>> blockScopes_;
  int freeScopes_ = 0;
};

}  // namespace kelvin::gui
