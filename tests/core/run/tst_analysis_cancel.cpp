// The façade's analyses from an operating point and with a cancel flag (issue 14):
// the noise spectrum at a run's own state equals the one at the time the state was
// taken (the same linearisation), and a set flag stops the identification and the
// spectrum with AnalysisCancelled instead of a result, and so the run to an operating
// point and the partition with its noise correlation.
#define QT_NO_KEYWORDS
#include <QtTest>

#include <atomic>

#include "../noise/noise_test_models.h"
#include "model/model_file.h"
#include "run/abcd_analysis.h"
#include "run/analysis_cancelled.h"
#include "run/compiled_model.h"
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
    const std::atomic<bool> go{false};
    QCOMPARE(core::operatingPointAt(*noisy, options, 5e-6, &go).time, 5e-6);
    QVERIFY(
        core::identifyAbcd(*marked, core::SimulationOptions{}, 0.0, core::kDefaultAbcdDelta, &go).eigenvalues.size() ==
        2);
  }
};

QTEST_APPLESS_MAIN(TestAnalysisCancel)
#include "tst_analysis_cancel.moc"
