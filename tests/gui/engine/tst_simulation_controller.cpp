// Stop at any moment of a run gives control back at once: while the model is
// still compiling (compileModel stops only between its phases) the controller ends the
// run immediately (Cancelled, no end time) and is ready for the next run; the
// abandoned worker finishes in the background and nothing it sends reaches the
// GUI: the next run's samples are its own, once each, in order. A model with
// more default signals than SimulationWorker::kMaxRecordedSignals records the
// first ones and, always, those wired to scopes.

#include <cmath>

#include <QSignalSpy>
#include <QtTest>

#include "elaborate/block_registry.h"
#include "engine/simulation_controller.h"
#include "engine/simulation_worker.h"
#include "library.h"
#include "model/model.h"
#include "model/model_file.h"

using kelvin::gui::RunInfo;
using kelvin::gui::RunOutcome;
using kelvin::gui::SampleBatch;
using kelvin::gui::SimulationController;

class TestSimulationController : public QObject {
  Q_OBJECT

 private Q_SLOTS:
  void initTestCase() { kelvin::blocks::registerAll(registry_); }

  void stopWhileCompilingEndsAtOnce() {
    const QString file = QStringLiteral(KELVIN_EXAMPLES_DIR "/rc_lowpass.kelvin");
    const kelvin::core::Model model = kelvin::core::loadModel(file.toStdString());
    SimulationController controller(registry_);
    QSignalSpy started(&controller, &SimulationController::runStarted);
    QSignalSpy ended(&controller, &SimulationController::runEnded);
    std::vector<double> times;
    connect(&controller, &SimulationController::samplesArrived, this,
            [&](const SampleBatch& batch) { times.insert(times.end(), batch.times.begin(), batch.times.end()); });

    QVERIFY(controller.start(model, file));
    // No event has been processed: the worker's started() cannot have arrived, so the run is
    // still compiling as far as the GUI knows. Stop ends it within this call.
    controller.stop();
    QCOMPARE(ended.count(), 1);
    const auto outcome = ended.at(0).at(0).value<RunOutcome>();
    QCOMPARE(outcome.status, RunOutcome::Status::Cancelled);
    QVERIFY(std::isnan(outcome.endTime));
    QCOMPARE(controller.state(), SimulationController::State::Idle);

    // The next run starts at once, while the abandoned one may still be compiling.
    QVERIFY(controller.start(model, file));
    QTRY_COMPARE_WITH_TIMEOUT(ended.count(), 2, 60000);
    QCOMPARE(ended.at(1).at(0).value<RunOutcome>().status, RunOutcome::Status::Finished);
    // Give the abandoned worker time to send anything it would (it is dropped).
    QTest::qWait(300);
    QCOMPARE(ended.count(), 2);
    QCOMPARE(started.count(), 1);
    // 5 ms at a 10 µs output step: 501 samples, strictly increasing: one run's data, once.
    QCOMPARE(times.size(), std::size_t(501));
    for (std::size_t i = 1; i < times.size(); ++i) QVERIFY(times[i] > times[i - 1]);
    QCOMPARE(times.back(), 5e-3);
  }

  void recordsAtMostTheLimitAndAlwaysTheWiredSignals() {
    // 1100 sine sources S1 … S1100 (amplitude k for Sk, 5 Hz) and an integrator: 1101 default signals.
    constexpr int kSources = 1100;
    kelvin::core::Model model;
    model.name = "many_signals";
    model.settings.stopTime = "0.1";
    model.settings.step = "1m";
    for (int k = 1; k <= kSources; ++k) {
      kelvin::core::Block sine;
      sine.id = "S" + std::to_string(k);
      sine.type = "signal.Sine";
      sine.params = {{"amplitude", std::to_string(k)}, {"frequency", "5"}};
      model.blocks.push_back(sine);
    }
    kelvin::core::Block integrator;
    integrator.id = "I";
    integrator.type = "signal.Integrator";
    model.blocks.push_back(integrator);
    model.connections.push_back({"S1.y", "I.u", {}, {}});

    SimulationController controller(registry_);
    QSignalSpy started(&controller, &SimulationController::runStarted);
    QSignalSpy ended(&controller, &SimulationController::runEnded);
    std::vector<double> times, wired;
    int column = -1;
    connect(&controller, &SimulationController::runStarted, this, [&](const RunInfo& info) {
      column = static_cast<int>(info.signalNames.indexOf(QStringLiteral("S1100.y")));
    });
    connect(&controller, &SimulationController::samplesArrived, this, [&](const SampleBatch& batch) {
      times.insert(times.end(), batch.times.begin(), batch.times.end());
      if (column >= 0) wired.insert(wired.end(), batch.values[column].begin(), batch.values[column].end());
    });
    QVERIFY(controller.start(model, QStringLiteral("many_signals"), {"S1100.y"}));
    QTRY_COMPARE_WITH_TIMEOUT(ended.count(), 1, 60000);
    QCOMPARE(ended.at(0).at(0).value<RunOutcome>().status, RunOutcome::Status::Finished);
    QCOMPARE(started.count(), 1);
    const QStringList names = started.at(0).at(0).value<RunInfo>().signalNames;
    QCOMPARE(std::size_t(names.size()), kelvin::gui::SimulationWorker::kMaxRecordedSignals);
    // The first default signals in the model's order, then the wired one (past the limit in that order).
    QCOMPARE(names.first(), QStringLiteral("S1.y"));
    QCOMPARE(names.last(), QStringLiteral("S1100.y"));
    QCOMPARE(names.count(QStringLiteral("S1100.y")), 1);
    // And its samples are those of 1100·sin(2π·5·t), to rounding of values up to 1100.
    QCOMPARE(wired.size(), times.size());
    QVERIFY(times.size() > 90);
    for (std::size_t i = 0; i < times.size(); ++i)
      QVERIFY2(std::abs(wired[i] - kSources * std::sin(2 * M_PI * 5 * times[i])) < 1e-9 * kSources,
               qPrintable(QString::number(times[i])));
  }

  void destroyingTheControllerJoinsAbandonedRuns() {
    const QString file = QStringLiteral(KELVIN_EXAMPLES_DIR "/rc_lowpass.kelvin");
    const kelvin::core::Model model = kelvin::core::loadModel(file.toStdString());
    auto controller = std::make_unique<SimulationController>(registry_);
    QVERIFY(controller->start(model, file));
    controller->stop();
    QVERIFY(controller->start(model, file));
    controller->stop();
    // Two abandoned workers still compiling: the destructor waits for both (no crash, no leak
    // of a running QThread, which Qt reports as fatal).
    controller.reset();
  }

 private:
  kelvin::core::BlockRegistry registry_;
};

QTEST_MAIN(TestSimulationController)
#include "tst_simulation_controller.moc"
