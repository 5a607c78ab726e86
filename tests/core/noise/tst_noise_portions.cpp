// The portion method of the noise analyses (docs/noise.md, "The portion method")
// against the element method and closed forms: on passive RLC networks — an RC
// low-pass, a series RLC, a floating resistor bridge and resistor meshes — the
// port sources by Bosma's theorem give the element method's PSD to 1e-9 and the
// closed form (4kT·Re Z seen by the sensor, from an independent nodal analysis for
// the mesh); a portion with a diode (shot noise) or with a resistor at another
// temperature keeps its element sources, and the warning names it and says why;
// the covariance envelope and the Monte Carlo of a resistor mesh draw one source
// per port instead of one per resistor, with the same variance.
#define QT_NO_KEYWORDS
#include <QtTest>

#include <cmath>
#include <complex>
#include <numbers>

#include <Eigen/Dense>

#include "model/model_file.h"
#include "noise_test_models.h"
#include "run/compiled_model.h"
#include "run/noise_run.h"
#include "support/simulation_trace.h"

using namespace kelvin;

namespace {

constexpr double kT = test::kBoltzmann * test::kTemperature;

std::string modelJson(const std::string& blocks, const std::string& connections, const std::string& settings = "") {
  return R"({"format": "kelvin-model", "version": 1, "name": "portions",
    "settings": {"temperature": 300)" +
         settings + R"(}, "blocks": [)" + blocks + R"(], "connections": [)" + connections + "]}";
}

std::string block(const std::string& id, const std::string& type, const std::string& params = "") {
  return R"({"id": ")" + id + R"(", "type": ")" + type + R"(", "params": {)" + params + "}}";
}

std::string wire(const std::string& from, const std::string& to) {
  return R"({"from": ")" + from + R"(", "to": ")" + to + R"("})";
}

/// A rows × columns grid of nodes joined by resistors of 1 kΩ·(1 + (k mod 7)/10) (k their index),
/// node (0,0) grounded, noise sensors at the opposite corner and at the middle of the first row,
/// each with noise bandwidth `bandwidth` ("0": none). Its resistances, for the nodal analysis.
struct Mesh {
  std::string json;
  int rows, columns;
  std::vector<std::tuple<int, int, double>> resistors;  // node a, node b, R
  int sensorA, sensorB;                                 // node indices
};

Mesh resistorMesh(int rows, int columns, const std::string& bandwidth = "0") {
  Mesh mesh{"", rows, columns, {}, rows * columns - 1, columns / 2};
  std::string blocks = block("G", "electrical.Ground"), connections;
  std::vector<std::string> firstMember(static_cast<std::size_t>(rows * columns));
  auto join = [&](int node, const std::string& member) {
    std::string& first = firstMember[static_cast<std::size_t>(node)];
    if (first.empty()) {
      first = member;
    } else {
      connections += (connections.empty() ? "" : ", ") + wire(first, member);
    }
  };
  auto resistor = [&](int a, int b) {
    const int k = static_cast<int>(mesh.resistors.size());
    const double r = 1e3 * (1.0 + (k % 7) / 10.0);
    const std::string id = "R" + std::to_string(k + 1);
    blocks += ", " + block(id, "electrical.Resistor", R"("R": ")" + std::to_string(r) + R"(")");
    join(a, id + ".p");
    join(b, id + ".n");
    mesh.resistors.emplace_back(a, b, r);
  };
  for (int i = 0; i < rows; ++i)
    for (int j = 0; j < columns; ++j) {
      const int node = i * columns + j;
      if (j + 1 < columns) resistor(node, node + 1);
      if (i + 1 < rows) resistor(node, node + columns);
    }
  join(0, "G.p");
  int s = 0;
  for (int node : {mesh.sensorA, mesh.sensorB}) {
    const std::string id = "NS" + std::to_string(++s);
    blocks += ", " + block(id, "electrical.NoiseSensor", R"("bandwidth": ")" + bandwidth + R"(")");
    join(node, id + ".p");
    join(0, id + ".n");
  }
  mesh.json = modelJson(blocks, connections, R"(, "stop_time": "1m", "step": "10u")");
  return mesh;
}

/// The resistance seen between `node` and ground (node 0) by nodal analysis of the mesh.
double resistanceToGround(const Mesh& mesh, int node) {
  const int n = mesh.rows * mesh.columns;
  Eigen::MatrixXd g = Eigen::MatrixXd::Zero(n, n);
  for (const auto& [a, b, r] : mesh.resistors) {
    g(a, a) += 1.0 / r, g(b, b) += 1.0 / r, g(a, b) -= 1.0 / r, g(b, a) -= 1.0 / r;
  }
  const Eigen::MatrixXd reduced = g.bottomRightCorner(n - 1, n - 1);  // node 0 grounded
  Eigen::VectorXd injection = Eigen::VectorXd::Zero(n - 1);
  injection(node - 1) = 1.0;
  return reduced.ldlt().solve(injection)(node - 1);
}

struct Spectra {
  core::NoiseSpectrum elements, portions;
  std::vector<std::string> warnings;
};

Spectra spectraOf(const std::string& json, const std::vector<double>& f) {
  const core::Model model = core::parseModel(json, "test");
  const auto compiled = core::compileModel(model, test::library(), "test");
  const core::SimulationOptions options = core::SimulationOptions::fromSettings(model.settings);
  Spectra s;
  s.elements = core::noiseSpectrum(*compiled, options, {}, 0.0, f);
  core::NoiseRunOptions portions;
  portions.method = core::NoiseMethod::Portions;
  portions.network = core::noisePortionNetwork(model, test::library(), "test");
  portions.onWarning = [&](const std::string& w) { s.warnings.push_back(w); };
  s.portions = core::noiseSpectrum(*compiled, options, portions, 0.0, f);
  return s;
}

/// The largest relative difference between the two methods' PSDs over every output and frequency.
double disagreement(const Spectra& s) {
  double worst = 0.0;
  for (std::size_t o = 0; o < s.elements.psd.size(); ++o)
    for (std::size_t i = 0; i < s.elements.psd[o].size(); ++i)
      worst = std::max(worst, std::abs(s.portions.psd[o][i] / s.elements.psd[o][i] - 1.0));
  return worst;
}

bool namesPortSources(const core::NoiseSpectrum& s) {
  return std::any_of(s.budget[0].begin(), s.budget[0].end(),
                     [](const auto& c) { return c.source.find(".port") != std::string::npos; });
}

const std::vector<double> kFrequencies{1.0, 1e3, 3e4, 1e5, 3e5, 1e6, 1e7, 1e9};

}  // namespace

