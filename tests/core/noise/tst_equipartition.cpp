// Equipartition (DESIGN.md, "Noise"): in a passive network at temperature T every
// linear storage element holds kT/2 of energy on average, so ⟨v_C²⟩ = kT/C,
// ⟨i_L²⟩ = kT/L, ⟨v²⟩ = kT/m and ⟨x²⟩ = kT/k. Both noise methods must find it: the
// steady state of the transient envelope (covariance propagation) and the PSD
// integrated over frequency.
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

/// The last variance of every output of the transient envelope.
std::vector<double> finalVariances(const std::string& json, const core::NoiseRunOptions& noise = {}) {
  const core::Model model = core::parseModel(json, "test");
  const auto compiled = core::compileModel(model, test::library(), "test");
  const auto options = core::SimulationOptions::fromSettings(model.settings);
  std::vector<double> last;
  core::simulateNoise(*compiled, options, noise,
                      [&](double, const std::vector<double>&, const std::vector<double>& variance) { last = variance; });
  return last;
}

/// The PSD of every output integrated over [fmin, fmax] (points log-spaced).
std::vector<double> integratedPsd(const std::string& json, double fmin, double fmax, int points,
                                  const core::NoiseRunOptions& noise = {}) {
  const core::Model model = core::parseModel(json, "test");
  const auto compiled = core::compileModel(model, test::library(), "test");
  std::vector<double> f(points);
  for (int i = 0; i < points; ++i) f[i] = fmin * std::pow(fmax / fmin, i / (points - 1.0));
  return core::noiseSpectrum(*compiled, core::SimulationOptions::fromSettings(model.settings), noise, 0.0, f)
      .totalVariance;
}

constexpr double kT = test::kBoltzmann * test::kTemperature;

std::string rlcSeries() {
  return R"({"format": "kelvin-model", "version": 1, "name": "rlc",
    "settings": {"stop_time": "2m", "step": "1u", "temperature": 300, "rtol": 1e-8, "atol": 1e-12},
    "blocks": [
      {"id": "V1", "type": "electrical.VoltageSource", "params": {"V": "1"}},
      {"id": "R1", "type": "electrical.Resistor", "params": {"R": "100"}},
      {"id": "L1", "type": "electrical.Inductor", "params": {"L": "10m"}},
      {"id": "C1", "type": "electrical.Capacitor", "params": {"C": "1u"}},
      {"id": "G", "type": "electrical.Ground"},
      {"id": "NS", "type": "electrical.NoiseSensor"}],
    "connections": [
      {"from": "V1.p", "to": "R1.p"}, {"from": "R1.n", "to": "L1.p"}, {"from": "L1.n", "to": "C1.p"},
      {"from": "C1.n", "to": "G.p"}, {"from": "V1.n", "to": "G.p"},
      {"from": "NS.p", "to": "C1.p"}, {"from": "NS.n", "to": "G.p"}]})";
}

std::string massSpringDamper() {
  return R"({"format": "kelvin-model", "version": 1, "name": "msd",
    "settings": {"stop_time": "30", "step": "10m", "temperature": 300, "rtol": 1e-8, "atol": 1e-14},
    "blocks": [
      {"id": "Wall", "type": "translational.Fixed"},
      {"id": "S", "type": "translational.Spring", "params": {"k": "100"}},
      {"id": "D", "type": "translational.Damper", "params": {"d": "1"}},
      {"id": "M", "type": "translational.Mass", "params": {"m": "1"}},
      {"id": "NV", "type": "translational.NoiseSensor"},
      {"id": "NX", "type": "translational.NoiseSensor", "params": {"quantity": "position"}}],
    "connections": [
      {"from": "S.a", "to": "M.a"}, {"from": "D.a", "to": "M.a"}, {"from": "S.b", "to": "Wall.a"},
      {"from": "D.b", "to": "Wall.a"}, {"from": "NV.a", "to": "M.a"}, {"from": "NV.b", "to": "Wall.a"},
      {"from": "NX.a", "to": "M.a"}, {"from": "NX.b", "to": "Wall.a"}]})";
}

/// A storage element fed through a dissipative one from a fixed reference, and a noise sensor across it.
std::string storageWithLoss(const std::string& blocks, const std::string& connections, const std::string& stop,
                            const std::string& step) {
  return R"({"format": "kelvin-model", "version": 1, "name": "domain",
    "settings": {"stop_time": ")" + stop + R"(", "step": ")" + step + R"(", "temperature": 300, "rtol": 1e-8, "atol": 1e-14},
    "blocks": [)" + blocks + R"(], "connections": [)" + connections + "]}";
}

}  // namespace

