// The SPICE importer on circuits with transistors, controlled sources and subcircuits: the
// netlists of tests/data (bjt_ce_stage.cir, opamp_subckt.cir) import with no element left out,
// and the imported models' operating point, transient from the operating point and output noise
// density match ngspice-39's (references by tests/data/make_references.py). F, H and K
// translate as SPICE means them; bad input is an error naming file:line.

// simulator.h names a parameter `signals`, which Qt's keywords would turn into a macro.
#define QT_NO_KEYWORDS

#include <QtTest>
#include <cmath>
#include <fstream>
#include <map>
#include <sstream>

#include "import/spice_importer.h"
#include "model/model_validator.h"
#include "run/noise_run.h"
#include "run/simulator.h"
#include "support/simulation_trace.h"

using namespace kelvin;

namespace {

std::string readFile(const std::string& path) {
  std::ifstream in(path);
  std::stringstream text;
  text << in.rdbuf();
  return text.str();
}

core::SpiceImport importData(const std::string& name) {
  return core::importSpice(readFile(KELVIN_TEST_DATA_DIR "/" + name), name, test::library());
}

core::SpiceImport importText(const std::string& text) { return core::importSpice(text, "t.cir", test::library()); }

/// The rows of a reference CSV, header dropped: first field as text, second as a number.
std::vector<std::pair<std::string, double>> reference(const std::string& name) {
  std::ifstream in(KELVIN_TEST_DATA_DIR "/" + name);
  std::vector<std::pair<std::string, double>> rows;
  std::string line;
  std::getline(in, line);
  while (std::getline(in, line)) {
    const auto comma = line.find(',');
    rows.emplace_back(line.substr(0, comma), std::stod(line.substr(comma + 1)));
  }
  return rows;
}

/// The largest |S/S_ngspice − 1| of the model's output noise density over the frequencies of
/// the reference CSV `name` (frequency, density), and the frequency where it is.
std::pair<double, double> worstNoiseDensityError(const core::Model& model, const std::string& name) {
  const auto compiled = core::compileModel(model, test::library(), model.name);
  std::vector<double> frequencies, psd;
  for (const auto& [f, value] : reference(name)) {
    frequencies.push_back(std::stod(f));
    psd.push_back(value);
  }
  const core::NoiseSpectrum spectrum =
      core::noiseSpectrum(*compiled, core::SimulationOptions::fromSettings(model.settings), {}, 0.0, frequencies);
  std::pair<double, double> worst{0.0, 0.0};
  for (std::size_t k = 0; k < frequencies.size(); ++k)
    worst = std::max(worst, {std::abs(spectrum.psd[0][k] / psd[k] - 1.0), frequencies[k]});
  return worst;
}

std::map<std::string, double> operatingPoint(const core::Model& model) {
  const auto compiled = core::compileModel(model, test::library(), model.name);
  const std::vector<double> values = core::signalValues(
      *compiled, core::dcOperatingPoint(*compiled, core::SimulationOptions::fromSettings(model.settings)));
  std::map<std::string, double> byName;
  for (std::size_t k = 0; k < values.size(); ++k) byName[core::signalNames(*compiled)[k]] = values[k];
  return byName;
}

bool hasWarning(const core::SpiceImport& imported, const std::string& text) {
  for (const core::Diagnostic& d : imported.warnings)
    if (d.toString().find(text) != std::string::npos) return true;
  return false;
}

}  // namespace

class TestSpiceImporterCircuits : public QObject {
  Q_OBJECT

