// Scopes belong to their model. After F5 on rc_lowpass its scope shows the
// capacitor voltage; File ▸ New closes it and frees the run's data; opening
// thermal_rc (whose scope block is also named "Scope") and pressing F5 gives
// a new scope on that model's signals, never the old one. A scope added from
// Simulation ▸ New Scope comes to the front. The results layout (the splitter
// between canvas and results, dragged by the user) is remembered per model.

#include <QPointer>
#include <QSplitter>
#include <QSplitterHandle>

#include "e2e_fixture.h"
#include "scopes/run_history.h"
#include "scopes/run_result.h"

using kelvin::e2e::App;

namespace {

/// Presses the left button at `from` on `widget`, moves by `by` in two steps and releases.
void dragBy(QWidget* widget, QPoint from, QPoint by) {
  auto send = [widget](QEvent::Type type, QPoint at, Qt::MouseButton button, Qt::MouseButtons buttons) {
    QMouseEvent event(type, at, widget->mapToGlobal(at), button, buttons, Qt::NoModifier);
    QCoreApplication::sendEvent(widget, &event);
  };
  send(QEvent::MouseButtonPress, from, Qt::LeftButton, Qt::LeftButton);
  send(QEvent::MouseMove, from + by / 2, Qt::NoButton, Qt::LeftButton);
  send(QEvent::MouseMove, from + by, Qt::NoButton, Qt::LeftButton);
  send(QEvent::MouseButtonRelease, from + by, Qt::LeftButton, Qt::NoButton);
}

QSplitter* workspace(kelvin::gui::MainWindow& window) {
  return window.findChild<QSplitter*>(QStringLiteral("workspace"));
}

}  // namespace

class TestE2eModelScopes : public QObject {
  Q_OBJECT

 private Q_SLOTS:
  void initTestCase() {
    QVERIFY(suite_.isReady());
  }

  void newAndOpenCloseTheScopes() {
    App app(suite_.registry());
    kelvin::gui::MainWindow& window = app.window();
    QVERIFY(app.openExample("rc_lowpass.kelvin"));
    QVERIFY(app.runToTheEnd());
    QPointer<kelvin::gui::ScopeWindow> old = app.scope(QStringLiteral("Scope"));
    QVERIFY(old);
    QCOMPARE(old->scope()->shownSignals(), QStringList{QStringLiteral("VC.y")});
    QPointer<kelvin::gui::RunResult> run = window.simulation()->history()->current();
    QVERIFY(run);

    // File ▸ New (Ctrl+N): the scope and the run's data go.
    QCOMPARE(window.action(QStringLiteral("new"))->shortcut(), QKeySequence(QKeySequence::New));
    app.press(Qt::Key_N, Qt::ControlModifier);
    QTRY_VERIFY(old.isNull());
    QVERIFY(run.isNull());
    QVERIFY(app.scopes().isEmpty());
    QVERIFY(!window.results()->isVisible());
    QVERIFY(window.simulation()->history()->runs().empty());

    // Another model with a "Scope" of its own: a new scope, on its own signals.
    QVERIFY(app.openExample("thermal_rc.kelvin"));
    QVERIFY(app.scopes().isEmpty());
    QVERIFY(app.runToTheEnd());
    kelvin::gui::ScopeWindow* scope = app.scope(QStringLiteral("Scope"));
    QVERIFY(scope);
    QVERIFY(!scope->scope()->shownSignals().isEmpty());
    QVERIFY(!scope->scope()->shownSignals().contains(QStringLiteral("VC.y")));
    QCOMPARE(window.simulation()->history()->runs().size(), std::size_t(1));

    // Simulation ▸ New Scope: the new tab is the one in front.
    kelvin::e2e::chooseMenuItem(window, QStringLiteral("Simulation"), QStringLiteral("New Scope"));
    kelvin::gui::ScopeWindow* added = app.scope(QStringLiteral("Signals 1"));
    QVERIFY(added);
    QTRY_VERIFY(added->isVisible() && !added->visibleRegion().isEmpty());
    QVERIFY(scope->visibleRegion().isEmpty());  // behind it, one tab away
  }

  void layoutIsRememberedPerModel() {
    App app(suite_.registry());
    kelvin::gui::MainWindow& window = app.window();
    QVERIFY(app.openExample("rc_lowpass.kelvin"));
    QVERIFY(app.runToTheEnd());
    QSplitter* splitter = workspace(window);
    QVERIFY(splitter);
    const int canvasBefore = splitter->sizes().at(0);
    // Drag the handle between canvas and results 100 px up: a taller plot.
    QSplitterHandle* handle = splitter->handle(1);
    QVERIFY(handle->isVisible());
    const QPoint grip = handle->rect().center();
    dragBy(handle, grip, QPoint(0, -100));
    qInfo("canvas %d px high before the drag, %d after", canvasBefore, splitter->sizes().at(0));
    QTRY_VERIFY(splitter->sizes().at(0) < canvasBefore - 50);
    const QList<int> dragged = splitter->sizes();

    // Another model: its own default layout…
    QVERIFY(app.openExample("thermal_rc.kelvin"));
    QVERIFY(app.runToTheEnd());
    QVERIFY2(std::abs(splitter->sizes().at(0) - canvasBefore) <= 2, qPrintable(QString::number(splitter->sizes().at(0))));
    // …and back to rc_lowpass: the layout the user left there.
    QVERIFY(app.openExample("rc_lowpass.kelvin"));
    QVERIFY(app.runToTheEnd());
    // The canvas keeps the height it was dragged to; the centre itself may differ by a pixel or
    // two between the two moments (the status bar's message), which the results pane absorbs.
    QVERIFY2(std::abs(splitter->sizes().at(0) - dragged.at(0)) <= 3,
             qPrintable(QStringLiteral("%1 vs %2").arg(splitter->sizes().at(0)).arg(dragged.at(0))));
  }

 private:
  kelvin::e2e::Suite suite_;
};

QTEST_MAIN(TestE2eModelScopes)
#include "tst_e2e_model_scopes.moc"
