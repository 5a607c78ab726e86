// Noise through the whole hybrid model (issue 14): the noise sources are inputs of
// the same combined matrix as the ABCD identification's, so the PSD at an output
// is Σ_k |W_k(jω)|²·S_k with W_k through delays and sampled parts.
//  - a loop through a transport delay, x' = w − a·x(t − τ): S_x = S_w/|jω + a·e^{−jωτ}|²;
//  - a sampled loop (lag, S&H, 1/z, gain back to the lag's input): the noise PSD at the lag's
//    output equals S_w·|W1|² of `freq` on the same loop with the noise replaced by analysis.Inp;
//  - the covariance envelope refuses both, naming the block the noise passes through, and
//    still runs a model whose delay the noise does not reach (equipartition kT/C).
#define QT_NO_KEYWORDS
#include <QtTest>

#include <cmath>
#include <complex>
#include <numbers>

#include "linearize/frequency_response.h"
#include "model/model_file.h"
#include "run/abcd_analysis.h"
#include "run/compiled_model.h"
#include "run/noise_run.h"
#include "solve/simulation_error.h"
#include "support/abcd_models.h"

using namespace kelvin;

namespace {

constexpr double kPsd = 2.5e-3;  // S_w, 1/Hz
constexpr double kGain = 5.0;    // a
constexpr double kDelay = 0.03;  // τ, s: a·τ = 0.15 < π/2, the loop is stable

/// x' = w − a·x(t − τ): W → E(+−) → I (x) → D (τ) → K (a) → E.
std::string delayLoop() {
  return test::modelText(
      R"({"id":"W","type":"signal.WhiteNoise","params":{"psd":")" + std::to_string(kPsd) + R"("}},
         {"id":"E","type":"signal.Sum","params":{"signs":"+-"}},{"id":"I","type":"signal.Integrator"},
         {"id":"D","type":"signal.TransportDelay","params":{"delay":")" +
          std::to_string(kDelay) + R"("}},
         {"id":"K","type":"signal.Gain","params":{"k":")" +
          std::to_string(kGain) + R"("}})",
      R"({"from":"W.y","to":"E.u1"},{"from":"K.y","to":"E.u2"},{"from":"E.y","to":"I.u"},{"from":"I.y","to":"D.u"},
         {"from":"D.y","to":"K.u"})",
      R"({"stop_time":"0.2","step":"1m"})");
}

/// e = source − 0.4·z; L = 1/(2 ms·s + 1) of e; H samples L every 1 ms; Z delays H by one sample.
/// The source is white noise, or analysis.Inp (with Out reading L) for the frequency response.
std::string sampledLoop(bool markers) {
  const std::string source =
      markers ? R"({"id":"S","type":"signal.Constant","params":{"value":"0"}},{"id":"W","type":"analysis.Inp"},
         {"id":"Out","type":"analysis.Out","params":{"inputs":"1"}},)"
              : R"({"id":"W","type":"signal.WhiteNoise","params":{"psd":")" + std::to_string(kPsd) + R"("}},)";
  const std::string wiring = markers ? R"({"from":"S.y","to":"W.u"},{"from":"L.y","to":"Out.u1"},)" : "";
  return test::modelText(
      source + R"({"id":"E","type":"signal.Sum","params":{"signs":"+-"}},
         {"id":"L","type":"signal.TransferFunction","params":{"num":"[1]","den":"[2e-3 1]"}},
         {"id":"H","type":"signal.ZeroOrderHold","params":{"sample_time":"1m"}},
         {"id":"Z","type":"signal.UnitDelay","params":{"sample_time":"1m"}},
         {"id":"K","type":"signal.Gain","params":{"k":"0.4"}})",
      wiring +
          R"({"from":"W.y","to":"E.u1"},{"from":"K.y","to":"E.u2"},{"from":"E.y","to":"L.u"},{"from":"L.y","to":"H.u"},
         {"from":"H.y","to":"Z.u"},{"from":"Z.y","to":"K.u"})",
      R"({"stop_time":"0.1","step":"1m"})");
}

core::NoiseRunOptions reporting(const std::string& signal) {
  core::NoiseRunOptions noise;
  noise.extraSignals = {signal};
  return noise;
}

core::NoiseSpectrum spectrumOf(const std::string& json, const std::string& signal, const std::vector<double>& hz) {
  const auto compiled = test::compileText(json);
  const core::Model model = core::parseModel(json, "abcd.kelvin");
  return core::noiseSpectrum(*compiled, core::SimulationOptions::fromSettings(model.settings), reporting(signal), 0.0,
                             hz);
}

/// The block a failed envelope names, or "" when it ran.
std::string envelopeRefusal(const std::string& json, const std::string& signal) {
  const auto compiled = test::compileText(json);
  const core::Model model = core::parseModel(json, "abcd.kelvin");
  try {
    core::simulateNoise(*compiled, core::SimulationOptions::fromSettings(model.settings), reporting(signal),
                        [](double, const std::vector<double>&, const std::vector<double>&) {});
  } catch (const core::SimulationError& e) {
    return e.diagnostics().front().blockId;
  }
  return {};
}

