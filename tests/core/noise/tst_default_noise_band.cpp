// The noise spectrum with default options (the band and grid of the poles,
// refined) integrates to the exact variance: equipartition in passive
// networks at temperature T — kT/C for a capacitor's voltage, kT/k and kT/m
// for a mass on a spring — on the shipped Brownian resonator and on series
// RLC circuits and mass–spring–dampers over a range of Q and natural
// frequencies, first and second order. Where the integral cannot be trusted
// (a sensor that sees white noise directly, a band that cuts off variance, a
// grid left coarse) the spectrum says so.
#define QT_NO_KEYWORDS
#include <QtTest>

#include <algorithm>
#include <cmath>
#include <numbers>

#include "expr/si_number.h"
#include "model/model_file.h"
#include "noise_test_models.h"
#include "run/compiled_model.h"
#include "run/noise_run.h"
#include "support/simulation_trace.h"

using namespace kelvin;

namespace {

constexpr double kT = test::kBoltzmann * test::kTemperature;
/// The issue's bound on the integrated noise with default options.
constexpr double kAccuracy = 1e-3;

/// R – L – C in series around a loop, NS across C.
std::string seriesRlc(double r, double l, double c) {
  auto n = [](double v) { return QString::number(v, 'g', 17).toStdString(); };
  return R"({"format": "kelvin-model", "version": 1, "name": "rlc",
    "settings": {"stop_time": "1m", "temperature": 300},
    "blocks": [
      {"id": "R1", "type": "electrical.Resistor", "params": {"R": ")" + n(r) + R"("}},
      {"id": "L1", "type": "electrical.Inductor", "params": {"L": ")" + n(l) + R"("}},
      {"id": "C1", "type": "electrical.Capacitor", "params": {"C": ")" + n(c) + R"("}},
      {"id": "G", "type": "electrical.Ground"},
      {"id": "NS", "type": "electrical.NoiseSensor"}],
    "connections": [
      {"from": "R1.n", "to": "L1.p"}, {"from": "L1.n", "to": "C1.p"}, {"from": "C1.n", "to": "G.p"},
      {"from": "R1.p", "to": "G.p"}, {"from": "NS.p", "to": "C1.p"}, {"from": "NS.n", "to": "G.p"}]})";
}

/// A mass on a spring and a damper to a wall, position and velocity sensors.
std::string massSpringDamper(double m, double k, double d) {
  auto n = [](double v) { return QString::number(v, 'g', 17).toStdString(); };
  return R"({"format": "kelvin-model", "version": 1, "name": "msd",
    "settings": {"stop_time": "1m", "temperature": 300},
    "blocks": [
      {"id": "Wall", "type": "translational.Fixed"},
      {"id": "K", "type": "translational.Spring", "params": {"k": ")" + n(k) + R"("}},
      {"id": "D", "type": "translational.Damper", "params": {"d": ")" + n(d) + R"("}},
      {"id": "M", "type": "translational.Mass", "params": {"m": ")" + n(m) + R"("}},
      {"id": "NX", "type": "translational.NoiseSensor", "params": {"quantity": "position"}},
      {"id": "NV", "type": "translational.NoiseSensor", "params": {"quantity": "velocity"}},
      {"id": "Ref", "type": "translational.Fixed"}],
    "connections": [
      {"from": "K.a", "to": "M.a"}, {"from": "D.a", "to": "M.a"}, {"from": "K.b", "to": "Wall.a"},
      {"from": "D.b", "to": "Wall.a"}, {"from": "M.b", "to": "NX.a"}, {"from": "M.b", "to": "NV.a"},
      {"from": "NX.b", "to": "Ref.a"}, {"from": "NV.b", "to": "Ref.a"}]})";
}

core::NoiseSpectrum defaultSpectrum(const std::string& json, const core::NoiseSweep& sweep = {}) {
  const core::Model model = core::parseModel(json, "test");
  const auto compiled = core::compileModel(model, test::library(), "test");
  return core::noiseSpectrum(*compiled, core::SimulationOptions::fromSettings(model.settings), {}, 0.0, sweep);
}

