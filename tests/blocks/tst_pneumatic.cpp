// The pneumatic domain (ideal gas; across = absolute pressure, through = mass
// flow) in compiled, simulated networks, against closed forms and physical
// laws computed here, independently of the engine:
//
//  - an isothermal chamber blows down through a laminar resistance with
//    τ = V·R/(Rs·T);
//  - the ISO 6358 orifice, choked, subsonic and laminar, both ways, against
//    the standard's formula;
//  - an adiabatic chamber emptying follows the isentrope T ∝ p^((γ−1)/γ);
//  - a closed chamber heated through its heat port: p/T stays constant and T
//    relaxes with the time constant of its heat capacity m·cv over G;
//  - a closed cylinder is a gas spring: p·V (isothermal) or p·V^γ (adiabatic)
//    stays constant while the piston moves a mass;
//  - equipartition of the thermal noise of a flow resistance (docs/noise.md,
//    "Pneumatic"): ⟨δp²⟩ = k·T·p0/V for an isothermal chamber.

// simulator.h names a parameter `signals`, which Qt's keywords would turn into a macro.
#define QT_NO_KEYWORDS

#include <QtTest>
#include <cmath>

#include "model/model_file.h"
#include "model/model_validator.h"
#include "run/compiled_model.h"
#include "run/noise_run.h"
#include "support/simulation_trace.h"

using namespace kelvin;
using test::Trace;

namespace {

constexpr double kBoltzmann = 1.380649e-23;  // J/K, exact (SI 2019)

core::Model parse(const std::string& settings, const std::string& blocks, const std::string& connections) {
  return core::parseModel(R"({"format": "kelvin-model", "version": 1, "name": "m", "settings": )" + settings +
                              R"(, "blocks": )" + blocks + R"(, "connections": )" + connections + "}",
                          "m");
}

std::string num(double value) { return QString::number(value, 'g', 17).toStdString(); }

/// The ISO 6358-1:2013 mass flow through a component of sonic conductance c and critical ratio b from
/// the upstream pressure p1 (temperature t1) to p2 <= p1; rho0 = 1.185 kg/m³ at T0 = 293.15 K.
double isoFlow(double c, double b, double m, double t1, double p1, double p2) {
  const double k = c * 1.185 * p1 * std::sqrt(293.15 / t1);
  const double r = p2 / p1;
  if (r <= b) return k;
  if (r <= 0.999) return k * std::pow(1.0 - std::pow((r - b) / (1.0 - b), 2), m);
  return k * (1.0 - r) / 0.001 * std::pow(1.0 - std::pow((0.999 - b) / (1.0 - b), 2), m);
}

/// The variance of a noise sensor's reading at the end of the model's noise envelope run.
double finalVariance(const core::Model& model, const std::string& sensor) {
  const auto compiled = core::compileModel(model, test::library(), model.name);
  const std::vector<std::string> names = core::noiseSensorNames(*compiled);
  const auto column = std::find(names.begin(), names.end(), sensor) - names.begin();
  double last = -1.0;
  core::simulateNoise(*compiled, core::SimulationOptions::fromSettings(model.settings), {},
                      [&](double, const std::vector<double>&, const std::vector<double>& variance) {
                        if (column < static_cast<long>(variance.size())) last = variance[column];
                      });
  return last;
}

}  // namespace

class TestPneumatic : public QObject {
  Q_OBJECT