class TestEquipartition : public QObject {
  Q_OBJECT

 private Q_SLOTS:
  void rcNetwork() {
    // τ = RC = 1 µs; after 20 τ the envelope is at its steady state (the transient decays as e^(−2t/τ)).
    const std::vector<double> transient = finalVariances(test::rcLowpass());
    // The PSD 4kTR/(1+(f/fc)²), fc = 159 kHz, from fc/10⁴ to fc·10⁴: the tails hold 10⁻⁴ of the total.
    const std::vector<double> psd = integratedPsd(test::rcLowpass(), 16.0, 1.6e9, 2000);
    const double expected = kT / 1e-9;
    QCOMPARE(transient.size(), std::size_t(1));
    qInfo("RC: envelope/expected − 1 = %.3g, PSD/expected − 1 = %.3g", transient[0] / expected - 1.0,
          psd[0] / expected - 1.0);
    QVERIFY2(std::abs(transient[0] / expected - 1.0) < 0.01, qPrintable(QString::number(transient[0] / expected)));
    QVERIFY2(std::abs(psd[0] / expected - 1.0) < 0.01, qPrintable(QString::number(psd[0] / expected)));
  }

  void elementTemperature() {
    // The resistor at 600 K in a 300 K model: the capacitor comes to the resistor's temperature,
    // ⟨v²⟩ = k·600 K/C (exact to rounding after 20 τ, as above).
    std::string json = test::rcLowpass();
    const std::string r = R"("params": {"R": "1k"})";
    json.replace(json.find(r), r.size(), R"("params": {"R": "1k", "temperature": "600"})");
    const std::vector<double> v = finalVariances(json);
    QVERIFY(std::abs(v[0] / (test::kBoltzmann * 600.0 / 1e-9) - 1.0) < 1e-9);
  }

  void gainAfterSensorCarriesVariance() {
    core::NoiseRunOptions noise;
    noise.extraSignals = {"K.y"};
    const std::vector<double> v = finalVariances(test::rcLowpass(), noise);
    QCOMPARE(v.size(), std::size_t(2));
    // A gain of 10 scales the variance by 100 (to rounding).
    QVERIFY(std::abs(v[1] / (100.0 * v[0]) - 1.0) < 1e-12);
  }

  void rlcNetwork() {
    // ω0 = 1/√(LC) = 10⁴ rad/s, decay R/(2L) = 5000 /s: 2 ms is 10 time constants of the variance.
    core::NoiseRunOptions noise;
    noise.extraSignals = {"L1.i"};
    const std::vector<double> transient = finalVariances(rlcSeries(), noise);
    // f0 = 1.59 kHz, Q = 1: from f0/10⁴ to f0·10⁴ the tails of 1/f² (vC) and of f² then 1/f² (iL) hold < 10⁻³.
    const std::vector<double> psd = integratedPsd(rlcSeries(), 0.159, 1.59e7, 3000, noise);
    const double vC = kT / 1e-6, iL = kT / 10e-3;
    qInfo("RLC: envelope vC %.3g iL %.3g, PSD vC %.3g iL %.3g (relative errors)", transient[0] / vC - 1.0,
          transient[1] / iL - 1.0, psd[0] / vC - 1.0, psd[1] / iL - 1.0);
    QVERIFY2(std::abs(transient[0] / vC - 1.0) < 0.01, qPrintable(QString::number(transient[0] / vC)));
    QVERIFY2(std::abs(transient[1] / iL - 1.0) < 0.01, qPrintable(QString::number(transient[1] / iL)));
    QVERIFY2(std::abs(psd[0] / vC - 1.0) < 0.01, qPrintable(QString::number(psd[0] / vC)));
    QVERIFY2(std::abs(psd[1] / iL - 1.0) < 0.01, qPrintable(QString::number(psd[1] / iL)));
  }

