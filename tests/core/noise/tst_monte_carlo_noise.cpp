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
// χ²(1999) quantiles 0.5 % and 99.5 % divided by 1999 (Wilson–Hilferty).
constexpr double kLower = 0.9206, kUpper = 1.0823;

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

void compareAt(const Series& reference, const Series& ensemble, const std::vector<double>& times, const char* what) {
  QCOMPARE(reference.time.size(), ensemble.time.size());
  for (double t : times) {
    const auto i = static_cast<std::size_t>(std::lround(t / (reference.time[1] - reference.time[0])));
    QVERIFY(std::abs(reference.time[i] - t) < 1e-12 && std::abs(ensemble.time[i] - t) < 1e-12);
    const double ratio = ensemble.variance[i] / reference.variance[i];
    qInfo("%s t = %g s: Monte Carlo / covariance variance = %.4f (99 %% interval %.4f .. %.4f)", what, t, ratio,
          kLower, kUpper);
    QVERIFY(ratio > kLower && ratio < kUpper);
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
};

QTEST_GUILESS_MAIN(TestMonteCarloNoise)
#include "tst_monte_carlo_noise.moc"
