// SpectrumIntegrator on spectra whose integrals are known in closed form: a
// first-order (Lorentzian) spectrum, the position spectrum of a resonator
// driven by white force for Q from 0.3 to 10^7 and natural frequencies from
// 10 mHz to 1 GHz, on the default grid of the poles (FrequencyPlan) — the
// grid that `kelvin-cli noise --psd` uses — and the quadrature weights applied
// to a part of the spectrum. Also: the estimate of the variance outside the
// band, and the budget flag.
#define QT_NO_KEYWORDS
#include <QtTest>

#include <cmath>
#include <complex>
#include <numbers>

#include "linearize/frequency_plan.h"
#include "noise/spectrum_integrator.h"

using namespace kelvin;
using core::FrequencyPlan;
using core::SpectrumIntegrator;

namespace {

constexpr double kPi = std::numbers::pi;

/// The poles of ẍ + (ω0/Q)ẋ + ω0²x: −ω0/(2Q) ± ω0·sqrt(1/(4Q²) − 1).
std::vector<std::complex<double>> resonatorPoles(double w0, double q) {
  const std::complex<double> root = std::sqrt(std::complex<double>(1.0 / (4.0 * q * q) - 1.0, 0.0));
  return {w0 * (-1.0 / (2.0 * q) + root), w0 * (-1.0 / (2.0 * q) - root)};
}

/// S(f) = 1/|ω0² − ω² + jωω0/Q|² (ω = 2πf), whose integral over all f is Q/(4ω0³):
/// ∫₀^∞ dω/((ω0² − ω²)² + (ωω0/Q)²) = πQ/(2ω0³), and df = dω/2π.
double resonatorPsd(double f, double w0, double q) {
  const double w = 2.0 * kPi * f;
  return 1.0 / std::norm(std::complex<double>(w0 * w0 - w * w, w * w0 / q));
}

/// The integral of resonatorPsd over [low, high] Hz: the whole less the two tails, to O((low/f0)³)
/// below (S ≈ 1/ω0⁴ there, with a relative slope of O((f/f0)²)) and O((f0/high)²) above (S ≈ 1/ω⁴).
double resonatorBandIntegral(double w0, double q, double low, double high) {
  const double whole = q / (4.0 * w0 * w0 * w0);
  const double wl = 2.0 * kPi * low, wh = 2.0 * kPi * high;
  return whole - (wl / std::pow(w0, 4)) / (2.0 * kPi) - (1.0 / (3.0 * std::pow(wh, 3))) / (2.0 * kPi);
}

}  // namespace

class TestSpectrumIntegrator : public QObject {
  Q_OBJECT

 private Q_SLOTS:
  void lorentzianOverAnyBand_data() {
    QTest::addColumn<double>("corner");
    QTest::addColumn<double>("low");
    QTest::addColumn<double>("high");
    QTest::newRow("band around the corner") << 1e3 << 1.0 << 1e6;
    QTest::newRow("band above the corner") << 1.0 << 10.0 << 1e3;
    QTest::newRow("narrow band") << 50.0 << 40.0 << 60.0;
  }
  void lorentzianOverAnyBand() {
    QFETCH(double, corner);
    QFETCH(double, low);
    QFETCH(double, high);
    // S = 1/(1 + (f/fc)²): ∫ = fc·(atan(high/fc) − atan(low/fc)).
    const auto psd = [corner](double f) { return std::vector<double>{1.0 / (1.0 + (f / corner) * (f / corner))}; };
    const double exact = corner * (std::atan(high / corner) - std::atan(low / corner));
    const FrequencyPlan plan(std::vector<std::complex<double>>{{-2.0 * kPi * corner, 0.0}});
    const auto result = SpectrumIntegrator::integrate(plan.grid({low, high}, 20), psd, {});
    const double error = std::abs(result.totals[0] / exact - 1.0);
    qInfo("Lorentzian fc = %g over %g .. %g Hz: relative error %.2e, %zu points, estimate %.2e", corner, low, high,
          error, result.hz.size(), result.relativeError[0]);
    QVERIFY(!result.budgetExhausted);
    // The refinement aims at an estimated 1e-5; Simpson's real error is at or below its estimate here.
    QVERIFY(error < 1e-5);
    QVERIFY(result.relativeError[0] < 1e-5);
    // The weights are the rule: Σ w·S is the total.
    double sum = 0.0;
    for (std::size_t i = 0; i < result.hz.size(); ++i) sum += result.weights[i] * psd(result.hz[i])[0];
    QCOMPARE(sum, result.totals[0]);
  }