  void otherDomains_data() {
    QTest::addColumn<QString>("json");
    QTest::addColumn<double>("expected");
    // Thermal: C = 10 J/K through G = 1 W/K (τ = 10 s) to a 300 K bath: ⟨δT²⟩ = kT²/C.
    QTest::newRow("thermal") << QString::fromStdString(storageWithLoss(
        R"({"id": "C", "type": "thermal.HeatCapacitor", "params": {"C": "10", "T0": "300"}},
           {"id": "G", "type": "thermal.Conductor", "params": {"G": "1"}},
           {"id": "B", "type": "thermal.TemperatureSource", "params": {"T": "300"}},
           {"id": "NS", "type": "thermal.NoiseSensor"})",
        R"({"from": "C.a", "to": "G.a"}, {"from": "G.b", "to": "B.a"}, {"from": "NS.a", "to": "C.a"},
           {"from": "NS.b", "to": "B.a"})", "200", "1")) << kT * test::kTemperature / 10.0;
    // Hydraulic: C = 1e-9 m³/Pa through R = 1e9 Pa·s/m³ (τ = 1 s) from a reservoir: ⟨p²⟩ = kT/C.
    QTest::newRow("hydraulic") << QString::fromStdString(storageWithLoss(
        R"({"id": "C", "type": "hydraulic.Capacitance", "params": {"C": "1e-9"}},
           {"id": "R", "type": "hydraulic.LaminarResistance", "params": {"R": "1e9"}},
           {"id": "T", "type": "hydraulic.Reservoir", "params": {"P": "0"}},
           {"id": "NS", "type": "hydraulic.NoiseSensor"})",
        R"({"from": "C.p", "to": "R.p"}, {"from": "R.n", "to": "T.p"}, {"from": "C.n", "to": "T.p"},
           {"from": "NS.p", "to": "C.p"}, {"from": "NS.n", "to": "T.p"})", "20", "0.1")) << kT / 1e-9;
    // Rotational: J = 0.01 kg·m² with d = 0.01 N·m·s/rad to a fixed flange (τ = 1 s): ⟨ω²⟩ = kT/J.
    QTest::newRow("rotational") << QString::fromStdString(storageWithLoss(
        R"({"id": "J", "type": "rotational.Inertia", "params": {"J": "0.01"}},
           {"id": "D", "type": "rotational.Damper", "params": {"d": "0.01"}},
           {"id": "F", "type": "rotational.Fixed"},
           {"id": "NS", "type": "rotational.NoiseSensor"})",
        R"({"from": "J.a", "to": "D.a"}, {"from": "D.b", "to": "F.a"}, {"from": "NS.a", "to": "J.b"},
           {"from": "NS.b", "to": "F.a"})", "20", "0.1")) << kT / 0.01;
  }

  void otherDomains() {
    QFETCH(QString, json);
    QFETCH(double, expected);
    // Twenty time constants: the variance's transient is e^(−40) of it.
    const std::vector<double> transient = finalVariances(json.toStdString());
    QCOMPARE(transient.size(), std::size_t(1));
    qInfo("envelope / equipartition − 1 = %.3g", transient[0] / expected - 1.0);
    QVERIFY2(std::abs(transient[0] / expected - 1.0) < 0.01, qPrintable(QString::number(transient[0] / expected)));
  }

  void massSpringDamperBrownianMotion() {
    // ω0 = 10 rad/s, ζ = 0.05: the variance settles as e^(−t·d/m) = e^(−t); 30 s leaves e^(−30).
    const std::vector<double> transient = finalVariances(massSpringDamper());
    // A resonance of relative width 2ζ = 0.1 at 1.59 Hz; 6000 log points (≈ 40 per width) from 1.6 mHz to 1.6 kHz.
    const std::vector<double> psd = integratedPsd(massSpringDamper(), 1.6e-3, 1.6e3, 6000);
    const double v2 = kT / 1.0, x2 = kT / 100.0;
    qInfo("MSD: envelope v %.3g x %.3g, PSD v %.3g x %.3g (relative errors)", transient[0] / v2 - 1.0,
          transient[1] / x2 - 1.0, psd[0] / v2 - 1.0, psd[1] / x2 - 1.0);
    QVERIFY2(std::abs(transient[0] / v2 - 1.0) < 0.01, qPrintable(QString::number(transient[0] / v2)));
    QVERIFY2(std::abs(transient[1] / x2 - 1.0) < 0.01, qPrintable(QString::number(transient[1] / x2)));
    QVERIFY2(std::abs(psd[0] / v2 - 1.0) < 0.01, qPrintable(QString::number(psd[0] / v2)));
    QVERIFY2(std::abs(psd[1] / x2 - 1.0) < 0.01, qPrintable(QString::number(psd[1] / x2)));
  }
};

QTEST_GUILESS_MAIN(TestEquipartition)
#include "tst_equipartition.moc"
