// The façade's analyses from an operating point and with a cancel flag (issue 14):
// the noise spectrum at a run's own state equals the one at the time the state was
// taken (the same linearisation), and a set flag stops the identification, the
// spectrum, the run to an operating point (also when set during that run), the
// partition with its noise correlation, compiling and the model check with
// AnalysisCancelled instead of a result.
#define QT_NO_KEYWORDS
#include <QtTest>

#include <atomic>

#include "../noise/noise_test_models.h"
#include "model/model_file.h"
#include "run/abcd_analysis.h"
#include "run/analysis_cancelled.h"
#include "run/compiled_model.h"
#include "run/model_check.h"
#include "run/noise_run.h"
#include "run/partition_analysis.h"
#include "run/simulator.h"
#include "support/abcd_models.h"
#include "support/simulation_trace.h"

using namespace kelvin;

class TestAnalysisCancel : public QObject {
  Q_OBJECT

 private Q_SLOTS:
  void spectrumAtAnOperatingPointIsTheSpectrumAtItsTime() {
    const std::string json = test::rcLowpass();
    const auto compiled = test::compileText(json);
    const core::SimulationOptions options =
        core::SimulationOptions::fromSettings(core::parseModel(json, "rc").settings);
    const double at = 5e-6;
    const core::OperatingPoint point = core::operatingPointAt(*compiled, options, at);
    core::NoiseSweep sweep;
    sweep.refine = false;
    sweep.points = 20;
    const core::NoiseSpectrum fromPoint = core::noiseSpectrum(*compiled, core::NoiseRunOptions{}, point, sweep);
    const core::NoiseSpectrum fromTime = core::noiseSpectrum(*compiled, options, core::NoiseRunOptions{}, at, sweep);
    QCOMPARE(fromPoint.frequencies, fromTime.frequencies);
    QCOMPARE(fromPoint.psd, fromTime.psd);  // the same state, linearised the same way: identical
  }

  void aSetFlagStopsTheAnalyses() {
    const std::atomic<bool> cancel{true};
    const auto noisy = test::compileText(test::rcLowpass());
    QVERIFY_THROWS_EXCEPTION(core::AnalysisCancelled,
                             core::noiseSpectrum(*noisy, core::SimulationOptions{}, core::NoiseRunOptions{}, 0.0,
                                                 core::NoiseSweep{}, &cancel));
    const auto marked = test::compileText(test::rlc(true));
    QVERIFY_THROWS_EXCEPTION(core::AnalysisCancelled, core::identifyAbcd(*marked, core::SimulationOptions{}, 0.0,
                                                                         core::kDefaultAbcdDelta, &cancel));
    const core::SimulationOptions options =
        core::SimulationOptions::fromSettings(core::parseModel(test::rcLowpass(), "rc").settings);
    QVERIFY_THROWS_EXCEPTION(core::AnalysisCancelled, core::operatingPointAt(*noisy, options, 5e-6, &cancel));
    QVERIFY_THROWS_EXCEPTION(core::AnalysisCancelled, core::operatingPointAt(*noisy, options, 0.0, &cancel));
    QVERIFY_THROWS_EXCEPTION(core::AnalysisCancelled,
                             core::partitionWithNoise(core::parseModel(test::rcLowpass(), "rc"), test::library(), "rc",
                                                      {1.0}, 0.0, &cancel));
    // Compiling and the model check (the GUI's check made at opening, dropped when a run starts).
    const core::Model model = core::parseModel(test::rcLowpass(), "rc");
    QVERIFY_THROWS_EXCEPTION(core::AnalysisCancelled,
                             core::compileModel(model, test::library(), "rc", {}, {}, &cancel));
    QVERIFY_THROWS_EXCEPTION(core::AnalysisCancelled, core::checkModel(model, test::library(), "rc", &cancel));
    const std::atomic<bool> go{false};
    QVERIFY(core::compileModel(model, test::library(), "rc", {}, {}, &go) != nullptr);
    QVERIFY(!core::hasErrors(core::checkModel(model, test::library(), "rc", &go)));
    QCOMPARE(core::operatingPointAt(*noisy, options, 5e-6, &go).time, 5e-6);
    QVERIFY(
        core::identifyAbcd(*marked, core::SimulationOptions{}, 0.0, core::kDefaultAbcdDelta, &go).eigenvalues.size() ==
        2);
  }

  void aFlagSetDuringTheRunToTheInstantStopsIt() {
    // The run to t = 1 ms (output every 100 ns: 10,000 samples) is told to stop at its 100th
    // sample: it throws AnalysisCancelled from the next step on, never reaching the instant.
    const std::string json = test::rcLowpass("1k", "1n", "1m");
    const auto compiled = test::compileText(json);
    core::SimulationOptions options = core::SimulationOptions::fromSettings(core::parseModel(json, "rc").settings);
    std::atomic<bool> cancel{false};
    double last = 0.0;
    int samples = 0;
    options.onState = [&](const core::OperatingPoint& state) {
      last = state.time;
      if (++samples == 100) cancel = true;
    };
    QVERIFY_THROWS_EXCEPTION(core::AnalysisCancelled, core::operatingPointAt(*compiled, options, 1e-3, &cancel));
    // Checked every step; a step spans at most a few output samples here (the lowpass settles).
    QVERIFY2(last < 1e-4, qPrintable(QString::number(last)));
  }
};

QTEST_APPLESS_MAIN(TestAnalysisCancel)
#include "tst_analysis_cancel.moc"
