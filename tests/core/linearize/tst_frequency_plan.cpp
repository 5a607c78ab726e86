// FrequencyPlan: the default bands hold every pole with the decades the noise
// integral and the Bode plots need, the response band reaches the Nyquist
// frequency of a sampled part, and the grid resolves a resonance of any Q:
// the largest |H| on the grid of a second-order low-pass is its peak Q/sqrt(1 − 1/(4Q²)).
#define QT_NO_KEYWORDS
#include <QtTest>

#include <cmath>
#include <complex>
#include <numbers>

#include "linearize/frequency_plan.h"

using namespace kelvin;
using core::FrequencyPlan;

namespace {

constexpr double kPi = std::numbers::pi;

std::vector<std::complex<double>> resonance(double f0, double q) {
  const double w0 = 2.0 * kPi * f0;
  const std::complex<double> root = std::sqrt(std::complex<double>(1.0 / (4.0 * q * q) - 1.0, 0.0));
  return {w0 * (-1.0 / (2.0 * q) + root), w0 * (-1.0 / (2.0 * q) - root)};
}

}  // namespace

class TestFrequencyPlan : public QObject {
  Q_OBJECT

 private Q_SLOTS:
  void bandsHoldThePoles() {
    std::vector<std::complex<double>> poles = resonance(159e3, 100.0);
    poles.push_back(-2.0 * kPi * 10.0);
    const FrequencyPlan plan(poles);
    const core::FrequencyBand noise = plan.noiseBand(), response = plan.responseBand();
    QCOMPARE(noise.lowHz, 10.0 * 1e-5);
    QVERIFY(std::abs(noise.highHz / (159e3 * 1e5) - 1.0) < 1e-12);
    QVERIFY(std::abs(response.lowHz / 0.1 - 1.0) < 1e-12);
    QVERIFY(std::abs(response.highHz / (159e3 * 100.0) - 1.0) < 1e-12);
  }

  void noPolesFallBack() {
    const FrequencyPlan plan(std::vector<std::complex<double>>{{0.0, 0.0}});  // an integrator's pole at 0 says nothing about a band
    QCOMPARE(plan.noiseBand().lowHz, FrequencyPlan::kFallbackBand.lowHz);
    QCOMPARE(plan.responseBand().highHz, FrequencyPlan::kFallbackBand.highHz);
  }

  void sampledPartsReachNyquist() {
    const FrequencyPlan discrete({}, {1e-3});
    QCOMPARE(discrete.responseBand().highHz, 500.0);
    // A continuous pole far above: its two decades win.
    const FrequencyPlan mixed(std::vector<std::complex<double>>{{-2.0 * kPi * 1e4, 0.0}}, {1e-3});
    QVERIFY(std::abs(mixed.responseBand().highHz / 1e6 - 1.0) < 1e-12);
    const FrequencyPlan delayed({}, {}, {1e-3});
    QVERIFY(std::abs(delayed.responseBand().highHz / 1e4 - 1.0) < 1e-12);
  }

  void gridResolvesThePeak_data() {
    QTest::addColumn<double>("q");
    for (double q : {2.0, 100.0, 1e3, 1e5, 1e7}) QTest::newRow(qPrintable(QString::number(q))) << q;
  }
  void gridResolvesThePeak() {
    QFETCH(double, q);
    const double f0 = 159e3, w0 = 2.0 * kPi * f0;
    const FrequencyPlan plan(resonance(f0, q));
    const std::vector<double> hz = plan.grid(plan.responseBand(), FrequencyPlan::kDefaultPoints);
    QVERIFY(std::is_sorted(hz.begin(), hz.end()));
    QVERIFY(std::adjacent_find(hz.begin(), hz.end()) == hz.end());
    double largest = 0.0;
    for (double f : hz) {
      const std::complex<double> s(0.0, 2.0 * kPi * f);
      largest = std::max(largest, std::abs(w0 * w0 / (s * s + s * w0 / q + w0 * w0)));
    }
    const double peak = q / std::sqrt(1.0 - 1.0 / (4.0 * q * q));
    qInfo("Q = %g: largest |H| on the grid / peak = %.6f, %zu points", q, largest / peak, hz.size());
    // Points every half of a half-bandwidth: the nearest is within σ/4 of the peak, where
    // |H|/peak ≥ 1/sqrt(1 + 1/16) ≈ 0.970.
    QVERIFY(largest / peak > 0.97);
    QVERIFY(hz.size() < 400u);
  }

  void gridRejectsBadBands() {
    const FrequencyPlan plan(std::vector<std::complex<double>>{});
    QVERIFY_THROWS_EXCEPTION(std::invalid_argument, plan.grid({0.0, 1.0}, 10));
    QVERIFY_THROWS_EXCEPTION(std::invalid_argument, plan.grid({2.0, 1.0}, 10));
    QVERIFY_THROWS_EXCEPTION(std::invalid_argument, plan.grid({1.0, 2.0}, 1));
  }
};

QTEST_APPLESS_MAIN(TestFrequencyPlan)
#include "tst_frequency_plan.moc"
