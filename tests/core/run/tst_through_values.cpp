// The through values of the physical ports at an operating point (throughValues(), which the
// GUI writes on the canvas as branch currents) against the laws they must obey: Ohm's law on
// each resistor from the node potentials (signalValues(), a separate evaluation), the diode's
// exponential at its own voltage, Kirchhoff's current law at every node, and each two-terminal
// element passing its current through (in at p, out at n). A diode biased through a resistor
// from 5 V, and a resistor inside a subsystem, whose ports keep their paths ("Sub/R2.p").

// simulator.h names a parameter `signals`, which Qt's keywords would turn into a macro.
#define QT_NO_KEYWORDS

#include <QtTest>
#include <cmath>
#include <map>

#include "model/model_file.h"
#include "run/compiled_model.h"
#include "run/simulator.h"
#include "support/simulation_trace.h"

using namespace kelvin;

namespace {

/// The diode is solved by Newton to a step below 1e-10 relative: currents to 1e-9 relative.
constexpr double kNewtonTolerance = 1e-9;
constexpr double kVt = 1.380649e-23 * 300.15 / 1.602176634e-19;  // thermal voltage at 300.15 K

struct Values {
  std::map<std::string, double> across, through;
  std::vector<core::FlatNode> nodes;
};

Values solve(const std::string& json) {
  const core::Model m = core::parseModel(json, "through.kelvin");
  const auto compiled = core::compileModel(m, test::library(), "through.kelvin");
  const core::OperatingPoint point =
      core::dcOperatingPoint(*compiled, core::SimulationOptions::fromSettings(m.settings));
  Values v;
  const std::vector<double> across = core::signalValues(*compiled, point);
  for (std::size_t k = 0; k < across.size(); ++k) v.across[core::signalNames(*compiled)[k]] = across[k];
  const std::vector<double> through = core::throughValues(*compiled, point);
  for (std::size_t k = 0; k < through.size(); ++k) v.through[compiled->flat().throughs[k].name] = through[k];
  for (const core::FlatNode& node : compiled->flat().nodes) v.nodes.push_back(node);
  return v;
}

bool near(double value, double expected, double scale) {
  return std::abs(value - expected) <= kNewtonTolerance * scale;
}

}  // namespace

class TstThroughValues : public QObject {
  Q_OBJECT

 private Q_SLOTS:
  void diodeThroughResistor() {
    const Values v = solve(R"({"format": "kelvin-model", "version": 1, "name": "through",
      "settings": {"stop_time": "1m"}, "blocks": [
      {"id": "V1", "type": "electrical.VoltageSource", "params": {"V": "5"}},
      {"id": "R1", "type": "electrical.Resistor", "params": {"R": "1k"}},
      {"id": "D1", "type": "electrical.Diode", "params": {"Is": "1e-14", "N": "1"}},
      {"id": "G", "type": "electrical.Ground"}], "connections": [
      {"from": "V1.p", "to": "R1.p"}, {"from": "R1.n", "to": "D1.p"},
      {"from": "D1.n", "to": "G.p"}, {"from": "V1.n", "to": "G.p"}]})");
    const double vd = v.across.at("D1.p"), current = (5.0 - vd) / 1e3;  // Ohm's law on R1
    QVERIFY(current > 4e-3 && current < 5e-3);
    QVERIFY(near(v.through.at("R1.p"), current, current));
    QVERIFY(near(v.through.at("R1.n"), -current, current));
    // The diode's law at its own voltage (with the GMIN = 1e-12 S across the junction).
    QVERIFY(near(v.through.at("D1.p"), 1e-14 * std::expm1(vd / kVt) + 1e-12 * vd, current));
    QVERIFY(near(v.through.at("V1.p"), -current, current));  // the source delivers it
    // Kirchhoff: the through values into each node's members sum to zero.
    for (const core::FlatNode& node : v.nodes) {
      double sum = 0.0;
      for (const std::string& member : node.members) sum += v.through.at(member);
      QVERIFY2(std::abs(sum) <= kNewtonTolerance * current, node.members.front().c_str());
    }
  }

  // 10 V over R1 = 1 kΩ and, inside the subsystem Sub, R2 = 3 kΩ: 2.5 mA, linear (1e-12).
  void insideASubsystem() {
    const Values v = solve(R"({"format": "kelvin-model", "version": 1, "name": "through",
      "settings": {"stop_time": "1m"}, "blocks": [
      {"id": "V1", "type": "electrical.VoltageSource", "params": {"V": "10"}},
      {"id": "R1", "type": "electrical.Resistor", "params": {"R": "1k"}},
      {"id": "Sub", "type": "Subsystem",
       "ports": [{"name": "a", "domain": "electrical"}, {"name": "b", "domain": "electrical"}],
       "blocks": [{"id": "R2", "type": "electrical.Resistor", "params": {"R": "3k"}}],
       "connections": [{"from": "a", "to": "R2.p"}, {"from": "R2.n", "to": "b"}]},
      {"id": "G", "type": "electrical.Ground"}], "connections": [
      {"from": "V1.p", "to": "R1.p"}, {"from": "R1.n", "to": "Sub.a"},
      {"from": "Sub.b", "to": "G.p"}, {"from": "V1.n", "to": "G.p"}]})");
    QVERIFY(std::abs(v.through.at("Sub/R2.p") - 2.5e-3) < 1e-12 * 2.5e-3);
    QVERIFY(std::abs(v.through.at("R1.p") - 2.5e-3) < 1e-12 * 2.5e-3);
  }
};

QTEST_MAIN(TstThroughValues)
#include "tst_through_values.moc"
