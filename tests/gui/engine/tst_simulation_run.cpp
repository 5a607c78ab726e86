// Running a model from the main window as a user does: Run (the real action)
// runs a snapshot on the worker thread, the scope of the Scope block fills
// with the same samples core::simulate gives for the file (same time grid)
// and with RC charging's closed form; a model whose Jacobian vanishes at
// t = 0.3 s fails there, the message names the block, the block is selected
// and the 0–0.3 s results stay in the scope; Pause holds the run, Step adds
// exactly one sample, Stop ends it and keeps what was computed; editing
// during a run shows the snapshot banner. Stop right after Run (still
// compiling) ends the run at once.

#include <cmath>

#include <QAction>
#include <QLabel>
#include <QListWidget>
#include <QUndoStack>

#include "canvas/commands/set_settings_command.h"
#include "diagnostics/diagnostics_widget.h"
#include "document/model_document.h"
#include "engine/run_status_widget.h"
#include "engine/simulation_controller.h"
#include "engine/simulation_session.h"
#include "../gui_test_support.h"
#include "library.h"
#include "model/model_file.h"
#include "scopes/run_history.h"
#include "scopes/run_result.h"
#include "scopes/scope_manager.h"
#include "scopes/scope_widget.h"
#include "scopes/scope_window.h"

namespace core = kelvin::core;
using kelvin::gui::RunOutcome;
using kelvin::gui::SimulationController;

namespace {

constexpr int kRunTimeoutMs = 60000;

QString example(const char* name) { return QStringLiteral(KELVIN_EXAMPLES_DIR "/") + QString::fromLatin1(name); }

/// The samples of `signal` that a scope holds, as (t, y) pairs.
std::vector<std::pair<double, double>> scopeSamples(const kelvin::gui::RunResult& run, const QString& signal) {
  std::vector<std::pair<double, double>> samples;
  const int k = run.signalIndex(signal);
  if (k < 0) return samples;
  for (std::size_t i = 0; i < run.sampleCount(); ++i) samples.emplace_back(run.times()[i], run.values(k)[i]);
  return samples;
}

}  // namespace

class TestSimulationRun : public QObject {
  Q_OBJECT

 private Q_SLOTS:
  void initTestCase() {
    kelvin::test::useTestSettings("tst_simulation_run");
    kelvin::blocks::registerAll(registry_);
  }

  void runFillsTheScopeWithTheEnginesSamples() {
    kelvin::gui::MainWindow window(registry_);
    window.show();
    QVERIFY(window.openFile(example("rc_lowpass.kelvin")));
    // Double-click the Scope block: its scope opens (parameters stay in the context menu).
    QTest::mouseDClick(window.editor()->view()->viewport(), Qt::LeftButton, {},
                       kelvin::test::blockPoint(window, "Scope"));
    kelvin::gui::ScopeWindow* scope = window.simulation()->scopes()->scopeOf(QStringLiteral("Scope"));
    QVERIFY(scope);
    QCOMPARE(scope->scope()->signalNames(), QStringList{QStringLiteral("VC.y")});

    QSignalSpy ended(window.simulation(), &kelvin::gui::SimulationSession::runEnded);
    window.action(QStringLiteral("run"))->trigger();
    QVERIFY(!window.action(QStringLiteral("run"))->isEnabled());
    QTRY_COMPARE_WITH_TIMEOUT(ended.count(), 1, kRunTimeoutMs);
    const auto outcome = ended.at(0).at(0).value<RunOutcome>();
    QCOMPARE(outcome.status, RunOutcome::Status::Finished);
    QVERIFY(window.action(QStringLiteral("run"))->isEnabled());

    kelvin::gui::RunResult* run = scope->scope()->currentRun();
    QVERIFY(run);
    const auto shown = scopeSamples(*run, QStringLiteral("VC.y"));
    const core::Model model = core::loadModel(example("rc_lowpass.kelvin").toStdString());
    const auto direct = kelvin::test::simulateSignal(model, registry_, "VC.y",
                                                     core::SimulationOptions::fromSettings(model.settings));
    // Same engine, same options, same grid: the numbers must be identical, not merely close.
    QCOMPARE(kelvin::test::largestDifference(shown, direct), 0.0);
    // RC charging: v = 1 − exp(−t/τ), τ = 1 ms. rtol 1e-6 and atol 1e-9 on a 1 V signal keep the
    // global error of IDA's variable-order BDF near 1e-6; 2e-5 leaves room for its accumulation over 5τ.
    double worst = 0;
    for (const auto& [t, v] : shown) worst = std::max(worst, std::abs(v - (1 - std::exp(-t / 1e-3))));
    qInfo("RC charging: %zu samples, largest error against the closed form %.3g V", shown.size(), worst);
    QVERIFY2(worst < 2e-5, qPrintable(QString::number(worst)));
    QCOMPARE(shown.back().first, 5e-3);
    QVERIFY(!scope->scope()->traces().empty());
  }