core::NoiseSpectrum exampleSpectrum(const char* name) {
  const std::string path = std::string(KELVIN_EXAMPLES_DIR) + "/" + name;
  const core::Model model = core::loadModel(path);
  const auto compiled = core::compileModel(model, test::library(), path);
  return core::noiseSpectrum(*compiled, core::SimulationOptions::fromSettings(model.settings),
                             core::NoiseRunOptions::fromSettings(model.settings), 0.0, core::NoiseSweep{});
}

}  // namespace

class TestDefaultNoiseBand : public QObject {
  Q_OBJECT

 private Q_SLOTS:
  void brownianResonatorIsAtEquipartition() {
    const core::NoiseSpectrum s = exampleSpectrum("brownian_resonator.kelvin");
    const double kT = test::kBoltzmann * 300.15;  // the example's temperature
    const double expected[] = {kT / 1.0, kT / 1e-12};  // NX: kT/k, NV: kT/m
    for (int o = 0; o < 2; ++o) {
      const double error = std::abs(s.totalVariance[o] / expected[o] - 1.0);
      qInfo("brownian_resonator %s: %.6g (exact %.6g), relative error %.2e, %zu frequencies", s.outputs[o].c_str(),
            s.totalVariance[o], expected[o], error, s.frequencies.size());
      QVERIFY2(error < kAccuracy, qPrintable(QString::number(error)));
    }
    QVERIFY2(s.warnings.empty(), s.warnings.empty() ? "" : s.warnings.front().c_str());
  }

  void seriesRlcIsAtEquipartition_data() {
    QTest::addColumn<double>("l");
    QTest::addColumn<double>("c");
    QTest::addColumn<double>("q");
    // Q = sqrt(L/C)/R, f0 = 1/(2π sqrt(LC)).
    for (double q : {0.2, 1.0, 1e3, 1e5}) {
      QTest::newRow(qPrintable(QStringLiteral("f0 = 1.6 kHz, Q = %1").arg(q))) << 10e-3 << 1e-6 << q;
      QTest::newRow(qPrintable(QStringLiteral("f0 = 159 MHz, Q = %1").arg(q))) << 1e-6 << 1e-12 << q;
    }
    QTest::newRow("f0 = 5 mHz, Q = 300") << 1e3 << 1.0 << 300.0;
  }
  void seriesRlcIsAtEquipartition() {
    QFETCH(double, l);
    QFETCH(double, c);
    QFETCH(double, q);
    const double r = std::sqrt(l / c) / q;
    const core::NoiseSpectrum s = defaultSpectrum(seriesRlc(r, l, c));
    const double error = std::abs(s.totalVariance[0] / (kT / c) - 1.0);
    qInfo("series RLC, Q = %g: relative error %.2e, estimate %.2e, %zu frequencies over %.3g .. %.3g Hz", q, error,
          s.relativeError[0], s.frequencies.size(), s.band.lowHz, s.band.highHz);
    QVERIFY2(error < kAccuracy, qPrintable(QString::number(error)));
    QVERIFY2(s.warnings.empty(), s.warnings.empty() ? "" : s.warnings.front().c_str());
  }

  void massSpringDamperIsAtEquipartition_data() {
    QTest::addColumn<double>("m");
    QTest::addColumn<double>("k");
    QTest::addColumn<double>("d");
    QTest::newRow("Q = 10^4, f0 = 1.6 MHz") << 1e-14 << 1.0 << 1e-11;
    QTest::newRow("Q = 0.1 (overdamped)") << 1.0 << 100.0 << 200.0;
    QTest::newRow("Q = 3e6, f0 = 16 Hz") << 1.0 << 1e4 << 3.3e-5;
  }
  void massSpringDamperIsAtEquipartition() {
    QFETCH(double, m);
    QFETCH(double, k);
    QFETCH(double, d);
    const core::NoiseSpectrum s = defaultSpectrum(massSpringDamper(m, k, d));
    const double expected[] = {kT / k, kT / m};
    for (int o = 0; o < 2; ++o) {
      const double error = std::abs(s.totalVariance[o] / expected[o] - 1.0);
      qInfo("mass-spring-damper %s: relative error %.2e", s.outputs[o].c_str(), error);
      QVERIFY2(error < kAccuracy, qPrintable(QString::number(error)));
    }
    QVERIFY(s.warnings.empty());
  }

