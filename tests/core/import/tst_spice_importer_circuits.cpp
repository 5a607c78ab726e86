// The SPICE importer on circuits with transistors, diodes, controlled sources and subcircuits: the
// netlists of tests/data (bjt_ce_stage.cir, mosfet_cs_stage.cir and its _flicker twin,
// jfet_cs_stage.cir, diode_switch.cir, opamp_subckt.cir) import with no element left out,
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
#include "run/ac_sweep.h"
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

/// The largest |v − v_ngspice| of the operating point over the rows of the reference CSV `name`
/// that `kelvinName` maps to a Kelvin signal, relative to |v_ngspice|.
double worstOperatingPointError(const core::Model& model, const std::string& name,
                                const std::map<std::string, std::string>& kelvinName) {
  const auto op = operatingPoint(model);
  double worst = 0.0;
  for (const auto& [node, value] : reference(name))
    if (kelvinName.contains(node))
      worst = std::max(worst, std::abs(op.at(kelvinName.at(node)) - value) / std::abs(value));
  return worst;
}

/// The largest |v − v_ngspice| of `signal` in a run of `model` (sampled every `step`) over the
/// times of the reference CSV `name`, relative to the swing of the reference, and the time where it is.
std::pair<double, double> worstTransientError(core::Model model, const std::string& name, const std::string& signal,
                                              double step) {
  std::ostringstream text;
  text << step;
  model.settings.step = text.str();
  const test::Trace trace = test::simulateModel(model);
  const auto rows = reference(name);
  double lo = 1e300, hi = -1e300;
  for (const auto& row : rows) lo = std::min(lo, row.second), hi = std::max(hi, row.second);
  std::pair<double, double> worst{0.0, 0.0};
  for (const auto& [t, value] : rows)
    worst = std::max(worst, {std::abs(trace.at(signal, std::stod(t), 1e-3 * step) - value) / (hi - lo), std::stod(t)});
  return worst;
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

  // The MOSFET stage with flicker noise (KF = 1e-31, AF = 1.2 on its card; ngspice-39's level 1:
  // KF·|Id|^AF/(f·W·Leff·Cox²), Cox of TOX = 100 nm when the card gives none): the output density
  // from 1 Hz, where flicker dominates, to 100 MHz within 1e-3, the figure; measured
  // 3.5e-7 (ngspice's Boltzmann constant is CODATA 2014's, 3.4e-7 below the SI value).
  void mosfetFlickerNoiseMatchesNgspice() {
    const core::Model m = importData("mosfet_cs_stage_flicker.cir").model;
    QCOMPARE(m.findBlock("M1")->params.at("KF"), std::string("1e-31"));
    const auto [worst, at] = worstNoiseDensityError(m, "mosfet_cs_stage_flicker_noise.csv");
    QVERIFY2(worst <= 1e-3, qPrintable(QString("%1 at %2 Hz").arg(worst).arg(at)));
  }

  // The MOSFET stage at 80 °C for its card measured at 27 °C (mosfet_cs_stage_hot.cir): KP, PHI, the
  // threshold through the band gap and the bulk junctions' IS as ngspice's mos1temp.c. The operating
  // point to 1e-6 and the output noise density to 1e-3, the figures; measured 1.3e-8, 3.5e-7.
  void mosfetTemperatureMatchesNgspice() {
    const core::Model m = importData("mosfet_cs_stage_hot.cir").model;
    QCOMPARE(m.settings.temperature, 353.15);
    const double op = worstOperatingPointError(m, "mosfet_cs_stage_hot_op.csv", {{"v_d", "M1.d"}, {"v_s", "M1.s"}});
    QVERIFY2(op <= 1e-6, qPrintable(QString::number(op)));
    const auto [worst, at] = worstNoiseDensityError(m, "mosfet_cs_stage_hot_noise.csv");
    QVERIFY2(worst <= 1e-3, qPrintable(QString("%1 at %2 Hz").arg(worst).arg(at)));
  }

  // The JFET stage (J with an NJF card: B = 0.9, gate capacitances, flicker noise, temperature
  // coefficients, run at 50 °C for a card measured at 27 °C): the operating point to 1e-6
  // relative, the output noise density from 1 Hz (flicker) to 100 MHz (the gate capacitances) to
  // 1e-3, v(d) from the operating point every 10 µs to 1e-3 of its swing (0.27 V): the figures.
  // Measured: 6.8e-8 (the op, v(g) = 12 µV of gate leakage at 50 °C included), 3.5e-7, 4.3e-7.
  void jfetStageMatchesNgspice() {
    const core::SpiceImport imported = importData("jfet_cs_stage.cir");
    const core::Model& m = imported.model;
    QCOMPARE(m.findBlock("J1")->type, std::string("electrical.JFET"));
    QCOMPARE(m.findBlock("J1")->params.at("polarity"), std::string("NJF"));
    for (const core::Diagnostic& d : imported.warnings)
      QVERIFY2(d.message.find("J1") == std::string::npos, d.toString().c_str());
    const double op =
        worstOperatingPointError(m, "jfet_cs_stage_op.csv", {{"v_d", "J1.d"}, {"v_s", "J1.s"}, {"v_g", "J1.g"}});
    QVERIFY2(op <= 1e-6, qPrintable(QString::number(op)));
    const auto [worst, at] = worstNoiseDensityError(m, "jfet_cs_stage_noise.csv");
    QVERIFY2(worst <= 1e-3, qPrintable(QString("%1 at %2 Hz").arg(worst).arg(at)));
    const auto [tran, when] = worstTransientError(m, "jfet_cs_stage_tran.csv", "J1.d", 10e-6);
    QVERIFY2(tran <= 1e-3, qPrintable(QString("%1 at t = %2").arg(tran).arg(when)));
  }

  // A P-channel JFET with the supply reversed is the N-channel stage's mirror image: every node
  // voltage negated, to rounding (1e-12 V).
  void pjfMirrorsNjf() {
    const core::Model njf = importData("jfet_cs_stage.cir").model;
    core::Model pjf = njf;
    pjf.findBlock("J1")->params["polarity"] = "PJF";
    pjf.findBlock("VDD")->params["V"] = "-15";
    const auto a = operatingPoint(njf), b = operatingPoint(pjf);
    for (const char* node : {"J1.d", "J1.g", "J1.s"}) QVERIFY2(std::abs(a.at(node) + b.at(node)) < 1e-12, node);
  }

  // A diode switched from 5 V forward to 5 V reverse through 1 kΩ (CJO, VJ, M, TT, RS, KF, AF on
  // its card): the forward operating point to 1e-6, the noise density (shot, flicker, RS and R1
  // thermal) to 1e-3, and the reverse-recovery transient every 1 ns to 1e-3 of its swing (5.7 V).
  // Measured: 3.3e-7 (kT/q differs by 3.4e-7), 7.2e-7, 8.3e-6 (at 126 ns, the end of the recovery).
  void diodeSwitchMatchesNgspice() {
    const core::Model m = importData("diode_switch.cir").model;
    QCOMPARE(m.findBlock("D1")->params.at("TT"), std::string("10n"));
    const double op = worstOperatingPointError(m, "diode_switch_op.csv", {{"v_a", "D1.p"}});
    QVERIFY2(op <= 1e-6, qPrintable(QString::number(op)));
    const auto [worst, at] = worstNoiseDensityError(m, "diode_switch_noise.csv");
    QVERIFY2(worst <= 1e-3, qPrintable(QString("%1 at %2 Hz").arg(worst).arg(at)));
    const auto [tran, when] = worstTransientError(m, "diode_switch_tran.csv", "D1.p", 1e-9);
    QVERIFY2(tran <= 1e-3, qPrintable(QString("%1 at t = %2").arg(tran).arg(when)));
  }

  // .ic with UIC: each capacitor on an .ic node starts at the difference of its nodes' values (a node
  // without one at 0 V, as SPICE's UIC starts it; C2's own IC= wins), so the run starts with
  // v(a) = 2 V and v(b) = 0.5 V, the .ic values, exactly. .ac becomes the sweep of the frequency
  // analyses: 10 per decade from 1 Hz to 1 MHz are 61 frequencies, as SPICE counts them.
  void initialConditionsAndAcSweep() {
    const std::string netlist =
        "t\nV1 in 0 DC 1\nR1 in a 1k\nC1 a b 1u\nC2 b 0 1u IC=0.5\nC3 in 0 1n\n"
        ".ic v(a)=2 v(b)=0.5\n.ac dec 10 1 1meg\n";
    const core::Model m = importText(netlist + ".tran 1u 1m UIC\n").model;
    QCOMPARE(m.findBlock("C1")->params.at("v0"), std::string("1.5"));
    QCOMPARE(m.findBlock("C2")->params.at("v0"), std::string("500m"));
    QVERIFY(!m.findBlock("C3")->params.contains("v0"));
    QVERIFY(!m.settings.extra.contains("initial"));
    const test::Trace trace = test::simulateModel(m);
    QCOMPARE(trace.at("C1.p", 0.0), 2.0);
    QCOMPARE(trace.at("C2.p", 0.0), 0.5);
    const std::optional<core::AcSweep> sweep = core::AcSweep::fromSettings(m.settings);
    QVERIFY(sweep);
    const std::vector<double> hz = sweep->frequencies();
    QCOMPARE(hz.size(), std::size_t(61));
    QCOMPARE(hz.front(), 1.0);
    QVERIFY(std::abs(hz.back() / 1e6 - 1.0) < 1e-12);
    QVERIFY(std::abs(hz[10] / 10.0 - 1.0) < 1e-12);

    const core::SpiceImport withoutUic = importText(netlist + ".tran 1u 1m\n");
    QVERIFY(hasWarning(withoutUic, "t.cir:7: .ic without UIC: ngspice holds these nodes during its operating point"));
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
