// A noise sensor across a resistive divider sees white noise through no storage:
// without a bandwidth the variance is unbounded and the run says so, naming the
// sensor; with a noise bandwidth B the variance is S·B, S = 4kT·(R1 ∥ R2) (the
// first-order filter's noise bandwidth is B by construction: τ = 1/(4B)). A signal
// shown beside the sensors (optional) gets NaN there instead of an error.
#define QT_NO_KEYWORDS
#include <QtTest>

#include <cmath>

#include "model/model_file.h"
#include "noise_test_models.h"
#include "run/compiled_model.h"
#include "run/noise_run.h"
#include "solve/simulation_error.h"
#include "support/simulation_trace.h"

using namespace kelvin;

namespace {

std::string divider(const std::string& bandwidth) {
  return R"({"format": "kelvin-model", "version": 1, "name": "divider",
    "settings": {"stop_time": "20u", "step": "100n", "temperature": 300},
    "blocks": [
      {"id": "V1", "type": "electrical.VoltageSource", "params": {"V": "1"}},
      {"id": "R1", "type": "electrical.Resistor", "params": {"R": "1k"}},
      {"id": "R2", "type": "electrical.Resistor", "params": {"R": "3k"}},
      {"id": "G", "type": "electrical.Ground"},
      {"id": "NS", "type": "electrical.NoiseSensor", "params": {"bandwidth": ")" + bandwidth + R"("}},
      {"id": "K", "type": "signal.Gain", "params": {"k": "2"}}],
    "connections": [
      {"from": "V1.p", "to": "R1.p"}, {"from": "R1.n", "to": "R2.p"}, {"from": "R2.n", "to": "G.p"},
      {"from": "V1.n", "to": "G.p"}, {"from": "NS.p", "to": "R2.p"}, {"from": "NS.n", "to": "G.p"},
      {"from": "NS.y", "to": "K.u"}]})";
}

std::vector<double> lastVariances(const std::string& json, const core::NoiseRunOptions& noise = {}) {
  const core::Model model = core::parseModel(json, "divider");
  const auto compiled = core::compileModel(model, test::library(), "divider");
  std::vector<double> last;
  core::simulateNoise(*compiled, core::SimulationOptions::fromSettings(model.settings), noise,
                      [&](double, const std::vector<double>&, const std::vector<double>& v) { last = v; });
  return last;
}

}  // namespace

class TestNoiseSensorBandwidth : public QObject {
  Q_OBJECT

 private Q_SLOTS:
  void unboundedVarianceIsAClearError() {
    try {
      lastVariances(divider("0"));
      QFAIL("an unbounded variance was reported as a number");
    } catch (const core::SimulationError& e) {
      QCOMPARE(QString::fromStdString(e.diagnostics().front().blockId), QString("NS"));
      QVERIFY(QString(e.what()).contains("give the noise sensor a noise bandwidth"));
    }
  }

  void bandwidthBoundsIt() {
    // B = 1 MHz, τ = 0.25 µs: 20 µs is 80 τ, the filter's variance has settled (e^(−160)).
    const std::vector<double> v = lastVariances(divider("1Meg"));
    const double expected = 4.0 * test::kBoltzmann * test::kTemperature * 750.0 * 1e6;
    qInfo("divider with B = 1 MHz: variance / (4kT·(R1∥R2)·B) − 1 = %.3g", v[0] / expected - 1.0);
    QVERIFY(std::abs(v[0] / expected - 1.0) < 1e-9);  // exact discretisation: rounding only
  }

  void optionalSignalGetsNaN() {
    // The gain reads the unfiltered divider voltage: unbounded, so NaN beside the filtered sensor.
    core::NoiseRunOptions noise;
    noise.optionalSignals = {"K.y"};
    const std::vector<double> v = lastVariances(divider("1Meg"), noise);
    QCOMPARE(v.size(), std::size_t(2));
    QVERIFY(std::isfinite(v[0]));
    QVERIFY(std::isnan(v[1]));
  }
};

QTEST_GUILESS_MAIN(TestNoiseSensorBandwidth)
#include "tst_noise_sensor_bandwidth.moc"