 private Q_SLOTS:
  // Every element of the op-amp netlist is a block (the subcircuit's inside X1, under its SPICE
  // names), the run starts at the operating point (.tran without UIC), and the model is valid.
  void opampSubcircuitImportsWhole() {
    const core::SpiceImport imported = importData("opamp_subckt.cir");
    const core::Model& m = imported.model;
    for (const char* id : {"Vin", "X1", "Rf", "Rg", "RL", "NOISE_out"}) QVERIFY2(m.findBlock(id), id);
    const core::Block& x1 = *m.findBlock("X1");
    QCOMPARE(x1.type, std::string("Subsystem"));
    std::set<std::string> inside;
    for (const core::Block& b : x1.blocks) inside.insert(b.id + ":" + b.type);
    for (const char* id : {"Rin:electrical.Resistor", "G1:electrical.VCCS", "R1:electrical.Resistor",
                           "C1:electrical.Capacitor", "E2:electrical.VCVS", "Rout:electrical.Resistor"})
      QVERIFY2(inside.contains(id), id);
    QCOMPARE(x1.ports.size(), std::size_t(3));
    QCOMPARE(x1.params.at("a0"), std::string("gain"));  // the instance's value, an expression of a .param
    QCOMPARE(x1.params.at("rout"), std::string("75"));  // the definition's default
    QCOMPARE(m.settings.extra.at("initial").get<std::string>(), std::string("operating_point"));
    for (const core::Diagnostic& d : imported.warnings)  // only the .control block and the tolerances are left
      QVERIFY2(d.message.find("control command") != std::string::npos ||
                   d.message.find("abstol") != std::string::npos ||
                   d.message.find("transient analysis") != std::string::npos ||
                   d.message.find("maximum step") != std::string::npos,
               qPrintable(QString::fromStdString(d.toString())));
    QVERIFY(core::validateModel(m, test::library(), "t").empty());
  }

  // The amplifier is linear: the operating point agrees with ngspice's to rounding (measured
  // 4e-16 relative); 1e-9 leaves room for another summation order.
  void opampOperatingPointMatchesNgspice() {
    const auto op = operatingPoint(importData("opamp_subckt.cir").model);
    const std::map<std::string, std::string> name{
        {"v_in", "Vin.p"}, {"v_fb", "Rg.p"}, {"v_out", "RL.p"}, {"v_x1.x", "X1/C1.p"}};
    for (const auto& [node, value] : reference("opamp_subckt_op.csv"))
      QVERIFY2(std::abs(op.at(name.at(node)) - value) <= 1e-9 * std::abs(value), node.c_str());
  }

  // From the operating point, 50 mV at 1 kHz on 0.1 V: v(out) every 20 µs within 1e-3 of its
  // swing (0.77 V), the figure; measured 5.6e-7 of the swing.
  void opampTransientMatchesNgspice() {
    core::Model m = importData("opamp_subckt.cir").model;
    m.settings.step = "20u";
    const test::Trace trace = test::simulateModel(m);
    const auto rows = reference("opamp_subckt_tran.csv");
    double lo = 1e300, hi = -1e300;
    for (const auto& row : rows) lo = std::min(lo, row.second), hi = std::max(hi, row.second);
    for (const auto& [t, value] : rows) {
      const double time = std::stod(t);
      QVERIFY2(std::abs(trace.at("RL.p", time, 1e-9) - value) <= 1e-3 * (hi - lo), t.c_str());
    }
  }

  // The output noise density (resistors' thermal noise through the amplifier) at ngspice's 26
  // frequencies, 10 Hz .. 1 MHz: within 1e-3, the figure; measured 3.5e-7 (ngspice's
  // Boltzmann constant is CODATA 2014's, 3.4e-7 below the SI value).
  void opampNoiseDensityMatchesNgspice() {
    const auto [worst, at] = worstNoiseDensityError(importData("opamp_subckt.cir").model, "opamp_subckt_noise.csv");
    QVERIFY2(worst <= 1e-3, qPrintable(QString("%1 at %2 Hz").arg(worst).arg(at)));
  }

  // The BJT stage's netlist (Q with an NPN card) gives the operating point ngspice does: 1e-6
  // relative, the figure (measured 2e-7, the constants again).
  void bjtStageOperatingPointMatchesNgspice() {
    const core::SpiceImport imported = importData("bjt_ce_stage.cir");
    QCOMPARE(imported.model.findBlock("Q1")->type, std::string("electrical.BJT"));
    QCOMPARE(imported.model.findBlock("Q1")->params.at("polarity"), std::string("NPN"));
    const auto op = operatingPoint(imported.model);
    const std::map<std::string, std::string> name{{"v_b", "Q1.b"}, {"v_c", "Q1.c"}, {"v_e", "Q1.e"}};
    for (const auto& [node, value] : reference("bjt_ce_stage_op.csv"))
      if (name.contains(node)) QVERIFY2(std::abs(op.at(name.at(node)) - value) <= 1e-6 * std::abs(value), node.c_str());
  }