  void resonatorOnThePolesGrid_data() {
    QTest::addColumn<double>("f0");
    QTest::addColumn<double>("q");
    for (double f0 : {1e-2, 159e3, 1e9})
      for (double q : {0.3, 1.0, 30.0, 1e3, 1e5, 1e7})
        QTest::newRow(qPrintable(QStringLiteral("f0 = %1 Hz, Q = %2").arg(f0).arg(q))) << f0 << q;
  }
  void resonatorOnThePolesGrid() {
    QFETCH(double, f0);
    QFETCH(double, q);
    const double w0 = 2.0 * kPi * f0;
    const FrequencyPlan plan(resonatorPoles(w0, q));
    const core::FrequencyBand band = plan.noiseBand();
    QVERIFY(band.lowHz <= f0 * 1e-5 * (1.0 + 1e-12) && band.highHz >= f0 * 1e5 * (1.0 - 1e-12));
    int calls = 0;
    const auto psd = [&](double f) {
      ++calls;
      return std::vector<double>{resonatorPsd(f, w0, q)};
    };
    const auto result =
        SpectrumIntegrator::integrate(plan.grid(band, FrequencyPlan::kDefaultPoints), psd, SpectrumIntegrator::Options{});
    const double exact = resonatorBandIntegral(w0, q, band.lowHz, band.highHz);
    const double error = std::abs(result.totals[0] / exact - 1.0);
    qInfo("f0 = %g Hz, Q = %g: relative error %.2e (estimate %.2e), %zu points, outside the band %.1e", f0, q, error,
          result.relativeError[0], result.hz.size(), result.outsideBand[0]);
    QCOMPARE(static_cast<std::size_t>(calls), result.hz.size());  // each frequency evaluated once
    QVERIFY(!result.budgetExhausted);
    // The bound is 1e-3 for the integrated noise; the refinement's target is 1e-5.
    QVERIFY2(error < 1e-4, qPrintable(QString::number(error)));
    // The whole less the band is the variance outside it: (2/π)·(low/f0)/Q below, ~ (f0/high)³ above.
    QVERIFY(result.outsideBand[0] < 1e-4);
  }

  void unrefinedTrapezoidsSayTheyAreCoarse() {
    // Q = 1000 on 200 log-spaced points and no refinement: the peak falls between points.
    const double w0 = 2.0 * kPi * 1e3, q = 1e3;
    const auto psd = [&](double f) { return std::vector<double>{resonatorPsd(f, w0, q)}; };
    std::vector<double> hz;
    for (int i = 0; i < 200; ++i) hz.push_back(std::pow(10.0, -2.0 + 10.0 * i / 199.0));
    SpectrumIntegrator::Options options;
    options.refine = false;
    const auto result = SpectrumIntegrator::integrate(hz, psd, options);
    const double error = std::abs(result.totals[0] / resonatorBandIntegral(w0, q, hz.front(), hz.back()) - 1.0);
    qInfo("Q = 1000 on 200 log points: relative error %.2f, estimate %.2f", error, result.relativeError[0]);
    QVERIFY(error > 0.1);
    QVERIFY(result.relativeError[0] > 1e-3);  // the estimate sees that the rule is not converged
  }

  void budgetIsReported() {
    const double w0 = 2.0 * kPi * 1e3;
    const auto psd = [&](double f) { return std::vector<double>{resonatorPsd(f, w0, 1e3)}; };
    SpectrumIntegrator::Options options;
    options.maxPoints = 50;
    const auto result = SpectrumIntegrator::integrate({1.0, 1e6}, psd, options);
    QVERIFY(result.budgetExhausted);
    QVERIFY(result.hz.size() <= 50u);
  }

  void tailsFromTheEndSlopes() {
    // S = 1/f²: above high the tail is S(high)·high = 1/high exactly; below low it diverges.
    const auto psd = [](double f) { return std::vector<double>{1.0 / (f * f)}; };
    const auto result = SpectrumIntegrator::integrate({1.0, 100.0}, psd, {});
    const double inside = 1.0 - 1.0 / 100.0;
    QVERIFY(std::abs(result.totals[0] / inside - 1.0) < 2e-5);  // the refinement's target 1e-5, with its margin
    QVERIFY(std::isinf(result.outsideBand[0]));
    // White below 1 Hz, then f⁻⁴: tails 1·1 below, and S(high)·high/3 above.
    const auto bent = [](double f) { return std::vector<double>{f < 1.0 ? 1.0 : std::pow(f, -4.0)}; };
    const auto r = SpectrumIntegrator::integrate({1e-3, 1e-2, 10.0, 20.0}, bent, {});
    const double outside = 1e-3 + std::pow(20.0, -3.0) / 3.0;
    QVERIFY2(std::abs(r.outsideBand[0] * r.totals[0] / outside - 1.0) < 1e-6, qPrintable(QString::number(r.outsideBand[0])));
  }

  void rejectsBadFrequencies() {
    const auto psd = [](double) { return std::vector<double>{1.0}; };
    QVERIFY_THROWS_EXCEPTION(std::invalid_argument, SpectrumIntegrator::integrate({1.0}, psd, {}));
    QVERIFY_THROWS_EXCEPTION(std::invalid_argument, SpectrumIntegrator::integrate({2.0, 1.0}, psd, {}));
    QVERIFY_THROWS_EXCEPTION(std::invalid_argument, SpectrumIntegrator::integrate({0.0, 1.0}, psd, {}));
  }
};

QTEST_APPLESS_MAIN(TestSpectrumIntegrator)
#include "tst_spectrum_integrator.moc"