class TestNoisePortions : public QObject {
  Q_OBJECT

 private Q_SLOTS:
  void rcLowpassAgreesWithElementsAndClosedForm() {
    const Spectra s = spectraOf(test::rcLowpass(), kFrequencies);
    QVERIFY(s.warnings.empty());
    QVERIFY(namesPortSources(s.portions));
    double closed = 0.0;
    for (std::size_t i = 0; i < kFrequencies.size(); ++i) {
      const double x = 2.0 * std::numbers::pi * kFrequencies[i] * 1e3 * 1e-9;
      closed = std::max(closed, std::abs(s.portions.psd[0][i] / (4.0 * kT * 1e3 / (1.0 + x * x)) - 1.0));
    }
    qInfo("RC: portions vs elements %.3g, vs 4kTR/(1 + (ωRC)²) %.3g (relative)", disagreement(s), closed);
    QVERIFY(disagreement(s) < 1e-9);  // two exact computations of the same PSD: rounding only
    QVERIFY(closed < 1e-9);
  }

  void seriesRlcAgreesWithElementsAndClosedForm() {
    // V1 (a short for noise) – R – L – C to ground, the sensor across C: S = 4kTR·|1/(1 − ω²LC + jωRC)|².
    const double r = 50.0, l = 1e-3, c = 1e-9;
    const std::string json = modelJson(
        block("V1", "electrical.VoltageSource", R"("V": "1")") + ", " +
            block("R1", "electrical.Resistor", R"("R": "50")") + ", " +
            block("L1", "electrical.Inductor", R"("L": "1m")") + ", " +
            block("C1", "electrical.Capacitor", R"("C": "1n")") + ", " + block("G", "electrical.Ground") + ", " +
            block("NS", "electrical.NoiseSensor"),
        wire("V1.p", "R1.p") + ", " + wire("R1.n", "L1.p") + ", " + wire("L1.n", "C1.p") + ", " + wire("C1.n", "G.p") +
            ", " + wire("V1.n", "G.p") + ", " + wire("NS.p", "C1.p") + ", " + wire("NS.n", "G.p"));
    const Spectra s = spectraOf(json, kFrequencies);
    QVERIFY(s.warnings.empty());
    double closed = 0.0;
    for (std::size_t i = 0; i < kFrequencies.size(); ++i) {
      const double w = 2.0 * std::numbers::pi * kFrequencies[i];
      const double expected = 4.0 * kT * r / std::norm(std::complex<double>(1.0 - w * w * l * c, w * r * c));
      closed = std::max(closed, std::abs(s.portions.psd[0][i] / expected - 1.0));
    }
    qInfo("series RLC: portions vs elements %.3g, vs closed form %.3g (relative)", disagreement(s), closed);
    QVERIFY(disagreement(s) < 1e-9);  // rounding only, near resonance included (1e-9 leaves a factor 100)
    QVERIFY(closed < 1e-9);
  }

