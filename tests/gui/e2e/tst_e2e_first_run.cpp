// What a new user meets first: File ▸ Open (Ctrl+O, the path typed into the
// dialog) on rc_lowpass.kelvin, then F5 and nothing else. The canvas opens at
// a readable zoom; the Scope block's plot appears by itself, at least
// 600×350 px, and draws the capacitor's charging curve: every drawn point is
// a sample of `kelvin-cli simulate` at the same time, and follows
// 1 − exp(−t/τ). The scope closed and opened again by a double-click after
// the run draws the same curve at its new size.

#include <QAbstractButton>

#include "canvas/block_item.h"
#include "canvas/diagram_editor.h"
#include "canvas/diagram_scene.h"
#include "canvas/diagram_view.h"
#include "e2e_fixture.h"

using kelvin::e2e::App;
using kelvin::e2e::Points;

namespace {

constexpr double kTau = 1e-3;  // R = 1 kΩ, C = 1 µF

/// Largest |v − (1 − exp(−t/τ))| over `points`.
double worstAgainstClosedForm(const Points& points) {
  double worst = 0;
  for (const auto& [t, v] : points) worst = std::max(worst, std::abs(v - (1 - std::exp(-t / kTau))));
  return worst;
}

}  // namespace

class TestE2eFirstRun : public QObject {
  Q_OBJECT

 private Q_SLOTS:
  void initTestCase() {
    QVERIFY(suite_.isReady());
    reference_ = kelvin::e2e::cliSimulate(kelvin::e2e::example("rc_lowpass.kelvin"), QStringLiteral("VC.y"));
    QCOMPARE(reference_.size(), std::size_t(501));  // 5 ms at a 10 µs output step
  }

  void openAndRunShowsTheExponential() {
    App app(suite_.registry());
    kelvin::gui::MainWindow& window = app.window();
    QElapsedTimer clock;
    clock.start();
    QVERIFY(app.openExample("rc_lowpass.kelvin"));
    // Readable at once: never below 75 %.
    QVERIFY2(window.editor()->view()->zoom() >= 0.75, qPrintable(QString::number(window.editor()->view()->zoom())));
    QVERIFY(app.scopes().isEmpty());

    QVERIFY2(app.runToTheEnd(), qPrintable(app.status()));
    kelvin::gui::ScopeWindow* scope = app.scope(QStringLiteral("Scope"));
    QVERIFY2(scope, "F5 opens the Scope block's plot");
    QVERIFY(scope->isVisible());
    QTRY_COMPARE(kelvin::e2e::drawnPoints(scope).size(), reference_.size());
    const QSize size = kelvin::e2e::plotSize(scope);
    qInfo("plot %d × %d px at a %d × %d window; open + run + draw %lld ms", size.width(), size.height(),
          window.width(), window.height(), static_cast<long long>(clock.elapsed()));
    QVERIFY2(size.width() >= 600 && size.height() >= 350,
             qPrintable(QStringLiteral("%1 × %2").arg(size.width()).arg(size.height())));
    checkDrawn(scope);
  }

  void scopeReopenedAfterTheRunDrawsTheSameCurve() {
    App app(suite_.registry());
    kelvin::gui::MainWindow& window = app.window();
    QVERIFY(app.openExample("rc_lowpass.kelvin"));
    QVERIFY(app.runToTheEnd());
    kelvin::gui::ScopeWindow* scope = app.scope(QStringLiteral("Scope"));
    QVERIFY(scope);
    // Close it with its title bar's close button…
    auto* close = scope->findChild<QAbstractButton*>(QStringLiteral("qt_dockwidget_closebutton"));
    QVERIFY(close);
    QTest::mouseClick(close, Qt::LeftButton);
    QTRY_VERIFY(app.scopes().isEmpty());
    QTRY_VERIFY(!window.results()->isVisible());
    // …and double-click the Scope block: it opens again on the finished run.
    kelvin::gui::DiagramView* view = window.editor()->view();
    kelvin::gui::BlockItem* block = window.editor()->scene()->blockItem("Scope");
    QVERIFY(block);
    QTest::mouseDClick(view->viewport(), Qt::LeftButton, {}, view->mapFromScene(block->bodySceneRect().center()));
    scope = app.scope(QStringLiteral("Scope"));
    QVERIFY(scope);
    QTRY_VERIFY(kelvin::e2e::plotSize(scope).width() >= 600);
    QTRY_COMPARE(kelvin::e2e::drawnPoints(scope).size(), reference_.size());
    checkDrawn(scope);
  }

 private:
  void checkDrawn(kelvin::gui::ScopeWindow* scope) {
    const Points drawn = kelvin::e2e::drawnPoints(scope);
    // 501 samples over a plot of ≥ 600 columns: no column holds more than 4, so every sample is drawn.
    QCOMPARE(drawn.size(), reference_.size());
    for (const auto& [t, v] : drawn) {
      const double cli = kelvin::e2e::sampleAt(reference_, t);
      // The same engine with the same settings on the same output grid: the same numbers.
      QVERIFY2(v == cli, qPrintable(QStringLiteral("t = %1: drawn %2, kelvin-cli %3").arg(t).arg(v).arg(cli)));
    }
    // rtol 1e-6, atol 1e-9 on a 1 V signal: IDA's global error over 5τ stays well under 2e-5 V.
    const double worst = worstAgainstClosedForm(drawn);
    qInfo("%zu points drawn; largest difference from 1 − exp(−t/τ): %.3g V", drawn.size(), worst);
    QVERIFY2(worst < 2e-5, qPrintable(QString::number(worst)));
  }

  kelvin::e2e::Suite suite_;
  Points reference_;
};

QTEST_MAIN(TestE2eFirstRun)
#include "tst_e2e_first_run.moc"