  void firstOrderIsAtEquipartition_data() {
    QTest::addColumn<std::string>("r");
    QTest::addColumn<std::string>("c");
    QTest::newRow("1 kΩ, 1 nF") << std::string("1k") << std::string("1n");
    QTest::newRow("1 MΩ, 1 µF") << std::string("1Meg") << std::string("1u");
    QTest::newRow("1 Ω, 1 pF") << std::string("1") << std::string("1p");
  }
  void firstOrderIsAtEquipartition() {
    QFETCH(std::string, r);
    QFETCH(std::string, c);
    const core::NoiseSpectrum s = defaultSpectrum(test::rcLowpass(r, c));
    const double capacitance = *core::parseSiNumber(c);
    const double error = std::abs(s.totalVariance[0] / (kT / capacitance) - 1.0);
    qInfo("RC %s, %s: relative error %.2e", r.c_str(), c.c_str(), error);
    QVERIFY2(error < kAccuracy, qPrintable(QString::number(error)));
    QVERIFY(s.warnings.empty());
  }

  void coarseSweepsWarn() {
    // Q = 1000 on 200 log points, no refinement: the warning says the integral is off.
    core::NoiseSweep coarse;
    coarse.refine = false;
    const core::NoiseSpectrum s = defaultSpectrum(seriesRlc(0.1, 10e-3, 1e-6), coarse);
    QVERIFY(!s.warnings.empty());
    QVERIFY2(QString::fromStdString(s.warnings.front()).contains("may be off by more than 0.1 %"), s.warnings.front().c_str());
    // A band that stops below the resonance: the PSD still rises at its top, so the variance
    // outside is unbounded as far as the band can tell.
    core::NoiseSweep low;
    low.lowHz = 1.0;
    low.highHz = 100.0;
    const core::NoiseSpectrum cut = defaultSpectrum(seriesRlc(0.1, 10e-3, 1e-6), low);
    QVERIFY(std::any_of(cut.warnings.begin(), cut.warnings.end(),
                        [](const std::string& w) { return w.find("does not fall off at an end of the band") != std::string::npos; }));
    // Q = 1 and a band that stops at twice f0: the f⁻⁴ tail beyond holds ~ (f0/f)³/3 of the
    // variance, a few per cent, and is named.
    core::NoiseSweep narrow;
    narrow.lowHz = 1e-3;
    narrow.highHz = 3e3;
    const core::NoiseSpectrum tail = defaultSpectrum(seriesRlc(100.0, 10e-3, 1e-6), narrow);
    QVERIFY(std::any_of(tail.warnings.begin(), tail.warnings.end(),
                        [](const std::string& w) { return w.find("lies outside the band") != std::string::npos; }));
  }

  void whiteNoiseWithoutBandwidthWarns() {
    // The sensor across the resistor alone sees 4kTR flat to any frequency: no finite variance.
    const std::string json = R"({"format": "kelvin-model", "version": 1, "name": "r",
      "settings": {"stop_time": "1m", "temperature": 300},
      "blocks": [
        {"id": "R1", "type": "electrical.Resistor", "params": {"R": "1k"}},
        {"id": "C1", "type": "electrical.Capacitor", "params": {"C": "1n"}},
        {"id": "R2", "type": "electrical.Resistor", "params": {"R": "1k"}},
        {"id": "G", "type": "electrical.Ground"},
        {"id": "NS", "type": "electrical.NoiseSensor"}],
      "connections": [
        {"from": "R1.p", "to": "G.p"}, {"from": "R1.n", "to": "C1.p"}, {"from": "C1.n", "to": "R2.p"},
        {"from": "R2.n", "to": "G.p"}, {"from": "NS.p", "to": "R1.n"}, {"from": "NS.n", "to": "G.p"}]})";
    const core::NoiseSpectrum s = defaultSpectrum(json);
    QVERIFY(std::any_of(s.warnings.begin(), s.warnings.end(),
                        [](const std::string& w) { return w.find("does not fall off") != std::string::npos; }));
  }
};

QTEST_APPLESS_MAIN(TestDefaultNoiseBand)
#include "tst_default_noise_band.moc"
