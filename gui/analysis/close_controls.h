#pragma once
// What every analysis window offers to be closed from inside: a row of
// buttons at the bottom ending with Close, and Escape. Closing hides the
// window at once, whatever it is computing: the computation is cancelled and a
// result that arrives later is dropped (AnalysisLauncher, FrequencyWindow).

class QBoxLayout;
class QHBoxLayout;
class QWidget;

namespace kelvin::gui {

/// Adds to `layout` (the window's main layout) a button row — a stretch, then Close — and
/// an Escape shortcut on `window`. Returns the row: windows insert their own buttons before
/// Close with insertWidget(count() - 1, ...).
QHBoxLayout* addCloseControls(QWidget* window, QBoxLayout* layout);

}  // namespace kelvin::gui
