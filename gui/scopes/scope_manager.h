#pragma once
// Opens and keeps the scope windows of the current model: one per Scope block
// (all of them when a run starts, or one on a double-click; its traces are the
// signals wired into it, re-read at each run) and free scopes from the
// Simulation menu showing the first ScopeWidget::kDefaultTraceCount recorded
// signals (the tool bar's chooser adds others). The windows go to the
// ResultsArea, in front of the others. When the model is replaced the area
// closes them; a scope is never reused for another model.

#include <QMap>
#include <QObject>
#include <QPointer>

namespace kelvin::gui {

class ModelDocument;
class ResultsArea;
class RunHistory;
class ScopeWindow;

class ScopeManager : public QObject {
  Q_OBJECT

 public:
  /// `document` and `history` must outlive the manager; the windows are children of `area`.
  ScopeManager(ModelDocument* document, RunHistory* history, ResultsArea* area);

  /// Shows (creating if needed) the scope of the Scope block at `scopePath` ("Scope", "Sub1/Scope").
  ScopeWindow* openScope(const QString& scopePath);
  /// Shows the scope of every Scope block of the model (a run is starting).
  void openModelScopes();
  /// Opens a new scope showing the run's first signals (ScopeWidget::kDefaultTraceCount).
  ScopeWindow* openSignalsScope();
  /// The window of the Scope block at `scopePath`, or nullptr.
  ScopeWindow* scopeOf(const QString& scopePath) const;

 private:
  ScopeWindow* addWindow(const QString& title);
  void rereadTraces();

  ModelDocument* document_;
  RunHistory* history_;
  ResultsArea* area_;
  QMap<QString, QPointer<ScopeWindow>> blockScopes_;
  int freeScopes_ = 0;
};

}  // namespace kelvin::gui
