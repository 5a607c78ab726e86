// The shared linearisation: its state matrix and poles against closed forms,
// for a linear network and for a diode at two operating points.

#define QT_NO_KEYWORDS

#include <QtTest>
#include <algorithm>
#include <cmath>
#include <complex>

#include "linearize/linearization.h"
#include "run/compiled_model.h"
#include "support/simulation_trace.h"

using namespace kelvin;

namespace {

std::shared_ptr<const core::CompiledModel> compile(const std::string& json) {
  return core::compileModel(core::parseModel(json, "lin.kelvin"), test::library(), "lin.kelvin");
}

/// Series R–L–C from a 1 V source (R = 1 Ω, L = 1 mH, C = 1 mF).
const char* kRlc = R"({"format":"kelvin-model","version":1,"name":"rlc","settings":{"stop_time":"10m"},
  "blocks":[{"id":"V","type":"electrical.VoltageSource","params":{"V":"1"}},
    {"id":"R","type":"electrical.Resistor","params":{"R":"1"}},
    {"id":"L","type":"electrical.Inductor","params":{"L":"1m"}},
    {"id":"C","type":"electrical.Capacitor","params":{"C":"1m"}},
    {"id":"G","type":"electrical.Ground"}],
  "connections":[{"from":"V.p","to":"R.p"},{"from":"R.n","to":"L.p"},{"from":"L.n","to":"C.p"},
    {"from":"C.n","to":"G.p"},{"from":"V.n","to":"G.p"}]})";

/// A diode fed from a ramp through 1 kΩ, with 1 µF across it: the RC pole moves with the bias.
const char* kDiode = R"({"format":"kelvin-model","version":1,"name":"diode","settings":{"stop_time":"1","rtol":1e-10,"atol":1e-14},
  "blocks":[{"id":"U","type":"signal.Ramp","params":{"slope":"10","time":"0"}},
    {"id":"V","type":"electrical.SignalVoltage"},
    {"id":"R","type":"electrical.Resistor","params":{"R":"1k"}},
    {"id":"D","type":"electrical.Diode","params":{"Is":"1e-14"}},
    {"id":"C","type":"electrical.Capacitor","params":{"C":"1u"}},
    {"id":"G","type":"electrical.Ground"}],
  "connections":[{"from":"U.y","to":"V.u"},{"from":"V.p","to":"R.p"},{"from":"R.n","to":"D.p"},
    {"from":"D.n","to":"G.p"},{"from":"R.n","to":"C.p"},{"from":"C.n","to":"G.p"},{"from":"V.n","to":"G.p"}]})";

}  // namespace

class TestLinearization : public QObject {
  Q_OBJECT

 private Q_SLOTS:
  void rlcPolesAreTheRootsOfItsCharacteristicPolynomial() {
    const auto compiled = compile(kRlc);
    const core::Model model = core::parseModel(kRlc, "lin.kelvin");
    const core::OperatingPoint point =
        core::operatingPointAt(*compiled, core::SimulationOptions::fromSettings(model.settings), 0.0);
    const core::Linearization lin(compiled->dae(), point);
    QCOMPARE(lin.states().size(), std::size_t(2));  // the capacitor voltage and the inductor current
    Eigen::VectorXcd poles = lin.poles();
    // L·C·s² + R·C·s + 1 = 0  ⇒  s = (−RC ± √(R²C² − 4LC)) / (2LC) = −500 ± 866.03j.
    const double l = 1e-3, c = 1e-3, r = 1.0;
    const std::complex<double> root = std::sqrt(std::complex<double>(r * r * c * c - 4 * l * c));
    const std::complex<double> expected[2] = {(-r * c + root) / (2 * l * c), (-r * c - root) / (2 * l * c)};
    for (const std::complex<double>& s : expected) {
      double nearest = 1e300;
      for (Eigen::Index k = 0; k < poles.size(); ++k) nearest = std::min(nearest, std::abs(poles[k] - s));
      // Exact Jacobians and a 2×2 eigenproblem: agreement to rounding (1e-9 of |s| = 1000).
      QVERIFY2(nearest <= 1e-9 * std::abs(s), qPrintable(QString("pole %1%2j off by %3").arg(s.real()).arg(s.imag()).arg(nearest)));
    }
  }

  void diodePoleFollowsItsBias() {
    const auto compiled = compile(kDiode);
    const core::Model model = core::parseModel(kDiode, "lin.kelvin");
    const core::SimulationOptions options = core::SimulationOptions::fromSettings(model.settings);
    const double vt = 1.380649e-23 * 300.15 / 1.602176634e-19;
    for (double t : {0.02, 0.5}) {
      const core::OperatingPoint point = core::operatingPointAt(*compiled, options, t);
      const core::Linearization lin(compiled->dae(), point);
      QCOMPARE(lin.states().size(), std::size_t(1));
      const double v = point.y[lin.states()[0]];  // the capacitor voltage = the diode voltage
      // δv' = −(1/R + g_d)/C · δv with the diode's small-signal conductance g_d = Is·e^{v/Vt}/Vt + GMIN.
      const double gd = 1e-14 * std::exp(v / vt) / vt + 1e-12;
      const double expected = -(1e-3 + gd) / 1e-6;
      const double pole = lin.poles()[0].real();
      // Exact AD derivatives at the same point: agreement to rounding, relative.
      QVERIFY2(std::abs(pole - expected) <= 1e-9 * std::abs(expected),
               qPrintable(QString("t = %1: pole %2, expected %3").arg(t).arg(pole).arg(expected)));
    }
    // The two operating points differ: below conduction and well into it.
    const double early = core::Linearization(compiled->dae(), core::operatingPointAt(*compiled, options, 0.02)).poles()[0].real();
    const double late = core::Linearization(compiled->dae(), core::operatingPointAt(*compiled, options, 0.5)).poles()[0].real();
    qInfo("diode pole: %.6g 1/s at t = 0.02 s, %.6g 1/s at t = 0.5 s", early, late);
    QVERIFY(late < 10 * early);  // much faster once the diode conducts
  }
};

QTEST_APPLESS_MAIN(TestLinearization)
#include "tst_linearization.moc"
