// The noise spectrum at an operating point against closed forms: the RC
// low-pass's output PSD 4kTR/(1 + (2πfRC)²), the budget of two resistors in
// parallel (each source's share is its conductance's share, and the shares add
// up to the total), the pink-noise shaping filter's 1/f slope, and the diode's
// shot noise 2qI seen through its own small-signal conductance.
#define QT_NO_KEYWORDS
#include <QtTest>

#include <cmath>
#include <numbers>

#include "model/model_file.h"
#include "noise_test_models.h"
#include "run/compiled_model.h"
#include "run/noise_run.h"
#include "support/simulation_trace.h"

using namespace kelvin;

namespace {

constexpr double kT = test::kBoltzmann * test::kTemperature;

core::NoiseSpectrum spectrumOf(const std::string& json, const std::vector<double>& f, double at = 0.0) {
  const core::Model model = core::parseModel(json, "test");
  const auto compiled = core::compileModel(model, test::library(), "test");
  return core::noiseSpectrum(*compiled, core::SimulationOptions::fromSettings(model.settings), {}, at, f);
}

std::vector<double> logSpaced(double fmin, double fmax, int n) {
  std::vector<double> f(n);
  for (int i = 0; i < n; ++i) f[i] = fmin * std::pow(fmax / fmin, i / (n - 1.0));
  return f;
}

std::string parallelResistors() {
  return R"({"format": "kelvin-model", "version": 1, "name": "two_resistors",
    "settings": {"temperature": 300},
    "blocks": [
      {"id": "R1", "type": "electrical.Resistor", "params": {"R": "1k"}},
      {"id": "R2", "type": "electrical.Resistor", "params": {"R": "3k"}},
      {"id": "C1", "type": "electrical.Capacitor", "params": {"C": "1n"}},
      {"id": "G", "type": "electrical.Ground"},
      {"id": "NS", "type": "electrical.NoiseSensor"}],
    "connections": [
      {"from": "R1.p", "to": "C1.p"}, {"from": "R2.p", "to": "C1.p"}, {"from": "R1.n", "to": "G.p"},
      {"from": "R2.n", "to": "G.p"}, {"from": "C1.n", "to": "G.p"}, {"from": "NS.p", "to": "C1.p"},
      {"from": "NS.n", "to": "G.p"}]})";
}

std::string pinkNoise() {
  return R"({"format": "kelvin-model", "version": 1, "name": "pink",
    "blocks": [{"id": "P", "type": "signal.PinkNoise", "params": {"psd": "1e-6", "corner": "100"}},
               {"id": "Y", "type": "signal.Gain", "params": {"k": "1"}}],
    "connections": [{"from": "P.y", "to": "Y.u"}]})";
}

/// A current source driving a diode (no series resistance).
std::string biasedDiode(const std::string& current) {
  return R"({"format": "kelvin-model", "version": 1, "name": "diode",
    "settings": {"temperature": 300},
    "blocks": [
      {"id": "I1", "type": "electrical.CurrentSource", "params": {"I": ")" + current + R"("}},
      {"id": "D1", "type": "electrical.Diode", "params": {"Is": "1e-14"}},
      {"id": "G", "type": "electrical.Ground"},
      {"id": "NS", "type": "electrical.NoiseSensor"}],
    "connections": [
      {"from": "I1.n", "to": "D1.p"}, {"from": "I1.p", "to": "G.p"}, {"from": "D1.n", "to": "G.p"},
      {"from": "NS.p", "to": "D1.p"},
      {"from": "NS.n", "to": "G.p"}]})";
}

}  // namespace

class TestNoiseSpectrum : public QObject {
  Q_OBJECT

 private Q_SLOTS:
  void rcLowpassMatchesClosedForm() {
    const double r = 1e3, c = 1e-9;
    const std::vector<double> f = logSpaced(1e3, 1e8, 20);
    const core::NoiseSpectrum s = spectrumOf(test::rcLowpass(), f);
    double worst = 0.0;
    for (std::size_t i = 0; i < f.size(); ++i) {
      const double x = 2.0 * std::numbers::pi * f[i] * r * c;
      const double expected = 4.0 * kT * r / (1.0 + x * x);
      worst = std::max(worst, std::abs(s.psd[0][i] / expected - 1.0));
    }
    qInfo("RC PSD: worst relative error %.3g at 20 frequencies", worst);
    QVERIFY(worst < 1e-6);  // one complex LU per frequency: rounding only
  }