  void floatingBridgeWithTwoPortsAgrees() {
    // A Wheatstone bridge R1..R5 whose bottom is grounded through a capacitor (another portion
    // would be joined to it, so the bridge's portion is the whole linear part): two sensors read two
    // nodes, so the portion has two ports with correlated noise.
    const std::string json = modelJson(
        block("R1", "electrical.Resistor", R"("R": "1k")") + ", " + block("R2", "electrical.Resistor", R"("R": "2k")") +
            ", " + block("R3", "electrical.Resistor", R"("R": "3k")") + ", " +
            block("R4", "electrical.Resistor", R"("R": "4k")") + ", " +
            block("R5", "electrical.Resistor", R"("R": "5k")") + ", " +
            block("C1", "electrical.Capacitor", R"("C": "1n")") + ", " + block("G", "electrical.Ground") + ", " +
            block("NS1", "electrical.NoiseSensor") + ", " + block("NS2", "electrical.NoiseSensor"),
        wire("R1.p", "R2.p") + ", " + wire("R1.n", "R3.p") + ", " + wire("R2.n", "R4.p") + ", " + wire("R3.n", "R4.n") +
            ", " + wire("R5.p", "R1.n") + ", " + wire("R5.n", "R2.n") + ", " + wire("R3.n", "C1.p") + ", " +
            wire("C1.n", "G.p") + ", " + wire("R1.p", "G.p") + ", " + wire("NS1.p", "R1.n") + ", " +
            wire("NS1.n", "G.p") + ", " + wire("NS2.p", "R2.n") + ", " + wire("NS2.n", "G.p"));
    const Spectra s = spectraOf(json, kFrequencies);
    QVERIFY(s.warnings.empty());
    QCOMPARE(s.portions.budget[0].size(), std::size_t(2));  // two port sources instead of five resistors
    qInfo("bridge: portions vs elements %.3g (relative)", disagreement(s));
    QVERIFY(disagreement(s) < 1e-9);
  }

