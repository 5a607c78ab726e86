#include "scopes/scope_manager.h"

#include <QMainWindow>

#include "document/model_document.h"
#include "document/scope_wiring.h"
#include "scopes/run_history.h"
#include "scopes/run_result.h"
#include "scopes/scope_widget.h"
#include "scopes/scope_window.h"

namespace kelvin::gui {

ScopeManager::ScopeManager(ModelDocument* document, RunHistory* history, QMainWindow* host)
    : QObject(host), document_(document), history_(history), host_(host) {
  // Wiring may have changed since a scope was opened: each run shows what is wired now.
  connect(history_, &RunHistory::runAdded, this, &ScopeManager::rereadTraces);
}

ScopeWindow* ScopeManager::scopeOf(const QString& scopePath) const { return blockScopes_.value(scopePath); }

ScopeWindow* ScopeManager::openScope(const QString& scopePath) {
  ScopeWindow* window = scopeOf(scopePath);
  if (!window) {
    window = addWindow(scopePath);
    blockScopes_[scopePath] = window;
    window->scope()->setSignals(scopeTraceSignals(document_->model(), scopePath));
  }
  window->show();
  window->raise();
  return window;
}

ScopeWindow* ScopeManager::openSignalsScope() {
  ScopeWindow* window = addWindow(tr("Signals %1").arg(++freeScopes_));
  window->show();
  return window;
}

ScopeWindow* ScopeManager::addWindow(const QString& title) {
  auto* window = new ScopeWindow(title, history_, host_);
  // Dock beside the other scopes when there are some, else along the bottom.
  QList<ScopeWindow*> others = host_->findChildren<ScopeWindow*>();
  others.removeAll(window);
  if (!others.isEmpty() && !others.last()->isFloating()) {
    host_->tabifyDockWidget(others.last(), window);
  } else {
    host_->addDockWidget(Qt::BottomDockWidgetArea, window);
    host_->resizeDocks({window}, {340}, Qt::Vertical);
  }
  return window;
}

void ScopeManager::rereadTraces() {
  for (auto it = blockScopes_.begin(); it != blockScopes_.end(); ++it)
    if (it.value()) it.value()->scope()->setSignals(scopeTraceSignals(document_->model(), it.key()));
}

}  // namespace kelvin::gui
