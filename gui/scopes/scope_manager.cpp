#include "scopes/scope_manager.h"

#include "document/model_document.h"
#include "document/scope_wiring.h"
#include "scopes/results_area.h"
#include "scopes/run_history.h"
#include "scopes/run_result.h"
#include "scopes/scope_widget.h"
#include "scopes/scope_window.h"

namespace kelvin::gui {

ScopeManager::ScopeManager(ModelDocument* document, RunHistory* history, ResultsArea* area)
    : QObject(area), document_(document), history_(history), area_(area) {
  // Wiring may have changed since a scope was opened: each run shows what is wired now.
  connect(history_, &RunHistory::runAdded, this, &ScopeManager::rereadTraces);
  // The area closes the old model's windows; the next model starts its own.
  connect(document_, &ModelDocument::modelReset, this, [this] {
    blockScopes_.clear();
    freeScopes_ = 0;
  });
}

ScopeWindow* ScopeManager::scopeOf(const QString& scopePath) const { return blockScopes_.value(scopePath); }

ScopeWindow* ScopeManager::openScope(const QString& scopePath) {
  ScopeWindow* window = scopeOf(scopePath);
  if (!window) {
    window = addWindow(scopePath);
    blockScopes_[scopePath] = window;
    window->scope()->setSignals(scopeTraceSignals(document_->model(), scopePath));
  } else {
    window->show();
    window->raise();
  }
  return window;
}

void ScopeManager::openModelScopes() {
  for (const QString& path : scopeBlockPaths(document_->model())) openScope(path);
}

ScopeWindow* ScopeManager::openSignalsScope() { return addWindow(tr("Signals %1").arg(++freeScopes_)); }

ScopeWindow* ScopeManager::addWindow(const QString& title) {
  auto* window = new ScopeWindow(title, history_, area_);
  area_->addScope(window);
  return window;
}

void ScopeManager::rereadTraces() {
  for (auto it = blockScopes_.begin(); it != blockScopes_.end(); ++it)
    if (it.value()) it.value()->scope()->setSignals(scopeTraceSignals(document_->model(), it.key()));
}

}  // namespace kelvin::gui