  void budgetOfTwoResistorsSharesByConductance() {
    const core::NoiseSpectrum s = spectrumOf(parallelResistors(), logSpaced(1.0, 1e10, 3000));
    const auto& budget = s.budget[0];
    QCOMPARE(budget.size(), std::size_t(2));
    double sum = 0.0;
    for (const auto& c : budget) sum += c.variance;
    QVERIFY(std::abs(sum / s.totalVariance[0] - 1.0) < 1e-12);  // the same quadrature, added: rounding
    // Both sources see the same transfer; their PSDs are 4kT/R: shares 3/4 (1 kΩ) and 1/4 (3 kΩ).
    QCOMPARE(QString::fromStdString(budget[0].block), QString("R1"));
    QVERIFY(std::abs(budget[0].variance / sum - 0.75) < 1e-9);
    QVERIFY(std::abs(budget[1].variance / sum - 0.25) < 1e-9);
    // Equipartition of the total: the band's tails hold < 10⁻⁴ of kT/C.
    QVERIFY(std::abs(sum / (kT / 1e-9) - 1.0) < 1e-3);
  }

  void pinkNoiseFallsAsOneOverF() {
    // The shaping filter (13 first-order sections, half a decade apart) follows psd·corner/f to
    // ±0.5 dB between corner/100 and 100·corner (a ripple of a fraction of a dB is its design).
    const std::vector<double> f = logSpaced(1.0, 1e4, 41);
    const core::Model model = core::parseModel(pinkNoise(), "test");
    const auto compiled = core::compileModel(model, test::library(), "test");
    core::NoiseRunOptions noise;
    noise.extraSignals = {"Y.y"};
    const core::NoiseSpectrum s =
        core::noiseSpectrum(*compiled, core::SimulationOptions::fromSettings(model.settings), noise, 0.0, f);
    double worstDb = 0.0;
    for (std::size_t i = 0; i < f.size(); ++i)
      worstDb = std::max(worstDb, std::abs(10.0 * std::log10(s.psd[0][i] / (1e-6 * 100.0 / f[i]))));
    qInfo("pink noise: worst deviation from 1/f %.3f dB over 1 Hz .. 10 kHz", worstDb);
    QVERIFY(worstDb < 0.5);
  }

  void diodeShotNoiseThroughItsConductance() {
    // At a DC bias I the diode is a conductance g = I/Vt (plus Is/Vt, GMIN) with shot noise 2qI:
    // the low-frequency voltage PSD is 2qI/g².
    for (const double current : {1e-6, 1e-3}) {
      const core::Model model = core::parseModel(biasedDiode(QString::number(current).toStdString()), "test");
      const auto compiled = core::compileModel(model, test::library(), "test");
      const core::NoiseSpectrum s =
          core::noiseSpectrum(*compiled, core::SimulationOptions::fromSettings(model.settings), {}, 0.0, std::vector<double>{1e-3});
      const double vt = kT / 1.602176634e-19, q = 1.602176634e-19;
      // The junction takes I less what GMIN (1e-12 S) carries at the junction voltage v.
      double diffusion = current;
      for (int k = 0; k < 5; ++k) diffusion = current - 1e-12 * vt * std::log1p(diffusion / 1e-14);
      const double g = (diffusion + 1e-14) / vt + 1e-12;
      const double expected = 2.0 * q * diffusion / (g * g);
      qInfo("diode at %g A: shot-noise PSD / (2qI/g²) − 1 = %.3g", current, s.psd[0][0] / expected - 1.0);
      QVERIFY2(std::abs(s.psd[0][0] / expected - 1.0) < 1e-8,  // the initial Newton solve converges to ~1e-12 relative
               qPrintable(QString::number(s.psd[0][0] / expected)));
    }
  }
};

QTEST_GUILESS_MAIN(TestNoiseSpectrum)
#include "tst_noise_spectrum.moc"
