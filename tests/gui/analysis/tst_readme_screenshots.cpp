// The README's screenshots of the analysis side, taken from the real windows
// after real runs: a scope with the noise envelope (the Brownian resonator),
// the Bode plot and the ABCD table of the K2 example, the RC noise spectrum and the
// partition overlay on the half-wave rectifier. Skipped unless
// KELVIN_SCREENSHOT_DIR names the directory to write the PNGs to; run it under
//   xvfb-run -s "-screen 0 1600x1000x24" env QT_QPA_PLATFORM=xcb KELVIN_SCREENSHOT_DIR=docs/images \
//     build/tests/tst_readme_screenshots
// Each step still checks that its window shows what it should.

#include <QAction>
#include <QTabWidget>
#include <QTableWidget>

#include "../gui_test_support.h"
#include "analysis/abcd_table_window.h"
#include "analysis/analysis_launcher.h"
#include "analysis/frequency_window.h"
#include "analysis/noise_spectrum_window.h"
#include "analysis/partition_overlay.h"
#include "engine/simulation_session.h"
#include "library.h"
#include "scopes/scope_manager.h"
#include "scopes/scope_widget.h"
#include "scopes/scope_window.h"
#include "scopes/run_result.h"
#include "scopes/trace_plot.h"

using kelvin::gui::AnalysisLauncher;
using kelvin::gui::RunOutcome;

namespace {

constexpr int kTimeoutMs = 120000;

QString example(const char* name) { return QStringLiteral(KELVIN_EXAMPLES_DIR "/") + QString::fromLatin1(name); }

bool runToEnd(kelvin::gui::MainWindow& window) {
  QSignalSpy ended(window.simulation(), &kelvin::gui::SimulationSession::runEnded);
  window.action(QStringLiteral("run"))->trigger();
  return QTest::qWaitFor([&] { return ended.count() == 1; }, kTimeoutMs) &&
         ended.at(0).at(0).value<RunOutcome>().status == RunOutcome::Status::Finished;
}

bool analyse(kelvin::gui::MainWindow& window, const char* action) {
  QSignalSpy done(window.analysis(), &AnalysisLauncher::analysisDone);
  window.action(QString::fromLatin1(action))->trigger();
  return QTest::qWaitFor([&] { return done.count() >= 1; }, kTimeoutMs);
}

/// Lets the window lay out and paint, then saves its picture.
bool save(QWidget* widget, const QString& directory, const char* name) {
  widget->show();
  widget->raise();
  QTest::qWait(400);
  const QString path = directory + QLatin1Char('/') + QString::fromLatin1(name);
  const bool saved = widget->grab().save(path);
  qInfo("%s %s (%dx%d)", saved ? "saved" : "could not save", qPrintable(path), widget->width(), widget->height());
  return saved;
}

}  // namespace

class TestReadmeScreenshots : public QObject {
  Q_OBJECT

 private Q_SLOTS:
  void initTestCase() {
    directory_ = qEnvironmentVariable("KELVIN_SCREENSHOT_DIR");
    if (directory_.isEmpty()) QSKIP("set KELVIN_SCREENSHOT_DIR to write the README's screenshots");
    kelvin::test::useTestSettings("tst_readme_screenshots");
    kelvin::blocks::registerAll(registry_);
  }

  void noiseEnvelopeScope() {
    kelvin::gui::MainWindow window(registry_);
    QVERIFY(window.openFile(example("brownian_resonator.kelvin")));
    window.show();
    kelvin::gui::ScopeWindow* scope = window.simulation()->scopes()->openScope(QStringLiteral("Scope"));
    QVERIFY(scope);
    QVERIFY(runToEnd(window));
    QVERIFY(!scope->scope()->traces().empty() && scope->scope()->traces().front()->hasBand());
    scope->setFloating(true);
    scope->resize(1000, 560);
    QVERIFY(save(scope, directory_, "scope_noise_envelope.png"));
  }

  void k2BodeAndAbcdTable() {
    kelvin::gui::MainWindow window(registry_);
    QVERIFY(window.openFile(example("k2_demo.kelvin")));
    window.show();
    QVERIFY(runToEnd(window));
    QVERIFY(analyse(window, "frequencyResponse"));
    kelvin::gui::FrequencyWindow* frequency = window.analysis()->frequencyWindow();
    QVERIFY(frequency && !frequency->transferSweep().samples.empty());
    frequency->setSweep(1.0, 1e4, 400, 0, 0);
    frequency->resize(1000, 700);
    QVERIFY(save(frequency, directory_, "bode_k2.png"));
    QVERIFY(analyse(window, "identifyAbcd"));
    kelvin::gui::AbcdTableWindow* table = window.analysis()->abcdWindow();
    QVERIFY(table && table->report());
    table->resize(760, 330);
    QVERIFY(save(table, directory_, "abcd_table_k2.png"));
  }

  void rcNoiseSpectrum() {
    kelvin::gui::MainWindow window(registry_);
    QVERIFY(window.openFile(example("rc_noise_spectrum.kelvin")));
    window.show();
    QVERIFY(runToEnd(window));
    QVERIFY(analyse(window, "noiseSpectrum"));
    kelvin::gui::NoiseSpectrumWindow* noise = window.analysis()->noiseWindow();
    QVERIFY(noise && noise->spectrum());
    noise->resize(900, 640);
    QVERIFY(save(noise, directory_, "noise_spectrum_rc.png"));
  }

  void partitionOverlay() {
    kelvin::gui::MainWindow window(registry_);
    QVERIFY(window.openFile(example("half_wave_rectifier.kelvin")));
    window.resize(1400, 860);
    window.show();
    QSignalSpy updated(window.partition(), &kelvin::gui::PartitionOverlay::updated);
    window.action(QStringLiteral("showPartition"))->trigger();
    QTRY_COMPARE_WITH_TIMEOUT(updated.count(), 1, kTimeoutMs);
    window.action(QStringLiteral("zoomFit"))->trigger();
    QVERIFY(save(&window, directory_, "partition_overlay.png"));
  }

 private:
  kelvin::core::BlockRegistry registry_;
  QString directory_;
};

QTEST_MAIN(TestReadmeScreenshots)
#include "tst_readme_screenshots.moc"
