// Bosma's theorem on a random passive RLC 3-port. Three independent routes must
// agree: (1) the engine's element-level noise (4kT/R of every resistor through the
// linearised network) seen as open-circuit voltages at the ports, C_V = H·S·H†;
// (2) the fluctuation–dissipation theorem for the port impedance Z = Y⁻¹, which the
// test computes itself by nodal analysis, C_V = 2kT(Z + Z†); (3) the noise waves
// kT(I − S·S†) of the scattering matrix, which must be Hermitian positive
// semi-definite and equal the waves of the currents 2kT(Y + Y†).
#define QT_NO_KEYWORDS
#include <QtTest>

#include <complex>
#include <map>
#include <numbers>
#include <random>
#include <sstream>

#include "model/model_file.h"
#include "noise/bosma_noise_waves.h"
#include "noise/noise_system.h"
#include "run/compiled_model.h"
#include "support/simulation_trace.h"

using namespace kelvin;
using Complex = std::complex<double>;

namespace {

constexpr double kBoltzmann = 1.380649e-23;
constexpr double kTemperature = 300.0;
constexpr int kPorts = 3, kNodes = 5;  // nodes 1..3 are the ports, 4..5 internal, 0 ground

struct Element {
  char kind;  // 'R', 'L', 'C'
  int a, b;   // nodes, 0 = ground
  double value;
};

/// A random connected RLC network: every node has a resistor to ground or to a lower node (so
/// Y is invertible at any frequency), random R and L branches between random nodes, and
/// capacitors from some nodes to ground (no loop of capacitors: Kelvin's states must be free).
std::vector<Element> randomNetwork(unsigned seed) {
  std::mt19937 random(seed);
  std::uniform_real_distribution<double> decade(0.0, 1.0);
  auto pick = [&](double low, double high) { return low * std::pow(high / low, decade(random)); };
  std::vector<Element> elements;
  for (int node = 1; node <= kNodes; ++node)
    elements.push_back({'R', node, static_cast<int>(random() % node), pick(100.0, 10e3)});
  for (int k = 0; k < 6; ++k) {
    const int a = 1 + static_cast<int>(random() % kNodes);
    int b = static_cast<int>(random() % (kNodes + 1));
    if (b == a) b = 0;
    const char kind = k % 2 ? 'L' : 'R';
    elements.push_back({kind, a, b, kind == 'R' ? pick(100.0, 10e3) : pick(1e-4, 1e-2)});
  }
  for (int node = 1; node <= kNodes; ++node)
    if (random() % 3 != 0) elements.push_back({'C', node, 0, pick(1e-9, 1e-7)});
  return elements;
}

/// The network as a model: each element between its nodes, a noise sensor from each port to ground.
std::string modelOf(const std::vector<Element>& elements) {
  std::ostringstream os;
  os.precision(17);
  os << R"({"format": "kelvin-model", "version": 1, "name": "rlc3", "settings": {"temperature": 300}, "blocks": [)"
     << R"({"id": "G", "type": "electrical.Ground"})";
  // A node is represented by the first pin attached to it; every other pin connects to that one.
  std::map<int, std::string> firstPin{{0, "G.p"}};
  std::vector<std::pair<std::string, std::string>> wires;
  auto attach = [&](int node, const std::string& pin) {
    auto [it, fresh] = firstPin.emplace(node, pin);
    if (!fresh) wires.emplace_back(it->second, pin);
  };
  for (std::size_t k = 0; k < elements.size(); ++k) {
    const Element& e = elements[k];
    const std::string id = std::string(1, e.kind) + std::to_string(k + 1);
    const char* type = e.kind == 'R' ? "electrical.Resistor" : e.kind == 'L' ? "electrical.Inductor" : "electrical.Capacitor";
    const char* param = e.kind == 'R' ? "R" : e.kind == 'L' ? "L" : "C";
    os << R"(, {"id": ")" << id << R"(", "type": ")" << type << R"(", "params": {")" << param << R"(": ")" << e.value
       << R"("}})";
    attach(e.a, id + ".p");
    attach(e.b, id + ".n");
  }
  for (int port = 1; port <= kPorts; ++port) {
    const std::string id = "NS" + std::to_string(port);
    os << R"(, {"id": ")" << id << R"(", "type": "electrical.NoiseSensor"})";
    attach(port, id + ".p");
    attach(0, id + ".n");
  }
  os << R"(], "connections": [)";
  for (std::size_t k = 0; k < wires.size(); ++k)
    os << (k ? ", " : "") << R"({"from": ")" << wires[k].first << R"(", "to": ")" << wires[k].second << R"("})";
  os << "]}";
  return os.str();
}