 private Q_SLOTS:
  // V·dp/dt = Rs·T·ṁ, ṁ = −(p − pa)/R: p = pa + (p0 − pa)·e^{−t/τ}, τ = V·R/(Rs·T).
  void isothermalBlowdown_data() {
    QTest::addColumn<double>("volume");
    QTest::addColumn<double>("resistance");
    QTest::addColumn<double>("gasConstant");
    QTest::addColumn<double>("temperature");
    QTest::addColumn<double>("p0");
    QTest::addColumn<double>("ambient");
    QTest::newRow("air") << 2e-3 << 3e8 << 287.05 << 310.0 << 6e5 << 1.01325e5;
    QTest::newRow("helium, filling") << 5e-4 << 2e9 << 2077.1 << 280.0 << 1e5 << 4e5;
  }
  void isothermalBlowdown() {
    QFETCH(double, volume);
    QFETCH(double, resistance);
    QFETCH(double, gasConstant);
    QFETCH(double, temperature);
    QFETCH(double, p0);
    QFETCH(double, ambient);
    const double tau = volume * resistance / (gasConstant * temperature);
    const core::Model model =
        parse(R"({"stop_time": ")" + num(5 * tau) + R"(", "rtol": 1e-11, "atol": 1e-6, "step": ")" + num(tau / 50) +
                  R"("})",
              R"([{"id": "C", "type": "pneumatic.Chamber", "params": {"V": ")" + num(volume) + R"(", "p0": ")" +
                  num(p0) + R"(", "T": ")" + num(temperature) + R"(", "Rs": ")" + num(gasConstant) + R"("}},
                  {"id": "R", "type": "pneumatic.FlowResistance", "params": {"R": ")" + num(resistance) + R"("}},
                  {"id": "A", "type": "pneumatic.Reservoir", "params": {"p": ")" + num(ambient) + R"("}}])",
              R"([{"from": "C.p", "to": "R.p"}, {"from": "R.n", "to": "A.p"}])");
    QCOMPARE(core::validateModel(model, test::library(), "m").size(), std::size_t{1});  // C.h is free
    const Trace trace = test::simulateModel(model);
    double worst = 0.0;
    for (std::size_t i = 0; i < trace.time.size(); ++i)
      worst = std::max(worst, std::abs(trace["C.p"][i] - (ambient + (p0 - ambient) * std::exp(-trace.time[i] / tau))));
    const double relative = worst / std::abs(p0 - ambient);
    qInfo("isothermal blowdown, tau = %.6g s: max |p - exact|/|p0 - pa| = %.3g", tau, relative);
    // 1e-6 of the pressure step: rtol 1e-11 keeps IDA's global error orders of magnitude below.
    QVERIFY2(relative <= 1e-6, qPrintable(QString::number(relative)));
  }

  // Reservoirs at p1 and p2 on either side of the orifice, a flow meter between: the flow is
  // an explicit function of the two fixed pressures, so it must match the formula to rounding.
  void orificeFollowsIso6358_data() {
    QTest::addColumn<double>("p1");
    QTest::addColumn<double>("p2");
    const double supply = 6e5;
    for (const double r : {0.1, 0.25, 0.5, 0.8, 0.97, 0.9995}) {
      QTest::addRow("r = %g", r) << supply << r * supply;
      QTest::addRow("reversed, r = %g", r) << r * supply << supply;
    }
  }
  void orificeFollowsIso6358() {
    QFETCH(double, p1);
    QFETCH(double, p2);
    const double c = 2.4e-8, b = 0.28, m = 0.5, t1 = 330.0;
    const core::Model model =
        parse(R"({"stop_time": "1e-3", "step": "1e-4"})",
              R"([{"id": "Up", "type": "pneumatic.Reservoir", "params": {"p": ")" + num(p1) + R"("}},
                  {"id": "F", "type": "pneumatic.MassFlowSensor"},
                  {"id": "O", "type": "pneumatic.Orifice", "params": {"C": ")" + num(c) + R"(", "b": ")" + num(b) +
                  R"(", "T": ")" + num(t1) + R"("}},
                  {"id": "Down", "type": "pneumatic.Reservoir", "params": {"p": ")" + num(p2) + R"("}}])",
              R"([{"from": "Up.p", "to": "F.p"}, {"from": "F.n", "to": "O.p"}, {"from": "O.n", "to": "Down.p"}])");
    const Trace trace = test::simulateModel(model);
    const double expected = p1 >= p2 ? isoFlow(c, b, m, t1, p1, p2) : -isoFlow(c, b, m, t1, p2, p1);
    const double relative = std::abs(trace["F.y"].back() - expected) / std::abs(expected);
    qInfo("ISO 6358 at p1 = %g, p2 = %g: mdot = %.12g kg/s, relative error %.3g", p1, p2, trace["F.y"].back(),
          relative);
    // 1e-9: the flow is computed, not integrated; only rounding separates it from the formula.
    QVERIFY2(relative <= 1e-9, qPrintable(QString::number(relative)));
  }

  // An adiabatic chamber emptying through a resistance: the gas left inside has expanded
  // reversibly (the gas leaving carries its own enthalpy), so T = T0·(p/p0)^((γ−1)/γ).
  void adiabaticBlowdownFollowsTheIsentrope() {
    const double gamma = 1.4, t0 = 300.0, p0 = 5e5;
    const core::Model model =
        parse(R"({"stop_time": "20", "rtol": 1e-10, "atol": 1e-8, "step": "0.1"})",
              R"([{"id": "C", "type": "pneumatic.Chamber", "params": {"V": "1e-3", "p0": "5e5", "T": "300",
                     "isothermal": "0", "gamma": "1.4"}},
                  {"id": "R", "type": "pneumatic.FlowResistance", "params": {"R": "5e8"}},
                  {"id": "A", "type": "pneumatic.Reservoir", "params": {"p": "1e5"}}])",
              R"([{"from": "C.p", "to": "R.p"}, {"from": "R.n", "to": "A.p"}])");
    const Trace trace = test::simulateModel(model);
    double worst = 0.0;
    for (std::size_t i = 0; i < trace.time.size(); ++i)
      worst = std::max(worst, std::abs(trace["C.T"][i] - t0 * std::pow(trace["C.p"][i] / p0, (gamma - 1) / gamma)));
    QVERIFY(trace["C.p"].back() < 1.2e5);  // it has really emptied
    qInfo("adiabatic blowdown: max |T - T0 (p/p0)^((g-1)/g)| / T0 = %.3g", worst / t0);
    // 1e-7 of T0: both sides come from the same integration at rtol 1e-10.
    QVERIFY2(worst <= 1e-7 * t0, qPrintable(QString::number(worst)));
  }

  // A closed adiabatic chamber (its gas port free: a closed port) heated through its wall: at
  // constant volume and mass p/T is constant and m·cv·dT/dt = G·(Ts − T), with m·cv = p0·V/((γ−1)·T0).
  void closedChamberHeatedThroughItsWall() {
    const double gamma = 1.3, t0 = 290.0, p0 = 2e5, volume = 1e-3, g = 0.05, ts = 360.0;
    const double tau = p0 * volume / ((gamma - 1.0) * t0) / g;
    const core::Model model =
        parse(R"({"stop_time": ")" + num(4 * tau) + R"(", "rtol": 1e-10, "atol": 1e-8, "step": ")" + num(tau / 20) +
                  R"("})",
              R"([{"id": "C", "type": "pneumatic.Chamber", "params": {"V": "1e-3", "p0": "2e5", "T": "290",
                     "isothermal": "0", "gamma": "1.3"}},
                  {"id": "G", "type": "thermal.Conductor", "params": {"G": "0.05"}},
                  {"id": "S", "type": "thermal.TemperatureSource", "params": {"T": "360"}}])",
              R"([{"from": "C.h", "to": "G.a"}, {"from": "G.b", "to": "S.a"}])");
    const Trace trace = test::simulateModel(model);
    double worstT = 0.0, worstRatio = 0.0;
    for (std::size_t i = 0; i < trace.time.size(); ++i) {
      worstT = std::max(worstT, std::abs(trace["C.T"][i] - (ts + (t0 - ts) * std::exp(-trace.time[i] / tau))));
      worstRatio = std::max(worstRatio, std::abs(trace["C.p"][i] / trace["C.T"][i] - p0 / t0) / (p0 / t0));
    }
    qInfo("heated closed chamber, tau = %.4g s: max |T - exact|/(Ts - T0) = %.3g, max |p/T - p0/T0|/(p0/T0) = %.3g", tau,
          worstT / (ts - t0), worstRatio);
    // 1e-6 of the temperature step, and of p/T: rtol 1e-10 integration.
    QVERIFY2(worstT <= 1e-6 * (ts - t0), qPrintable(QString::number(worstT)));
    QVERIFY2(worstRatio <= 1e-6, qPrintable(QString::number(worstRatio)));
  }

  // A closed cylinder (gas port free: a closed port) pushing a mass that starts moving inward: the gas is a
  // spring, p·V^n = const with V = V_dead + A·x, n = 1 isothermal, γ adiabatic.
  void closedCylinderIsAGasSpring_data() {
    QTest::addColumn<QString>("isothermal");
    QTest::addColumn<double>("exponent");
    QTest::newRow("isothermal") << "1" << 1.0;
    QTest::newRow("adiabatic") << "0" << 1.4;
  }
  void closedCylinderIsAGasSpring() {
    QFETCH(QString, isothermal);
    QFETCH(double, exponent);
    // Starting at the ambient pressure, the mass (2.25 J of kinetic energy) compresses the gas by ~40 %.
    const double area = 2e-3, dead = 5e-5, x0 = 0.1, p0 = 101325;
    const core::Model model = parse(
        R"({"stop_time": "0.5", "rtol": 1e-10, "atol": 1e-10, "step": "1e-3"})",
        R"([{"id": "Cyl", "type": "pneumatic.Cylinder", "params": {"A": "2e-3", "V_dead": "5e-5", "x0": "0.1",
               "p0": "101325", "isothermal": ")" + isothermal.toStdString() + R"("}},
            {"id": "M", "type": "translational.Mass", "params": {"m": "2", "v0": "-1.5", "x0": "0.1"}}])",
        R"([{"from": "Cyl.a", "to": "M.a"}])");
    const Trace trace = test::simulateModel(model);
    const double invariant = p0 * std::pow(dead + area * x0, exponent);
    double worst = 0.0, lowest = x0;
    for (std::size_t i = 0; i < trace.time.size(); ++i) {
      const double x = trace["Cyl.x"][i];
      lowest = std::min(lowest, x);
      worst = std::max(worst, std::abs(trace["Cyl.p"][i] * std::pow(dead + area * x, exponent) - invariant));
      QCOMPARE(trace["M.x"][i], x);  // the mass's readout and the piston travel, one motion
    }
    QVERIFY(lowest < 0.07);  // the piston has really moved in and bounced
    qInfo("gas spring (n = %g): max |p V^n - p0 V0^n| relative = %.3g", exponent, worst / invariant);
    // 1e-7: both factors come from the same rtol 1e-10 integration.
    QVERIFY2(worst <= 1e-7 * invariant, qPrintable(QString::number(worst)));
  }

  // Equipartition: an isothermal chamber (compliance V/p0 in volume-flow terms) joined to a
  // reservoir at p0 through a resistance whose thermal noise the noise run propagates;
  // after many time constants ⟨δp²⟩ = k·T·p0/V, whatever R (docs/noise.md, "Pneumatic").
  void chamberPressureNoiseIsEquipartition_data() {
    QTest::addColumn<double>("volume");
    QTest::addColumn<double>("p0");
    QTest::addColumn<double>("temperature");
    QTest::addColumn<double>("resistance");
    QTest::newRow("1 l at 1 bar") << 1e-3 << 1e5 << 300.0 << 1e9;
    QTest::newRow("50 ml at 7 bar, warm") << 5e-5 << 7e5 << 350.0 << 4e10;
  }
  void chamberPressureNoiseIsEquipartition() {
    QFETCH(double, volume);
    QFETCH(double, p0);
    QFETCH(double, temperature);
    QFETCH(double, resistance);
    const double tau = volume * resistance / (287.05 * temperature);
    const core::Model model = parse(
        R"({"stop_time": ")" + num(20 * tau) + R"(", "step": ")" + num(tau / 10) + R"(", "temperature": )" +
            num(temperature) + "}",
        R"([{"id": "C", "type": "pneumatic.Chamber", "params": {"V": ")" + num(volume) + R"(", "p0": ")" + num(p0) +
            R"(", "T": ")" + num(temperature) + R"("}},
            {"id": "R", "type": "pneumatic.FlowResistance", "params": {"R": ")" + num(resistance) + R"("}},
            {"id": "A", "type": "pneumatic.Reservoir", "params": {"p": ")" + num(p0) + R"("}},
            {"id": "NS", "type": "pneumatic.NoiseSensor"}])",
        R"([{"from": "C.p", "to": "R.p"}, {"from": "R.n", "to": "A.p"},
            {"from": "NS.p", "to": "C.p"}, {"from": "NS.n", "to": "A.p"}])");
    const double variance = finalVariance(model, "NS.y");
    const double expected = kBoltzmann * temperature * p0 / volume;
    const double relative = std::abs(variance - expected) / expected;
    qInfo("chamber pressure noise: <dp^2> = %.6g Pa^2, kT p0/V = %.6g Pa^2, relative error %.3g", variance, expected,
          relative);
    // 1 % (the acceptance); after 20 τ the envelope has settled to within e^(−40).
    QVERIFY2(relative <= 0.01, qPrintable(QString::number(relative)));
  }
};

QTEST_GUILESS_MAIN(TestPneumatic)
#include "tst_pneumatic.moc"
