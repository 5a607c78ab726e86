// The DC operating point (DcOperatingPointSolver through the façade's dcOperatingPoint)
// against closed forms: a resistive divider, a capacitor that blocks DC and an inductor
// that shorts it, a diode biased through a resistor (solved here independently by
// bisection), controlled sources; the model setting `initial` that makes a run start
// there; and a failure that names the blocks.

// simulator.h names a parameter `signals`, which Qt's keywords would turn into a macro.
#define QT_NO_KEYWORDS

#include <QtTest>
#include <cmath>
#include <map>

#include "model/model_file.h"
#include "model/settings_check.h"
#include "run/simulator.h"
#include "support/simulation_trace.h"

using namespace kelvin;

namespace {

std::string model(const std::string& blocks, const std::string& connections, const std::string& settings = "") {
  return R"({"format": "kelvin-model", "version": 1, "name": "op",
    "settings": {"stop_time": "1m", "rtol": 1e-8, "atol": 1e-12)" +
         settings + R"(}, "blocks": [)" + blocks + R"(], "connections": [)" + connections + "]}";
}

/// Every signal at the DC operating point of the model text, by name.
std::map<std::string, double> operatingPoint(const std::string& json) {
  const core::Model m = core::parseModel(json, "op.kelvin");
  const auto compiled = core::compileModel(m, test::library(), "op.kelvin");
  const core::SimulationOptions options = core::SimulationOptions::fromSettings(m.settings);
  const std::vector<double> values = core::signalValues(*compiled, core::dcOperatingPoint(*compiled, options));
  std::map<std::string, double> byName;
  for (std::size_t k = 0; k < values.size(); ++k) byName[core::signalNames(*compiled)[k]] = values[k];
  return byName;
}

constexpr double kVt = 1.380649e-23 * 300.15 / 1.602176634e-19;  // thermal voltage at 300.15 K

}  // namespace

class TstDcOperatingPointSolver : public QObject {
  Q_OBJECT

 private Q_SLOTS:
  // 10 V across 1 kΩ + 3 kΩ: the middle is at 7.5 V, the current 2.5 mA. The system is linear,
  // so one Newton step solves it to rounding: 1e-12 relative.
  void divider() {
    const auto op = operatingPoint(model(R"(
      {"id": "V1", "type": "electrical.VoltageSource", "params": {"V": "10"}},
      {"id": "R1", "type": "electrical.Resistor", "params": {"R": "1k"}},
      {"id": "R2", "type": "electrical.Resistor", "params": {"R": "3k"}},
      {"id": "G", "type": "electrical.Ground"})",
                                         R"({"from": "V1.p", "to": "R1.p"}, {"from": "R1.n", "to": "R2.p"},
      {"from": "R2.n", "to": "G.p"}, {"from": "V1.n", "to": "G.p"})"));
    QVERIFY(std::abs(op.at("R2.p") - 7.5) < 1e-12 * 7.5);
    QVERIFY(std::abs(op.at("R1.p") - 10.0) < 1e-12 * 10.0);
  }

  // At DC a capacitor carries no current and an inductor has no voltage. V = 2 V → R1 = 1 kΩ →
  // node a; R3 = 1 kΩ from a to ground; C1 from a to b, R2 = 1 kΩ from b to ground: a = 1 V,
  // b = 0, C1's voltage 1 V (its v0 = 0 is not the operating point). L1 (from a 2 V source
  // through 1 kΩ to ground) carries 2 mA. Linear: exact to rounding.
  void storageAtDc() {
    const auto op = operatingPoint(model(R"(
      {"id": "V1", "type": "electrical.VoltageSource", "params": {"V": "2"}},
      {"id": "R1", "type": "electrical.Resistor", "params": {"R": "1k"}},
      {"id": "R3", "type": "electrical.Resistor", "params": {"R": "1k"}},
      {"id": "C1", "type": "electrical.Capacitor", "params": {"C": "1u", "v0": "0"}},
      {"id": "R2", "type": "electrical.Resistor", "params": {"R": "1k"}},
      {"id": "L1", "type": "electrical.Inductor", "params": {"L": "1m", "i0": "0"}},
      {"id": "R4", "type": "electrical.Resistor", "params": {"R": "1k"}},
      {"id": "G", "type": "electrical.Ground"})",
                                         R"({"from": "V1.p", "to": "R1.p"}, {"from": "R1.n", "to": "R3.p"},
      {"from": "R1.n", "to": "C1.p"}, {"from": "C1.n", "to": "R2.p"}, {"from": "R2.n", "to": "G.p"},
      {"from": "R3.n", "to": "G.p"}, {"from": "V1.n", "to": "G.p"},
      {"from": "V1.p", "to": "L1.p"}, {"from": "L1.n", "to": "R4.p"}, {"from": "R4.n", "to": "G.p"})"));
    QVERIFY(std::abs(op.at("C1.p") - 1.0) < 1e-12);
    QVERIFY(std::abs(op.at("C1.n")) < 1e-12);
    QVERIFY(std::abs(op.at("C1.v") - 1.0) < 1e-12);
    QVERIFY(std::abs(op.at("L1.i") - 2e-3) < 1e-15);
  }