  // The MOSFET stage (M with a level-1 NMOS card, W and L): the operating point to 1e-6 relative
  // (measured 1e-13: no exponential, so no thermal voltage), the output noise density to 1e-3
  // (measured 3.5e-7) and v(d) from the operating point every 5 µs to 1e-3 of its swing (0.039 V;
  // measured 6.3e-7), the figures.
  void mosfetStageMatchesNgspice() {
    core::Model m = importData("mosfet_cs_stage.cir").model;
    QCOMPARE(m.findBlock("M1")->type, std::string("electrical.MOSFET"));
    QCOMPARE(m.findBlock("M1")->params.at("W"), std::string("20u"));
    const auto op = operatingPoint(m);
    const std::map<std::string, std::string> name{{"v_g", "M1.g"}, {"v_d", "M1.d"}, {"v_s", "M1.s"}};
    for (const auto& [node, value] : reference("mosfet_cs_stage_op.csv"))
      if (name.contains(node)) QVERIFY2(std::abs(op.at(name.at(node)) - value) <= 1e-6 * std::abs(value), node.c_str());

    const auto [worst, at] = worstNoiseDensityError(m, "mosfet_cs_stage_noise.csv");
    QVERIFY2(worst <= 1e-3, qPrintable(QString("%1 at %2 Hz").arg(worst).arg(at)));

    m.settings.step = "5u";
    const test::Trace trace = test::simulateModel(m);
    const auto rows = reference("mosfet_cs_stage_tran.csv");
    double lo = 1e300, hi = -1e300;
    for (const auto& row : rows) lo = std::min(lo, row.second), hi = std::max(hi, row.second);
    for (const auto& [t, value] : rows)
      QVERIFY2(std::abs(trace.at("M1.d", std::stod(t), 1e-9) - value) <= 1e-3 * (hi - lo), t.c_str());
  }

  // F and H sense the current of V2 as SPICE's i(V2), from its + through it to its −: V2 drives
  // 1 V into R2 and, through L1 (a short at DC), into RP, so i(V2) = −2 mA. F1 drives 2·i(V2) from
  // ground through itself into f: v(f) = −4 V across 1 kΩ; H1: v(h) = 500 Ω·i(V2) = −1 V; E1
  // doubles node a: 2 V. ngspice-39 gives exactly these (v(f) = −4, v(h) = −1, v(e) = 2). K1 joins
  // L1 and L2 into one CoupledInductors named K1. Linear: exact to rounding.
  void currentControlledSourcesAndCoupling() {
    const core::SpiceImport imported = importText(
        "t\nV2 a 0 1\nR2 a 0 1k\nF1 0 f V2 2\nRF f 0 1k\nH1 h 0 V2 500\nRH h 0 1meg\n"
        "E1 e 0 a 0 2\nRE e 0 1k\nL1 a p 1m\nRP p 0 1k\nL2 s 0 4m\nRS s 0 1k\nK1 L1 L2 0.9\n.op\n");
    const core::Model& m = imported.model;
    QCOMPARE(m.findBlock("K1")->type, std::string("electrical.CoupledInductors"));
    QVERIFY(!m.findBlock("L1") && !m.findBlock("L2"));
    QVERIFY(hasWarning(imported, "t.cir:14: K1: L1 and L2 become the windings of K1"));
    QVERIFY(core::validateModel(m, test::library(), "t").empty());
    const auto op = operatingPoint(m);
    QVERIFY(std::abs(op.at("RF.p") + 4.0) < 1e-12);
    QVERIFY(std::abs(op.at("RH.p") + 1.0) < 1e-12);
    QVERIFY(std::abs(op.at("RE.p") - 2.0) < 1e-12);
  }

