#pragma once
// A scope in its own dock (dockable or floating): a ScopeWidget under a tool
// bar with the signal chooser, autoscale, zoom axes, log axes, overlay of the previous run,
// cursors, the band's k and the noisy realisation (for runs with the noise envelope) and export (PNG/SVG/PDF, CSV).

#include <QDockWidget>
#include <QList>

class QAction;
class QToolBar;

namespace kelvin::gui {

class RunHistory;
class ScopeWidget;
class SignalChooser;

class ScopeWindow : public QDockWidget {
  Q_OBJECT

 public:
  /// `title` names the scope ("Scope1"); `history` must outlive the window.
  ScopeWindow(const QString& title, RunHistory* history, QWidget* parent = nullptr);

  ScopeWidget* scope() const { return scope_; }
  QToolBar* toolBar() const { return toolBar_; }
  /// The list behind the tool bar's Signals button (filled each time it opens).
  SignalChooser* signalChooser() const { return chooser_; }

 private:
  void addSignalChooser();
  /// The band's k and the noisy-trace toggle, shown only while the current run has the noise envelope.
  void addNoiseControls(RunHistory* history);
  /// A checkable tool bar action named `name` that calls `slot` of the scope when toggled.
  QAction* addToggle(const QString& name, const QString& text, bool checked, void (ScopeWidget::*slot)(bool));
  void exportImage();
  void exportCsv();

  ScopeWidget* scope_;
  QToolBar* toolBar_;
  SignalChooser* chooser_;
  QList<QAction*> noiseControls_;
};

}  // namespace kelvin::gui