  // 5 V → 1 kΩ → diode (Is = 1e-14 A, N = 1, with the GMIN = 1e-12 S Kelvin and SPICE put across
  // a junction) → ground. The junction voltage solves 5 − vd = R·(Is·(e^{vd/Vt} − 1) + GMIN·vd),
  // found here by bisection to 1e-15 V. Newton stops when its step is below 1e-10 relative, and
  // converges quadratically, so 1e-9 relative is a safe bound.
  void diodeBias() {
    const auto op = operatingPoint(model(R"(
      {"id": "V1", "type": "electrical.VoltageSource", "params": {"V": "5"}},
      {"id": "R1", "type": "electrical.Resistor", "params": {"R": "1k"}},
      {"id": "D1", "type": "electrical.Diode", "params": {"Is": "1e-14", "N": "1"}},
      {"id": "G", "type": "electrical.Ground"})",
                                         R"({"from": "V1.p", "to": "R1.p"}, {"from": "R1.n", "to": "D1.p"},
      {"from": "D1.n", "to": "G.p"}, {"from": "V1.n", "to": "G.p"})"));
    auto excess = [](double vd) { return 1e3 * (1e-14 * std::expm1(vd / kVt) + 1e-12 * vd) - (5.0 - vd); };
    double lo = 0.0, hi = 1.0;
    for (int k = 0; k < 200; ++k) (excess(0.5 * (lo + hi)) > 0 ? hi : lo) = 0.5 * (lo + hi);
    const double vd = 0.5 * (lo + hi);
    QVERIFY2(std::abs(op.at("D1.p") - vd) < 1e-9 * vd, qPrintable(QString::number(op.at("D1.p") - vd)));
  }

  // Controlled sources at DC: a 1 V source drives a VCVS of gain 5 (5 V across 1 kΩ: 5 mA), whose
  // load current is sensed by a CCCS of gain 2 into 100 Ω (1 V), and by a CCVS of 200 Ω (1 V);
  // a VCCS of 2 mS reading the VCVS output drives 10 mA into 50 Ω (0.5 V). Linear: exact to rounding.
  void controlledSources() {
    const auto op = operatingPoint(model(R"(
      {"id": "V1", "type": "electrical.VoltageSource", "params": {"V": "1"}},
      {"id": "E1", "type": "electrical.VCVS", "params": {"gain": "5"}},
      {"id": "RL", "type": "electrical.Resistor", "params": {"R": "1k"}},
      {"id": "F1", "type": "electrical.CCCS", "params": {"gain": "2"}},
      {"id": "RF", "type": "electrical.Resistor", "params": {"R": "100"}},
      {"id": "H1", "type": "electrical.CCVS", "params": {"r": "200"}},
      {"id": "RH", "type": "electrical.Resistor", "params": {"R": "1meg"}},
      {"id": "G1", "type": "electrical.VCCS", "params": {"gm": "2m"}},
      {"id": "RG", "type": "electrical.Resistor", "params": {"R": "50"}},
      {"id": "G", "type": "electrical.Ground"})",
                                         R"({"from": "V1.p", "to": "E1.cp"}, {"from": "V1.n", "to": "G.p"},
      {"from": "E1.cn", "to": "G.p"}, {"from": "E1.n", "to": "G.p"},
      {"from": "E1.p", "to": "F1.cp"}, {"from": "F1.cn", "to": "H1.cp"}, {"from": "H1.cn", "to": "RL.p"},
      {"from": "RL.n", "to": "G.p"},
      {"from": "F1.n", "to": "RF.p"}, {"from": "RF.n", "to": "G.p"}, {"from": "F1.p", "to": "G.p"},
      {"from": "H1.p", "to": "RH.p"}, {"from": "H1.n", "to": "G.p"}, {"from": "RH.n", "to": "G.p"},
      {"from": "G1.cp", "to": "E1.p"}, {"from": "G1.cn", "to": "G.p"}, {"from": "G1.p", "to": "G.p"},
      {"from": "G1.n", "to": "RG.p"}, {"from": "RG.n", "to": "G.p"})"));
    QVERIFY(std::abs(op.at("RL.p") - 5.0) < 1e-12);
    // F1 drives 2·5 mA from its p (ground) through itself to n, into RF: v(RF.p) = 10 mA·100 Ω.
    QVERIFY(std::abs(op.at("RF.p") - 1.0) < 1e-12);
    QVERIFY(std::abs(op.at("RH.p") - 1.0) < 1e-12);
    QVERIFY(std::abs(op.at("RG.p") - 0.5) < 1e-12);
  }

