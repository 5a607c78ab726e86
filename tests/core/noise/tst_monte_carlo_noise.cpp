// Monte Carlo transient noise against covariance propagation (DESIGN.md: the
// built-in cross-check). For N runs the sample variance s² of a Gaussian output
// has (N−1)s²/σ² ~ χ²(N−1); with N = 2000 its 99 % interval is σ²·[0.921, 1.082].
// The ensemble uses implicit Euler with the noise held over each step, which
// lowers a first-order system's variance by the factor 2/(2 + h/τ) (0.5 % at
// h = τ/100): small beside the interval.
#define QT_NO_KEYWORDS
#include <QtTest>

#include <cmath>

#include "model/model_file.h"
#include "noise_test_models.h"
#include "run/compiled_model.h"
#include "run/noise_run.h"
#include "support/simulation_trace.h"

using namespace kelvin;

namespace {

constexpr int kRuns = 2000;
// χ²(1999) quantiles 0.5 % and 99.5 % divided by 1999 (Wilson–Hilferty): one comparison at 99 %.
constexpr double kLower = 0.9206, kUpper = 1.0823;
// The same at 0.1 % and 99.9 %: five comparisons at 99 % together (Bonferroni).
constexpr double kLower5 = 0.9051, kUpper5 = 1.1006;

struct Series {
  std::vector<double> time, mean, variance;
};

Series covariance(const std::string& json) {
  const core::Model model = core::parseModel(json, "test");
  const auto compiled = core::compileModel(model, test::library(), "test");
  Series s;
  core::simulateNoise(*compiled, core::SimulationOptions::fromSettings(model.settings), {},
                      [&](double t, const std::vector<double>& m, const std::vector<double>& v) {
                        s.time.push_back(t), s.mean.push_back(m[0]), s.variance.push_back(v[0]);
                      });
  return s;
}

Series monteCarlo(const std::string& json) {
  const core::Model model = core::parseModel(json, "test");
  const auto compiled = core::compileModel(model, test::library(), "test");
  core::NoiseRunOptions noise;
  noise.monteCarloRuns = kRuns;
  noise.seed = 20261121;
  core::SimulationOptions options = core::SimulationOptions::fromSettings(model.settings);
  options.solver = "euler";
  Series s;
  core::simulateMonteCarlo(*compiled, options, noise,
                           [&](double t, const std::vector<double>& m, const std::vector<double>& v) {
                             s.time.push_back(t), s.mean.push_back(m[0]), s.variance.push_back(v[0]);
                           });
  return s;
}

/// A 5 kHz sine through a diode (Rs = 10 kΩ) into 1 nF ∥ 100 kΩ: an envelope detector.
std::string diodeDetector() {
  return R"({"format": "kelvin-model", "version": 1, "name": "detector",
    "settings": {"stop_time": "200u", "step": "200n", "temperature": 300, "rtol": 1e-10, "atol": 1e-14},
    "blocks": [
      {"id": "V1", "type": "electrical.SineVoltage", "params": {"amplitude": "1", "frequency": "5k"}},
      {"id": "D1", "type": "electrical.Diode", "params": {"Is": "1e-14", "Rs": "10k"}},
      {"id": "C1", "type": "electrical.Capacitor", "params": {"C": "1n"}},
      {"id": "RL", "type": "electrical.Resistor", "params": {"R": "100k"}},
      {"id": "G", "type": "electrical.Ground"},
      {"id": "NS", "type": "electrical.NoiseSensor"}],
    "connections": [
      {"from": "V1.p", "to": "D1.p"}, {"from": "D1.n", "to": "C1.p"}, {"from": "RL.p", "to": "C1.p"},
      {"from": "C1.n", "to": "G.p"}, {"from": "RL.n", "to": "G.p"}, {"from": "V1.n", "to": "G.p"},
      {"from": "NS.p", "to": "C1.p"}, {"from": "NS.n", "to": "G.p"}]})";
}

void compareAt(const Series& reference, const Series& ensemble, const std::vector<double>& times, const char* what,
               double lower = kLower, double upper = kUpper) {
  QCOMPARE(reference.time.size(), ensemble.time.size());
  for (double t : times) {
    const auto i = static_cast<std::size_t>(std::lround(t / (reference.time[1] - reference.time[0])));
    QVERIFY(std::abs(reference.time[i] - t) < 1e-12 && std::abs(ensemble.time[i] - t) < 1e-12);
    const double ratio = ensemble.variance[i] / reference.variance[i];
    qInfo("%s t = %g s: Monte Carlo / covariance variance = %.4f (interval %.4f .. %.4f)", what, t, ratio, lower,
          upper);
    QVERIFY(ratio > lower && ratio < upper);
  }
}

}  // namespace

class TestMonteCarloNoise : public QObject {
  Q_OBJECT

 private Q_SLOTS:
  void rcLowpass() {
    // τ = 1 µs, h = 10 ns = τ/100, to 5 τ; compared at the end (the samples at earlier times are
    // strongly correlated with it, so one comparison is the honest 99 % test).
    const std::string json = test::rcLowpass("1k", "1n", "5u", "10n");
    const Series reference = covariance(json), ensemble = monteCarlo(json);
    compareAt(reference, ensemble, {5e-6}, "RC");
    // The ensemble mean is the deterministic trajectory to within its standard error (4 σ/√N) plus
    // implicit Euler's own error at h = τ/100 (the mean of v_C = 1 − e^(−t/τ) is off by h·t/(2τ²)·e^(−t/τ) to
    // first order in h/τ; 5 % more covers the higher orders).
    const std::size_t last = reference.time.size() - 1;
    QVERIFY(std::abs(ensemble.mean[last] - reference.mean[last]) <
            4.0 * std::sqrt(reference.variance[last] / kRuns) + 1.05 * 0.01 * 5.0 / 2.0 * std::exp(-5.0));
  }

  void diodeDetectorAlongItsTransient() {
    // The conducting diode's time constant is ≥ Rs·C = 10 µs, so h = 0.2 µs is ≤ τ/50 (Euler's variance
    // bias ≤ 1 %). The variance rises while the diode conducts (its shot noise and Rs's thermal noise),
    // then relaxes through RL·C = 100 µs. Five times chosen in advance, 40 µs apart.
    const std::string json = diodeDetector();
    const Series reference = covariance(json), ensemble = monteCarlo(json);
    compareAt(reference, ensemble, {40e-6, 80e-6, 120e-6, 160e-6, 200e-6}, "detector", kLower5, kUpper5);
    // The ensemble mean is the noiseless implicit-Euler trajectory (same step) within 4 standard errors.
    const core::Model model = core::parseModel(json, "test");
    core::SimulationOptions euler = core::SimulationOptions::fromSettings(model.settings);
    euler.solver = "euler";
    const test::Trace plain = test::simulateModel(model, &euler);
    const std::vector<double>& y = plain["NS.y"];
    QCOMPARE(y.size(), ensemble.mean.size());
    double worst = 0.0;
    for (std::size_t i = 1; i < y.size(); ++i) {
      const double z = std::abs(ensemble.mean[i] - y[i]) / std::sqrt(reference.variance[i] / kRuns);
      worst = std::max(worst, z);
    }
    qInfo("detector: ensemble mean within %.2f standard errors of the noiseless run", worst);
    QVERIFY(worst < 4.5);  // the largest of 1000 correlated |z| of a Gaussian: rarely above 4
  }
};

QTEST_GUILESS_MAIN(TestMonteCarloNoise)
#include "tst_monte_carlo_noise.moc"