  void resistorMeshAgreesWithNodalAnalysis() {
    // A pure resistor network: the sensor reads 4kT·R_th at every frequency (Nyquist), R_th from an
    // independent nodal analysis.
    const Mesh mesh = resistorMesh(5, 6);
    const Spectra s = spectraOf(mesh.json, {1.0, 1e6});
    QVERIFY(s.warnings.empty());
    QCOMPARE(s.portions.budget[0].size(), std::size_t(2));  // 2 port sources for 49 resistors
    const double expectedA = 4.0 * kT * resistanceToGround(mesh, mesh.sensorA);
    const double expectedB = 4.0 * kT * resistanceToGround(mesh, mesh.sensorB);
    const double closed =
        std::max(std::abs(s.portions.psd[0][0] / expectedA - 1.0), std::abs(s.portions.psd[1][1] / expectedB - 1.0));
    qInfo("mesh of %zu resistors: portions vs elements %.3g, vs 4kT·R_th %.3g (relative)", mesh.resistors.size(),
          disagreement(s), closed);
    QVERIFY(disagreement(s) < 1e-9);
    QVERIFY(closed < 1e-9);  // a sparse and a dense solve of the same conductances: rounding only
  }

  void diodePortionKeepsItsSourcesNamingIt() {
    const std::string json =
        modelJson(block("I1", "electrical.CurrentSource", R"("I": "1m")") + ", " + block("D1", "electrical.Diode") +
                      ", " + block("R1", "electrical.Resistor", R"("R": "1k")") + ", " +
                      block("C1", "electrical.Capacitor", R"("C": "1n")") + ", " + block("G", "electrical.Ground") +
                      ", " + block("NS", "electrical.NoiseSensor"),
                  wire("I1.n", "D1.p") + ", " + wire("I1.p", "G.p") + ", " + wire("D1.n", "R1.p") + ", " +
                      wire("R1.n", "G.p") + ", " + wire("C1.p", "R1.p") + ", " + wire("C1.n", "G.p") + ", " +
                      wire("NS.p", "D1.p") + ", " + wire("NS.n", "G.p"));
    const Spectra s = spectraOf(json, kFrequencies);
    QCOMPARE(s.warnings.size(), std::size_t(1));
    const QString warning = QString::fromStdString(s.warnings[0]);
    QVERIFY2(warning.contains("portion {D1}") && warning.contains("D1.shot") && warning.contains("shot noise") &&
                 warning.contains("element sources are used"),
             qPrintable(warning));
    const auto& budget = s.portions.budget[0];
    QVERIFY(std::any_of(budget.begin(), budget.end(), [](const auto& c) { return c.source == "D1.shot"; }));
    QVERIFY(namesPortSources(s.portions));  // the R1–C1 portion still uses its port source
    qInfo("diode + RC: portions vs elements %.3g (relative)", disagreement(s));
    QVERIFY(disagreement(s) < 1e-9);
  }

  void resistorAtAnotherTemperatureKeepsItsSources() {
    const std::string json =
        modelJson(block("R1", "electrical.Resistor", R"("R": "1k")") + ", " +
                      block("R2", "electrical.Resistor", R"("R": "2k", "temperature": "350")") + ", " +
                      block("G", "electrical.Ground") + ", " + block("NS", "electrical.NoiseSensor"),
                  wire("R1.p", "R2.p") + ", " + wire("R1.n", "G.p") + ", " + wire("R2.n", "G.p") + ", " +
                      wire("NS.p", "R1.p") + ", " + wire("NS.n", "G.p"));
    const Spectra s = spectraOf(json, {1.0});
    QCOMPARE(s.warnings.size(), std::size_t(1));
    const QString warning = QString::fromStdString(s.warnings[0]);
    QVERIFY2(warning.contains("portion {R1, R2") && warning.contains("another temperature"), qPrintable(warning));
    QVERIFY(!namesPortSources(s.portions));
    QVERIFY(disagreement(s) < 1e-12);  // the same element sources: the same arithmetic
  }