  // An ideal transformer 1:4 passes DC: 1 V on the primary gives 0.25 V across 1 Ω... here
  // ratio = n1/n2 = 4, so v2 = v1/4 and the primary draws i1 = v2²/R/v1 by power balance.
  void idealTransformer() {
    const auto op = operatingPoint(model(R"(
      {"id": "V1", "type": "electrical.VoltageSource", "params": {"V": "1"}},
      {"id": "T1", "type": "electrical.IdealTransformer", "params": {"ratio": "4"}},
      {"id": "R1", "type": "electrical.Resistor", "params": {"R": "1"}},
      {"id": "A", "type": "electrical.CurrentSensor"},
      {"id": "G", "type": "electrical.Ground"})",
                                         R"({"from": "V1.p", "to": "A.p"}, {"from": "A.n", "to": "T1.p1"},
      {"from": "T1.n1", "to": "G.p"}, {"from": "V1.n", "to": "G.p"},
      {"from": "T1.p2", "to": "R1.p"}, {"from": "R1.n", "to": "G.p"}, {"from": "T1.n2", "to": "G.p"})"));
    QVERIFY(std::abs(op.at("R1.p") - 0.25) < 1e-12);
    QVERIFY(std::abs(op.at("A.y") - 0.0625) < 1e-12);  // (0.25 V)²/1 Ω = 1 V · i1
  }

  // `initial: "operating_point"`: the RC low-pass starts at its DC point (the capacitor at the
  // source's 1 V though its v0 is 0) and stays there; with "ic" it charges from 0 along
  // 1 − e^{−t/RC} (RC = 1 ms; at 1 ms: 0.632). rtol 1e-8: the samples hold to 1e-6.
  void simulateStartsAtTheOperatingPoint() {
    const std::string blocks = R"(
      {"id": "V1", "type": "electrical.VoltageSource", "params": {"V": "1"}},
      {"id": "R1", "type": "electrical.Resistor", "params": {"R": "1k"}},
      {"id": "C1", "type": "electrical.Capacitor", "params": {"C": "1u", "v0": "0"}},
      {"id": "G", "type": "electrical.Ground"})";
    const std::string wires = R"({"from": "V1.p", "to": "R1.p"}, {"from": "R1.n", "to": "C1.p"},
      {"from": "C1.n", "to": "G.p"}, {"from": "V1.n", "to": "G.p"})";
    const test::Trace fromOp = test::simulateText(model(blocks, wires, R"(, "initial": "operating_point")"));
    QVERIFY(std::abs(fromOp["C1.v"].front() - 1.0) < 1e-9);
    QVERIFY(std::abs(fromOp["C1.v"].back() - 1.0) < 1e-6);
    const test::Trace fromIc = test::simulateText(model(blocks, wires, R"(, "initial": "ic")"));
    QVERIFY(std::abs(fromIc["C1.v"].front()) < 1e-12);
    QVERIFY(std::abs(fromIc["C1.v"].back() - (1.0 - std::exp(-1.0))) < 1e-6);
  }

  void badInitialSettingIsNamed() {
    const core::Model m =
        core::parseModel(model(R"({"id": "G", "type": "electrical.Ground"})", "", R"(, "initial": "dc")"), "op.kelvin");
    try {
      core::SimulationOptions::fromSettings(m.settings, "op.kelvin");
      QFAIL("an unknown initial setting was accepted");
    } catch (const core::ModelError& e) {
      QVERIFY(QString::fromStdString(e.what()).contains("initial"));
    }
    const std::vector<core::Diagnostic> problems = core::checkSettings(m.settings, "op.kelvin");
    QCOMPARE(problems.size(), std::size_t(1));
    QVERIFY(QString::fromStdString(problems.front().message).contains("initial = \"dc\""));
  }

  // A node reached only through capacitors floats at DC: the error names the capacitors.
  void floatingNodeAtDcNamesTheBlocks() {
    try {
      operatingPoint(model(R"(
        {"id": "V1", "type": "electrical.VoltageSource", "params": {"V": "1"}},
        {"id": "C1", "type": "electrical.Capacitor", "params": {"C": "1u"}},
        {"id": "C2", "type": "electrical.Capacitor", "params": {"C": "1u"}},
        {"id": "G", "type": "electrical.Ground"})",
                           R"({"from": "V1.p", "to": "C1.p"}, {"from": "C1.n", "to": "C2.p"},
        {"from": "C2.n", "to": "G.p"}, {"from": "V1.n", "to": "G.p"})"));
      QFAIL("a node floating at DC was solved");
    } catch (const core::ModelError& e) {
      const QString message = QString::fromStdString(e.what());
      QVERIFY2(message.contains("no DC operating point") && message.contains("C1") && message.contains("C2"),
               qPrintable(message));
    }
  }
};

QTEST_GUILESS_MAIN(TstDcOperatingPointSolver)
#include "tst_dc_operating_point_solver.moc"