/// The port admittance at ω by nodal analysis, internal nodes eliminated (Schur complement).
Eigen::MatrixXcd portAdmittance(const std::vector<Element>& elements, double omega) {
  Eigen::MatrixXcd y = Eigen::MatrixXcd::Zero(kNodes, kNodes);
  for (const Element& e : elements) {
    const Complex g = e.kind == 'R' ? Complex(1.0 / e.value)
                      : e.kind == 'L' ? 1.0 / Complex(0.0, omega * e.value)
                                      : Complex(0.0, omega * e.value);
    const int a = e.a - 1, b = e.b - 1;
    if (a >= 0) y(a, a) += g;
    if (b >= 0) y(b, b) += g;
    if (a >= 0 && b >= 0) y(a, b) -= g, y(b, a) -= g;
  }
  const auto p = kPorts, q = kNodes - kPorts;
  return y.topLeftCorner(p, p) -
         y.topRightCorner(p, q) * y.bottomRightCorner(q, q).partialPivLu().solve(y.bottomLeftCorner(q, p));
}

double relativeDifference(const Eigen::MatrixXcd& a, const Eigen::MatrixXcd& b) {
  return (a - b).cwiseAbs().maxCoeff() / b.cwiseAbs().maxCoeff();
}

}  // namespace

class TestBosmaNoiseWaves : public QObject {
  Q_OBJECT

 private Q_SLOTS:
  void randomPassiveThreePort_data() {
    QTest::addColumn<unsigned>("seed");
    QTest::addColumn<double>("hz");
    for (unsigned seed : {1u, 7u, 42u})
      for (double hz : {100.0, 1e4, 1e6}) QTest::newRow(qPrintable(QString("seed %1 at %2 Hz").arg(seed).arg(hz))) << seed << hz;
  }

  void randomPassiveThreePort() {
    QFETCH(unsigned, seed);
    QFETCH(double, hz);
    const std::vector<Element> elements = randomNetwork(seed);
    const core::Model model = core::parseModel(modelOf(elements), "rlc3");
    const auto compiled = core::compileModel(model, test::library(), "rlc3");
    const core::OperatingPoint point = core::operatingPointAt(*compiled, core::SimulationOptions{}, 0.0);
    const core::NoiseSystem noise(compiled->dae(), point, core::noiseSensorOutputs(compiled->flat()));
    const Eigen::MatrixXcd h = noise.transfer(hz);
    Eigen::VectorXd s(noise.sourceCount());
    for (int k = 0; k < s.size(); ++k) s(k) = noise.sourcePsd(k, hz);
    const Eigen::MatrixXcd engineVoltages = h * s.asDiagonal() * h.adjoint();

    const double omega = 2.0 * std::numbers::pi * hz, kT = kBoltzmann * kTemperature;
    const Eigen::MatrixXcd y = portAdmittance(elements, omega);
    const Eigen::MatrixXcd z = y.inverse();
    // (1) = (2): element-level noise is the fluctuation–dissipation theorem's, to the rounding of
    // two LU solves of ≤ 12 unknowns (values spread over four decades): 1e-10 leaves a wide margin.
    const double fdt = relativeDifference(engineVoltages, 2.0 * kT * (z + z.adjoint()));
    QVERIFY2(fdt < 1e-10, qPrintable(QString::number(fdt)));

    // (3): Bosma's waves: Hermitian PSD, and the waves of 2kT(Y + Y†) and of the engine's currents.
    const double z0 = 50.0;
    const core::NoiseWaves waves = core::bosmaNoiseWaves(y, kTemperature, z0, "rlc3");
    QVERIFY((waves.correlation - waves.correlation.adjoint()).cwiseAbs().maxCoeff() <
            1e-12 * waves.correlation.cwiseAbs().maxCoeff());
    QVERIFY(Eigen::SelfAdjointEigenSolver<Eigen::MatrixXcd>(waves.correlation).eigenvalues().minCoeff() >=
            -1e-12 * waves.correlation.cwiseAbs().maxCoeff());
    const double theorem =
        relativeDifference(waves.correlation, core::currentNoiseToWaves(2.0 * kT * (y + y.adjoint()), y, z0));
    QVERIFY2(theorem < 1e-9, qPrintable(QString::number(theorem)));  // an identity: rounding only
    const double engine = relativeDifference(
        waves.correlation, core::currentNoiseToWaves(y * engineVoltages * y.adjoint(), y, z0));
    QVERIFY2(engine < 1e-9, qPrintable(QString::number(engine)));  // (1)'s bound, amplified by Y·…·Y†
    // The uncorrelated sources rebuild the correlation: R†R = C_s.
    QVERIFY(relativeDifference(waves.sources.adjoint() * waves.sources, waves.correlation) < 1e-9);
    qInfo("seed %u, %g Hz: FDT %.2g, Bosma identity %.2g, engine waves %.2g", seed, hz, fdt, theorem, engine);
  }

  void activePortionIsRejected() {
    // A negative resistance (Y = −1 mS) is active: |S| > 1 and kT(1 − |S|²) < 0.
    Eigen::MatrixXcd y(1, 1);
    y(0, 0) = -1e-3;
    try {
      core::bosmaNoiseWaves(y, kTemperature, 50.0, "portion 2");
      QFAIL("an active port was accepted");
    } catch (const core::NotPassiveError& e) {
      QVERIFY(QString(e.what()).startsWith("portion 2: "));
    }
  }
};

QTEST_GUILESS_MAIN(TestBosmaNoiseWaves)
#include "tst_bosma_noise_waves.moc"