  void failureKeepsResultsAndSelectsTheBlock() {
    kelvin::gui::MainWindow window(registry_);
    window.show();
    QVERIFY(window.openFile(QStringLiteral(KELVIN_TEST_DATA_DIR "/fold_at_0_3.kelvin")));
    kelvin::gui::ScopeWindow* scope = window.simulation()->scopes()->openScope(QStringLiteral("Scope"));
    QSignalSpy ended(window.simulation(), &kelvin::gui::SimulationSession::runEnded);
    window.action(QStringLiteral("run"))->trigger();
    QTRY_COMPARE_WITH_TIMEOUT(ended.count(), 1, kRunTimeoutMs);
    const auto outcome = ended.at(0).at(0).value<RunOutcome>();
    QCOMPARE(outcome.status, RunOutcome::Status::Failed);
    // The fold is at t = 0.3 s exactly; the solver gives up within a step of it (output step 1 ms).
    QVERIFY2(std::abs(outcome.endTime - 0.3) < 1e-3, qPrintable(QString::number(outcome.endTime)));
    QVERIFY2(outcome.message.contains(QLatin1String("0.3")), qPrintable(outcome.message));
    QCOMPARE(outcome.blocks, QStringList{QStringLiteral("Y")});
    // The block is selected and the Problems dock says why, with the time.
    QCOMPARE(window.editor()->selectedBlockId(), std::string("Y"));
    QListWidget* problems = window.diagnostics()->list();
    QTRY_VERIFY(problems->count() > 0);
    bool named = false;
    for (int i = 0; i < problems->count(); ++i)
      named = named || (problems->item(i)->text().contains(QLatin1String("failed at t = 0.3")));
    QVERIFY(named);
    // Clicking the logged error selects the block it names.
    window.editor()->scene()->selectBlocks({});
    QListWidgetItem* item = problems->item(problems->count() - 1);
    QTest::mouseClick(problems->viewport(), Qt::LeftButton, {}, problems->visualItemRect(item).center());
    QCOMPARE(window.editor()->selectedBlockId(), std::string("Y"));

    // The results up to the failure stay: y = 1 − sqrt(0.3 − t) on 0 ≤ t < 0.3.
    kelvin::gui::RunResult* run = scope->scope()->currentRun();
    QVERIFY(run);
    const auto shown = scopeSamples(*run, QStringLiteral("Y.y"));
    QVERIFY(shown.size() >= 290);  // 1 ms output step over 0.3 s
    QVERIFY(shown.back().first > 0.29 && shown.back().first <= 0.3 + 1e-12);
    double worst = 0;
    for (const auto& [t, y] : shown)
      if (t < 0.29) worst = std::max(worst, std::abs(y - (1 - std::sqrt(0.3 - t))));
    // rtol 1e-6 on y ≈ 0.5…0.9, away from the fold (t < 0.29, where dy/dt stays below 5): 1e-5.
    QVERIFY2(worst < 1e-5, qPrintable(QString::number(worst)));
  }

