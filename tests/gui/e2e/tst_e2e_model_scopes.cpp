// Scopes belong to their model. After F5 on rc_lowpass its scope shows the
// capacitor voltage; File ▸ New closes it and frees the run's data; opening
// thermal_rc (whose scope block is also named "Scope") and pressing F5 gives
// a new scope on that model's signals, never the old one. A scope added from
// Simulation ▸ New Scope comes to the front. The results layout (the splitter
// between canvas and results, dragged by the user) is remembered per model.

#include <QMenuBar>
#include <QPointer>
#include <QSplitter>
#include <QSplitterHandle>

#include "e2e_fixture.h"
#include "gui/gui_test_support.h"
#include "scopes/run_history.h"
#include "scopes/run_result.h"

using kelvin::e2e::App;

namespace {

/// Opens a menu of the menu bar by clicking its title, then clicks the item `text` (without '&').
void chooseMenuItem(kelvin::gui::MainWindow& window, const QString& menu, const QString& item) {
  QMenuBar* bar = window.menuBar();
  QAction* title = nullptr;
  for (QAction* a : bar->actions())
    if (a->text().remove(QLatin1Char('&')) == menu) title = a;
  QVERIFY2(title && title->menu(), qPrintable(menu));
  QTest::mouseClick(bar, Qt::LeftButton, {}, bar->actionGeometry(title).center());
  QMenu* popup = title->menu();
  QTRY_VERIFY(popup->isVisible());
  QAction* target = nullptr;
  for (QAction* a : popup->actions())
    if (a->text().remove(QLatin1Char('&')) == item) target = a;
  QVERIFY2(target, qPrintable(item));
  QTest::mouseClick(popup, Qt::LeftButton, {}, popup->actionGeometry(target).center());
}

QSplitter* workspace(kelvin::gui::MainWindow& window) {
  return window.findChild<QSplitter*>(QStringLiteral("workspace"));
}

}  // namespace

class TestE2eModelScopes : public QObject {
  Q_OBJECT

 private Q_SLOTS:
  void initTestCase() {
    QVERIFY(settingsDir_.isValid());
    kelvin::e2e::useFreshSettings(settingsDir_);
    kelvin::blocks::registerAll(registry_);
  }

  void newAndOpenCloseTheScopes() {
    App app(registry_);
    kelvin::gui::MainWindow& window = app.window();
    app.openWithDialog(kelvin::e2e::example("rc_lowpass.kelvin"));
    QTRY_VERIFY(window.windowTitle().startsWith(QStringLiteral("rc_lowpass.kelvin")));
    QVERIFY(app.runToTheEnd());
    QPointer<kelvin::gui::ScopeWindow> old = app.scope(QStringLiteral("Scope"));
    QVERIFY(old);
    QCOMPARE(old->scope()->shownSignals(), QStringList{QStringLiteral("VC.y")});
    QPointer<kelvin::gui::RunResult> run = window.simulation()->history()->current();
    QVERIFY(run);

    // File ▸ New: the scope and the run's data go.
    chooseMenuItem(window, QStringLiteral("File"), QStringLiteral("New"));
    QTRY_VERIFY(old.isNull());
    QVERIFY(run.isNull());
    QVERIFY(app.scopes().isEmpty());
    QVERIFY(!window.results()->isVisible());
    QVERIFY(window.simulation()->history()->runs().empty());

    // Another model with a "Scope" of its own: a new scope, on its own signals.
    app.openWithDialog(kelvin::e2e::example("thermal_rc.kelvin"));
    QTRY_VERIFY(window.windowTitle().startsWith(QStringLiteral("thermal_rc.kelvin")));
    QVERIFY(app.scopes().isEmpty());
    QVERIFY(app.runToTheEnd());
    kelvin::gui::ScopeWindow* scope = app.scope(QStringLiteral("Scope"));
    QVERIFY(scope);
    QVERIFY(!scope->scope()->shownSignals().isEmpty());
    QVERIFY(!scope->scope()->shownSignals().contains(QStringLiteral("VC.y")));
    QCOMPARE(window.simulation()->history()->runs().size(), std::size_t(1));

    // Simulation ▸ New Scope: the new tab is the one in front.
    chooseMenuItem(window, QStringLiteral("Simulation"), QStringLiteral("New Scope"));
    kelvin::gui::ScopeWindow* added = app.scope(QStringLiteral("Signals 1"));
    QVERIFY(added);
    QTRY_VERIFY(added->isVisible() && !added->visibleRegion().isEmpty());
    QVERIFY(scope->visibleRegion().isEmpty());  // behind it, one tab away
  }

  void layoutIsRememberedPerModel() {
    App app(registry_);
    kelvin::gui::MainWindow& window = app.window();
    app.openWithDialog(kelvin::e2e::example("rc_lowpass.kelvin"));
    QTRY_VERIFY(window.windowTitle().startsWith(QStringLiteral("rc_lowpass.kelvin")));
    QVERIFY(app.runToTheEnd());
    QSplitter* splitter = workspace(window);
    QVERIFY(splitter);
    const int canvasBefore = splitter->sizes().at(0);
    // Drag the handle between canvas and results 120 px down.
    QSplitterHandle* handle = splitter->handle(1);
    const QPoint grip = handle->rect().center();
    kelvin::test::mouseDrag(handle, grip, grip + QPoint(0, 120));
    QTRY_VERIFY(std::abs(splitter->sizes().at(0) - (canvasBefore + 120)) <= 2);
    const QList<int> dragged = splitter->sizes();

    // Another model: its own default layout…
    app.openWithDialog(kelvin::e2e::example("thermal_rc.kelvin"));
    QTRY_VERIFY(window.windowTitle().startsWith(QStringLiteral("thermal_rc.kelvin")));
    QVERIFY(app.runToTheEnd());
    QVERIFY2(std::abs(splitter->sizes().at(0) - canvasBefore) <= 2, qPrintable(QString::number(splitter->sizes().at(0))));
    // …and back to rc_lowpass: the layout the user left there.
    app.openWithDialog(kelvin::e2e::example("rc_lowpass.kelvin"));
    QTRY_VERIFY(window.windowTitle().startsWith(QStringLiteral("rc_lowpass.kelvin")));
    QVERIFY(app.runToTheEnd());
    QCOMPARE(splitter->sizes(), dragged);
  }

 private:
  QTemporaryDir settingsDir_;
  kelvin::core::BlockRegistry registry_;
};

QTEST_MAIN(TestE2eModelScopes)
#include "tst_e2e_model_scopes.moc"