const std::vector<double> kFrequencies{0.1, 1.0, 3.0, 7.0, 20.0, 60.0, 150.0, 333.0, 499.0, 900.0, 2100.0};

}  // namespace

class TestHybridNoise : public QObject {
  Q_OBJECT

 private Q_SLOTS:
  void delayLoopMatchesItsClosedForm() {
    const core::NoiseSpectrum s = spectrumOf(delayLoop(), "I.y", kFrequencies);
    QCOMPARE(s.psd.size(), std::size_t(1));
    const std::complex<double> j(0.0, 1.0);
    for (std::size_t i = 0; i < kFrequencies.size(); ++i) {
      const double w = 2.0 * std::numbers::pi * kFrequencies[i];
      const double expected = kPsd / std::norm(j * w + kGain * std::exp(-j * w * kDelay));
      // The transfer is one sparse LU solve of a 10-unknown system: rounding, far below 1e-6.
      QVERIFY2(std::abs(s.psd[0][i] / expected - 1.0) < 1e-6,
               qPrintable(QString("f = %1 Hz: %2 against %3").arg(kFrequencies[i]).arg(s.psd[0][i]).arg(expected)));
    }
  }

  void sampledLoopMatchesTheFrequencyResponse() {
    const core::NoiseSpectrum s = spectrumOf(sampledLoop(false), "L.y", kFrequencies);
    const auto compiled = test::compileText(sampledLoop(true));
    const core::AbcdIdentificationResult abcd = core::identifyAbcd(*compiled, core::SimulationOptions{}, 0.0);
    QVERIFY(abcd.exact.has(core::RowKind::SampleHold) || abcd.exact.has(core::RowKind::UnitDelay));
    const core::FrequencyResponse response(abcd.exact);
    for (std::size_t i = 0; i < kFrequencies.size(); ++i) {
      const double w1 = std::norm(response.transfers(2.0 * std::numbers::pi * kFrequencies[i])[0]);
      const double expected = kPsd * w1;
      QVERIFY2(expected > 0.0, "the loop passes the noise");
      // Two solves of the same linear system (dense [ω] − A there, its sparse rows here): rounding.
      QVERIFY2(std::abs(s.psd[0][i] / expected - 1.0) < 1e-6,
               qPrintable(QString("f = %1 Hz: %2 against %3").arg(kFrequencies[i]).arg(s.psd[0][i]).arg(expected)));
    }
  }

  void envelopeRefusesNoiseThroughADelayOrASampledPart() {
    QCOMPARE(envelopeRefusal(delayLoop(), "I.y"), std::string("D"));
    const std::string sampled = envelopeRefusal(sampledLoop(false), "L.y");
    QVERIFY2(sampled == "H" || sampled == "Z", sampled.c_str());
  }

  void envelopeRunsWhereTheNoiseMissesTheDelay() {
    // An RC low-pass (1 kΩ, 1 nF, τ = 1 µs) beside a delayed sine the noise never reaches:
    // after 30 τ the capacitor's variance is kT/C (equipartition).
    const std::string json = test::modelText(
        R"({"id":"V1","type":"electrical.VoltageSource","params":{"V":"0"}},
           {"id":"R1","type":"electrical.Resistor","params":{"R":"1k"}},
           {"id":"C1","type":"electrical.Capacitor","params":{"C":"1n"}},{"id":"G","type":"electrical.Ground"},
           {"id":"NS","type":"electrical.NoiseSensor"},
           {"id":"U","type":"signal.Sine","params":{"amplitude":"1","frequency":"1k"}},
           {"id":"D","type":"signal.TransportDelay","params":{"delay":"1u"}})",
        R"({"from":"V1.p","to":"R1.p"},{"from":"R1.n","to":"C1.p"},{"from":"C1.n","to":"G.p"},{"from":"V1.n","to":"G.p"},
           {"from":"NS.p","to":"C1.p"},{"from":"NS.n","to":"G.p"},{"from":"U.y","to":"D.u"})",
        R"({"stop_time":"30u","step":"100n","temperature":300})");
    const auto compiled = test::compileText(json);
    const core::Model model = core::parseModel(json, "abcd.kelvin");
    double last = 0.0;
    core::simulateNoise(*compiled, core::SimulationOptions::fromSettings(model.settings), {},
                        [&](double, const std::vector<double>&, const std::vector<double>& v) { last = v[0]; });
    const double kT = 1.380649e-23 * 300.0;
    // P(t) = kT/C·(1 − e^{−2t/τ}): at 30 τ the shortfall is e^{−60}; the propagation is exact per step.
    QVERIFY2(std::abs(last / (kT / 1e-9) - 1.0) < 1e-6, qPrintable(QString::number(last)));
  }
};

QTEST_APPLESS_MAIN(TestHybridNoise)
#include "tst_hybrid_noise.moc"