  void pauseStepStopAndTheSnapshotBanner() {
    kelvin::gui::MainWindow window(registry_);
    window.show();
    QVERIFY(window.openFile(example("rc_lowpass.kelvin")));
    // A long run (10^7 output samples) so that it is still going when we act on it: the RC
    // settles at once, so the run's pace is the output's, a few hundred ns per sample.
    const double stopTime = 100.0;
    core::Settings settings = window.model().settings;
    settings.stopTime = "100";
    window.document()->undoStack()->push(new kelvin::gui::SetSettingsCommand(window.document(), settings));
    kelvin::gui::SimulationSession* session = window.simulation();
    SimulationController* controller = session->controller();
    QSignalSpy ended(session, &kelvin::gui::SimulationSession::runEnded);
    window.action(QStringLiteral("run"))->trigger();
    QTRY_VERIFY_WITH_TIMEOUT(session->history()->current() && session->history()->current()->sampleCount() > 0,
                             kRunTimeoutMs);
    kelvin::gui::RunResult* run = session->history()->current();

    window.action(QStringLiteral("pause"))->trigger();
    QCOMPARE(controller->state(), SimulationController::State::Paused);
    QVERIFY(window.action(QStringLiteral("step"))->isEnabled());
    // Paused: the worker flushes what it has and waits; nothing more arrives.
    QTest::qWait(200);
    const std::size_t held = run->sampleCount();
    QTest::qWait(200);
    QCOMPARE(run->sampleCount(), held);
    // Step: exactly one more output sample.
    window.action(QStringLiteral("step"))->trigger();
    QTRY_COMPARE(run->sampleCount(), held + 1);
    QTest::qWait(100);
    QCOMPARE(run->sampleCount(), held + 1);

    // Edit while the run goes: the banner says the run uses the snapshot.
    QVERIFY(!session->banner()->isVisibleTo(&window));
    settings.stopTime = "200";
    window.document()->undoStack()->push(new kelvin::gui::SetSettingsCommand(window.document(), settings));
    QVERIFY(session->banner()->isVisibleTo(&window));

    window.action(QStringLiteral("resume"))->trigger();
    QTRY_VERIFY(run->sampleCount() > held + 1);
    window.action(QStringLiteral("stop"))->trigger();
    QTRY_COMPARE_WITH_TIMEOUT(ended.count(), 1, kRunTimeoutMs);
    const auto outcome = ended.at(0).at(0).value<RunOutcome>();
    QCOMPARE(outcome.status, RunOutcome::Status::Cancelled);
    QVERIFY(outcome.endTime < stopTime);
    QVERIFY(!run->isRunning());
    QVERIFY(run->sampleCount() > held + 1);
    QCOMPARE(run->times().back(), outcome.endTime);
    QVERIFY(!session->banner()->isVisibleTo(&window));
    // The run is kept; a new one becomes current and the old one is its "previous".
    window.action(QStringLiteral("run"))->trigger();
    QTRY_VERIFY(session->history()->current() != run);
    QCOMPARE(session->history()->previous(), run);
    window.action(QStringLiteral("stop"))->trigger();
    QTRY_COMPARE_WITH_TIMEOUT(ended.count(), 2, kRunTimeoutMs);
  }

  void stopRightAfterRunGivesControlBack() {
    kelvin::gui::MainWindow window(registry_);
    window.show();
    QVERIFY(window.openFile(example("rc_lowpass.kelvin")));
    QSignalSpy ended(window.simulation(), &kelvin::gui::SimulationSession::runEnded);
    // Run then Stop with no event processed between: the worker is still compiling.
    window.action(QStringLiteral("run"))->trigger();
    window.action(QStringLiteral("stop"))->trigger();
    QCOMPARE(ended.count(), 1);
    QCOMPARE(ended.at(0).at(0).value<RunOutcome>().status, RunOutcome::Status::Cancelled);
    QVERIFY(window.action(QStringLiteral("run"))->isEnabled());
    QVERIFY(!window.action(QStringLiteral("stop"))->isEnabled());
    QCOMPARE(window.simulation()->statusWidget()->text(), QStringLiteral("Stopped before the simulation started"));
    // The abandoned run leaves no trace in the history; the next run is recorded as usual.
    QVERIFY(window.simulation()->history()->runs().empty());
    window.action(QStringLiteral("run"))->trigger();
    QTRY_COMPARE_WITH_TIMEOUT(ended.count(), 2, kRunTimeoutMs);
    QCOMPARE(ended.at(1).at(0).value<RunOutcome>().status, RunOutcome::Status::Finished);
    QTest::qWait(200);  // anything the abandoned worker sends arrives meanwhile, and is dropped
    QCOMPARE(window.simulation()->history()->runs().size(), std::size_t(1));
    QCOMPARE(window.simulation()->history()->current()->times().back(), 5e-3);
  }

 private:
  core::BlockRegistry registry_;
};

QTEST_MAIN(TestSimulationRun)
#include "tst_simulation_run.moc"