  // .include and .lib are read relative to the file that names them; warnings and errors name
  // the included file and its line. The reader here serves files from memory.
  void includesAreReadRelativeToTheirFile() {
    const std::map<std::string, std::string> files{
        {"lib/devices.lib",
         "* devices\n.lib small\n.model QN NPN(IS=1e-14 BF=100)\n.endl\n"
         ".lib big\n.model QN NPN(IS=1e-12 BF=50)\n.endl\n"},
        {"lib/amp.inc", ".include sub/stage.inc\n"},
        {"lib/sub/stage.inc", ".subckt stage c b e\nQ1 c b e QN\nRX c b 100k\n.ends\n"},
        {"loop/a.inc", ".include b.inc\n"},
        {"loop/b.inc", "R9 x 0 1k\n.include a.inc\n"}};
    const core::SpiceFileReader reader = [&](const std::string& path) -> core::InputFileText {
      const auto found = files.find(path);
      if (found == files.end()) return {std::nullopt, "No such file or directory"};
      return {found->second, ""};
    };
    const core::SpiceImport imported =
        core::importSpice("t\n.lib 'lib/devices.lib' small\n.include lib/amp.inc\nV1 c 0 5\nX1 c c 0 stage\n.op\n",
                          "t.cir", test::library(), reader);
    const core::Block& x1 = *imported.model.findBlock("X1");
    QCOMPARE(x1.blocks.front().id, std::string("Q1"));
    QCOMPARE(x1.blocks.front().params.at("IS"), std::string("10f"));  // the section "small"
    try {
      core::importSpice("t\n.include loop/a.inc\nV1 x 0 1\n", "t.cir", test::library(), reader);
      QFAIL("a recursive include was read");
    } catch (const core::ModelError& e) {
      QCOMPARE(QString::fromStdString(e.diagnostics().front().toString()),
               QString("loop/b.inc:2: recursive .include: t.cir → loop/a.inc → loop/b.inc → loop/a.inc"));
    }
    try {
      core::importSpice("t\nV1 x 0 1\n.inc nowhere.cir\n", "t.cir", test::library(), reader);
      QFAIL("a missing include was read");
    } catch (const core::ModelError& e) {
      QCOMPARE(QString::fromStdString(e.diagnostics().front().toString()),
               QString("t.cir:3: cannot read 'nowhere.cir': No such file or directory"));
    }
  }

  void badInputNamesFileAndLine_data() {
    QTest::addColumn<QString>("netlist");
    QTest::addColumn<QString>("message");
    QTest::newRow("negative IS") << "t\nV1 c 0 5\nQ1 c c 0 QN\n.model QN NPN(IS=-1e-14 BF=100)\n"
                                 << "t.cir:4: .model qn: IS = -1e-14 is out of range";
    QTest::newRow("unknown parameter") << "t\nV1 c 0 5\nQ1 c c 0 QN\n.model QN NPN(IS=1e-14 BETA=100)\n"
                                       << "t.cir:4: .model qn: unknown parameter 'beta' for a npn model";
    QTest::newRow("wrong node count") << "t\n.subckt amp a b c\nR1 a b 1k\nR2 b c 1k\n.ends\nV1 x 0 1\nX1 x 0 amp\n"
                                      << "t.cir:7: X1: subcircuit 'amp' (line 2) has 3 nodes, 2 given";
    QTest::newRow("recursive subcircuit") << "t\n.subckt loop a b\nX2 a b loop\n.ends\nV1 x 0 1\nX1 x 0 loop\n"
                                          << "t.cir:3: X2: subcircuit 'loop' contains an instance of itself";
    QTest::newRow("unknown subcircuit") << "t\nV1 x 0 1\nX1 x 0 nothing\n"
                                        << "t.cir:3: X1: no subcircuit named 'nothing'";
    QTest::newRow("no controlling source") << "t\nV1 x 0 1\nF1 x 0 VX 2\n"
                                           << "t.cir:3: F1: no voltage source named 'vx'";
    QTest::newRow("level 3") << "t\nV1 d 0 5\nM1 d d 0 0 NM\n.model NM NMOS(LEVEL=3 VTO=1)\n"
                             << "t.cir:4: .model nm: level 3 is not supported";
    QTest::newRow("missing .ends") << "t\n.subckt amp a b\nR1 a b 1k\n"
                                   << "has no .ends";
  }
  void badInputNamesFileAndLine() {
    QFETCH(QString, netlist);
    QFETCH(QString, message);
    try {
      importText(netlist.toStdString());
      QFAIL("no error");
    } catch (const core::ModelError& e) {
      const QString text = QString::fromStdString(e.diagnostics().front().toString());
      QVERIFY2(text.contains(message), qPrintable(text));
    }
  }
};

QTEST_APPLESS_MAIN(TestSpiceImporterCircuits)
#include "tst_spice_importer_circuits.moc"