  void innerUnknownReadOutsideKeepsItsSources() {
    // A voltage sensor inside the RC portion feeds a gain: the portion's noise reaches the gain
    // through the sensor's output, not its ports, so the portion keeps its element sources.
    const std::string json =
        modelJson(block("V1", "electrical.VoltageSource", R"("V": "1")") + ", " +
                      block("R1", "electrical.Resistor", R"("R": "1k")") + ", " +
                      block("C1", "electrical.Capacitor", R"("C": "1n")") + ", " + block("G", "electrical.Ground") +
                      ", " + block("VS", "electrical.VoltageSensor") + ", " + block("K", "signal.Gain", R"("k": "2")") +
                      ", " + block("NS", "electrical.NoiseSensor"),
                  wire("V1.p", "R1.p") + ", " + wire("R1.n", "C1.p") + ", " + wire("C1.n", "G.p") + ", " +
                      wire("V1.n", "G.p") + ", " + wire("VS.p", "C1.p") + ", " + wire("VS.n", "G.p") + ", " +
                      wire("VS.y", "K.u") + ", " + wire("NS.p", "C1.p") + ", " + wire("NS.n", "G.p"));
    const Spectra s = spectraOf(json, {1.0, 1e6});
    QCOMPARE(s.warnings.size(), std::size_t(1));
    const QString warning = QString::fromStdString(s.warnings[0]);
    QVERIFY2(warning.contains("VS.") && warning.contains("read outside"), qPrintable(warning));
    QVERIFY(!namesPortSources(s.portions));
    QVERIFY(disagreement(s) < 1e-12);  // the same element sources
  }

  void meshEnvelopeAndMonteCarloDrawOneSourcePerPort() {
    const Mesh mesh = resistorMesh(4, 5, "10k");
    const core::Model model = core::parseModel(mesh.json, "test");
    const auto compiled = core::compileModel(model, test::library(), "test");
    core::SimulationOptions options = core::SimulationOptions::fromSettings(model.settings);
    options.stopTime = 2e-4;
    auto lastVariance = [&](core::NoiseRunOptions noise) {
      std::vector<double> last;
      core::simulateNoise(*compiled, options, noise,
                          [&](double, const std::vector<double>&, const std::vector<double>& v) { last = v; });
      return last;
    };
    core::NoiseRunOptions portions;
    portions.method = core::NoiseMethod::Portions;
    portions.network = core::noisePortionNetwork(model, test::library(), "test");
    std::vector<std::string> warnings;
    portions.onWarning = [&](const std::string& w) { warnings.push_back(w); };
    const std::vector<double> elements = lastVariance({}), ports = lastVariance(portions);
    QVERIFY(warnings.empty());
    // After 20 filter time constants the envelope is at its steady state 4kT·R_th·B.
    const double expected = 4.0 * kT * resistanceToGround(mesh, mesh.sensorA) * 1e4;
    qInfo("mesh envelope: portions vs elements %.3g, vs 4kT·R_th·B %.3g (relative)", ports[0] / elements[0] - 1.0,
          ports[0] / expected - 1.0);
    QVERIFY(std::abs(ports[0] / elements[0] - 1.0) < 1e-9);  // the same Lyapunov step, sources combined: rounding
    QVERIFY(std::abs(ports[1] / elements[1] - 1.0) < 1e-9);
    QVERIFY(std::abs(ports[0] / expected - 1.0) < 1e-6);  // e^{-20·4} of the transient left, and rounding

    int drawn = -1, elementSources = -1;
    portions.monteCarloRuns = 4;
    portions.onMonteCarloSources = [&](int d, int e) { drawn = d, elementSources = e; };
    options.step = 1e-5;
    options.stopTime = 1e-4;
    core::simulateMonteCarlo(*compiled, options, portions, [](double, const auto&, const auto&) {});
    QCOMPARE(elementSources, static_cast<int>(mesh.resistors.size()));
    QCOMPARE(drawn, 2);
  }
};

QTEST_GUILESS_MAIN(TestNoisePortions)
#include "tst_noise_portions.moc"
