// The partition into linear and nonlinear portions (DESIGN.md, "Noise"): nonlinear
// elements that share a node form one portion, a linear storage element between
// them splits it (nonlinear portions stay memoryless), and a portion's ports are
// the nodes where it meets another; a noise sensor belongs to no portion, and the
// node it reads is a port.
#define QT_NO_KEYWORDS
#include <QtTest>

#include "elaborate/elaborator.h"
#include "model/model_file.h"
#include "structure/partitioner.h"
#include "support/simulation_trace.h"

using namespace kelvin;

namespace {

/// V1 – D1 – D2 – R1 to ground when `split` is false; with `split`, C1 from the D1–D2 node to ground
/// and an inductor L1 in series between them (D1 – L1 – D2), so no node joins the two diodes.
std::vector<core::Portion> portionsOf(bool split) {
  const std::string middle = split ? R"(, {"id": "L1", "type": "electrical.Inductor"}, {"id": "C1", "type": "electrical.Capacitor"})" : "";
  const std::string wires = split ? R"({"from": "D1.n", "to": "L1.p"}, {"from": "L1.n", "to": "D2.p"},
                                       {"from": "C1.p", "to": "L1.p"}, {"from": "C1.n", "to": "G.p"})"
                                  : R"({"from": "D1.n", "to": "D2.p"})";
  const core::Model model = core::parseModel(R"({"format": "kelvin-model", "version": 1, "name": "p", "blocks": [
      {"id": "V1", "type": "electrical.SineVoltage"}, {"id": "D1", "type": "electrical.Diode"},
      {"id": "D2", "type": "electrical.Diode"}, {"id": "R1", "type": "electrical.Resistor"},
      {"id": "G", "type": "electrical.Ground"})" + middle + R"(],
    "connections": [{"from": "V1.p", "to": "D1.p"}, )" + wires + R"(, {"from": "D2.n", "to": "R1.p"},
      {"from": "R1.n", "to": "G.p"}, {"from": "V1.n", "to": "G.p"}]})", "p");
  return core::partitionNetwork(core::Elaborator(test::library(), "p").elaborate(model));
}

QStringList names(const std::vector<std::string>& ids) {
  QStringList out;
  for (const std::string& id : ids) out << QString::fromStdString(id);
  return out;
}

}  // namespace

class TestPartitioner : public QObject {
  Q_OBJECT

 private Q_SLOTS:
  void adjacentNonlinearElementsFormOnePortion() {
    const std::vector<core::Portion> portions = portionsOf(false);
    QCOMPARE(portions.size(), std::size_t(2));  // D1 + D2, and V1, R1, G joined through the ground node
    QVERIFY(!portions[0].linear);
    QCOMPARE(names(portions[0].elements), (QStringList{"D1", "D2"}));
    QCOMPARE(portions[0].storageElements, 0);
    QCOMPARE(portions[0].ports.size(), std::size_t(2));  // the anode of D1 and the cathode of D2
  }

  void storageElementSplitsANonlinearPortion() {
    const std::vector<core::Portion> portions = portionsOf(true);
    std::vector<const core::Portion*> nonlinear;
    for (const core::Portion& p : portions)
      if (!p.linear) nonlinear.push_back(&p);
    QCOMPARE(nonlinear.size(), std::size_t(2));
    QCOMPARE(names(nonlinear[0]->elements).size(), 1);
    QCOMPARE(names(nonlinear[1]->elements).size(), 1);
    for (const core::Portion& p : portions)
      if (p.linear && p.storageElements > 0) QVERIFY(names(p.elements).contains("L1") || names(p.elements).contains("C1"));
  }

  void noiseSensorObservesFromOutside() {
    const core::Model model = core::parseModel(R"({"format": "kelvin-model", "version": 1, "name": "s", "blocks": [
        {"id": "R1", "type": "electrical.Resistor"}, {"id": "C1", "type": "electrical.Capacitor"},
        {"id": "G", "type": "electrical.Ground"}, {"id": "NS", "type": "electrical.NoiseSensor"}],
      "connections": [{"from": "R1.p", "to": "C1.p"}, {"from": "R1.n", "to": "G.p"}, {"from": "C1.n", "to": "G.p"},
        {"from": "NS.p", "to": "C1.p"}, {"from": "NS.n", "to": "G.p"}]})", "s");
    const std::vector<core::Portion> portions =
        core::partitionNetwork(core::Elaborator(test::library(), "s").elaborate(model));
    QCOMPARE(portions.size(), std::size_t(1));
    QCOMPARE(names(portions[0].elements), (QStringList{"R1", "C1", "G"}));
    QCOMPARE(portions[0].ports.size(), std::size_t(2));  // the node NS reads and the ground node
    QCOMPARE(portions[0].portNodes.size(), std::size_t(2));
  }
};

QTEST_GUILESS_MAIN(TestPartitioner)
#include "tst_partitioner.moc"
