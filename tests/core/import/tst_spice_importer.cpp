// The SPICE importer: SPICE's number syntax, its line syntax (comments,
// continuation, case), the reports on lines it cannot translate, and the two
// reference netlists of tests/data imported, simulated and compared with
// ngspice's waveforms and the closed form.

#define QT_NO_KEYWORDS

#include <QtTest>
#include <cmath>
#include <fstream>
#include <set>
#include <sstream>

#include "import/spice_importer.h"
#include "expr/si_number.h"
#include "import/spice_number.h"
#include "model/model_validator.h"
#include "support/simulation_trace.h"

using namespace kelvin;

namespace {

std::string readFile(const std::string& path) {
  std::ifstream in(path);
  std::ostringstream text;
  text << in.rdbuf();
  return text.str();
}

/// Rows of a reference CSV: the header's names and the values.
struct Csv {
  std::vector<std::string> header;
  std::vector<std::vector<double>> rows;
};

Csv readCsv(const std::string& path) {
  std::ifstream in(path);
  Csv csv;
  std::string line;
  std::getline(in, line);
  for (const QString& name : QString::fromStdString(line).split(',')) csv.header.push_back(name.toStdString());
  while (std::getline(in, line)) {
    std::vector<double> row;
    for (const QString& cell : QString::fromStdString(line).split(',')) row.push_back(cell.toDouble());
    csv.rows.push_back(row);
  }
  return csv;
}

core::SpiceImport importText(const std::string& text) { return core::importSpice(text, "t.cir", test::library()); }

core::SpiceImport importFile(const std::string& name) {
  return core::importSpice(readFile(KELVIN_TEST_DATA_DIR "/" + name), name, test::library());
}

bool hasWarning(const core::SpiceImport& imported, const std::string& start) {
  return std::any_of(imported.warnings.begin(), imported.warnings.end(),
                     [&](const core::Diagnostic& d) { return d.toString().starts_with(start); });
}

/// The block with this id, failing the test when missing.
const core::Block& block(const core::Model& model, const std::string& id) {
  const core::Block* found = model.findBlock(id);
  if (!found) throw std::runtime_error("no block " + id);
  return *found;
}

}  // namespace

class TestSpiceImporter : public QObject {
  Q_OBJECT

 private Q_SLOTS:
  void numbers_data() {
    QTest::addColumn<QString>("text");
    QTest::addColumn<double>("value");
    QTest::newRow("plain") << "42" << 42.0;
    QTest::newRow("exponent") << "1e-14" << 1e-14;
    QTest::newRow("signed") << "-2.5m" << -2.5e-3;
    QTest::newRow("kilo") << "10k" << 1e4;
    QTest::newRow("M is milli") << "3M" << 3e-3;
    QTest::newRow("meg") << "1meg" << 1e6;
    QTest::newRow("MEG with unit") << "4.7MEGohm" << 4.7e6;
    QTest::newRow("mil") << "2mil" << 2 * 25.4e-6;
    QTest::newRow("unit after suffix") << "10uF" << 1e-5;
    QTest::newRow("unit alone") << "5V" << 5.0;
    QTest::newRow("unit that starts like a suffix") << "2Farad" << 2e-15;  // SPICE: F is femto
    QTest::newRow("exponent and suffix") << "1.5e3k" << 1.5e6;
    QTest::newRow("giga tera pico nano") << "2G" << 2e9;
    QTest::newRow("leading point") << ".5p" << 0.5e-12;
  }
  void numbers() {
    QFETCH(QString, text);
    QFETCH(double, value);
    const std::optional<double> parsed = core::parseSpiceNumber(text.toStdString());
    QVERIFY(parsed);
    QCOMPARE(*parsed, value);
  }

  void notNumbers() {
    for (const char* text : {"", "k10", "abc", "1.2.3", "1k-", ".", "1,5", "{R}"})
      QVERIFY2(!core::parseSpiceNumber(text), text);
  }

  // Title line, '*' and ';' comments, '+' continuation (also after a comment
  // line), any case, gnd as ground, IC= with blanks around '=', .end.
  void lineSyntax() {
    const core::SpiceImport imported = importText(
        "RC low-pass title line: R1 is not an element here\n"
        "* a comment line\n"
        "v1 IN 0 dc 1 ; inline comment\n"
        "R1 in\n"
        "* a comment between continuation lines\n"
        "+ OUT 1K\n"
        "C1 out GND 1UF IC = 0.5\n"
        "L1 out 0\n"
        "+ 10mH\n"
        ".TRAN 1u 5m\n"
        ".END\n"
        "R2 in out 1k\n");
    const core::Model& model = imported.model;
    QCOMPARE(model.blocks.size(), std::size_t(5));  // v1 R1 C1 L1 GND
    QCOMPARE(block(model, "R1").params.at("R"), std::string("1k"));
    QCOMPARE(block(model, "C1").params.at("C"), std::string("1u"));
    QCOMPARE(block(model, "C1").params.at("v0"), std::string("500m"));
    QCOMPARE(block(model, "L1").params.at("L"), std::string("10m"));
    QCOMPARE(block(model, "v1").params.at("V"), std::string("1"));
    QCOMPARE(block(model, "GND").type, std::string("electrical.Ground"));
    QCOMPARE(model.settings.stopTime, std::string("5m"));
    QCOMPARE(model.settings.step, std::string("1u"));
    QVERIFY(core::validateModel(model, test::library(), "t").empty());
    // Node "out" joins R1.n, C1.p and L1.p; ground joins GND, v1.n, C1.n, L1.n.
    std::set<std::string> wired;
    for (const core::Connection& c : model.connections) wired.insert(c.from + "-" + c.to);
    QVERIFY(wired.contains("R1.n-C1.p") && wired.contains("C1.p-L1.p"));
    QVERIFY(wired.contains("GND.p-v1.n") && wired.contains("v1.n-C1.n"));
    // Blocks sit on distinct grid points.
    std::set<std::pair<double, double>> positions;
    for (const core::Block& b : model.blocks) positions.insert({b.pos.x, b.pos.y});
    QCOMPARE(positions.size(), model.blocks.size());
  }

  // Each untranslated line is reported with its own line number; the rest imports.
  void unsupportedLinesAreReported() {
    const core::SpiceImport imported = importText(
        "title\n"
        "V1 in 0 DC 5\n"
        "R1 in mid 1k\n"
        "T1 mid 0 b 0 Z0=50 TD=1n\n"
        "R2 mid 0 2k tc1=0.01\n"
        "V2 x 0 PWL(0 0 1m 1)\n"
        "R3 x 0 1k\n"
        ".four 1k v(mid)\n"
        ".tran 1u 1m\n");
    QVERIFY(hasWarning(imported, "t.cir:4: element 'T1' not supported"));
    QVERIFY(hasWarning(imported, "t.cir:5: R2: ignored (not supported): tc1=0.01"));
    QVERIFY(hasWarning(imported, "t.cir:6: V2: source 'pwl' not supported"));
    QVERIFY(hasWarning(imported, "t.cir:7: node 'x' connects only to R3"));  // left open by skipping V2
    QVERIFY(hasWarning(imported, "t.cir:8: '.four' not supported"));
    QVERIFY(!imported.model.findBlock("R3"));
    QVERIFY(core::validateModel(imported.model, test::library(), "t").empty());
  }

  void malformedLineIsAnErrorNamingIt_data() {
    QTest::addColumn<QString>("netlist");
    QTest::addColumn<QString>("message");
    QTest::newRow("value") << "t\nV1 a 0 1\nR1 a 0 1x5\n" << "t.cir:3: R1: malformed resistance '1x5'";
    QTest::newRow("missing node") << "t\nV1 a 0 1\nR1 a\n" << "t.cir:3: R1: needs two nodes and a value";
    QTest::newRow("diode model") << "t\nV1 a 0 1\nD1 a 0 DX\n" << "t.cir:3: D1: no diode .model named 'dx'";
    QTest::newRow("duplicate") << "t\nV1 a 0 1\nR1 a 0 1k\nr1 a 0 2k\n" << "t.cir:4: duplicate element name 'r1'";
    QTest::newRow("tran") << "t\nV1 a 0 1\nR1 a 0 1k\n.tran 1u\n" << "t.cir:4: .tran: stop time is missing";
  }
  void malformedLineIsAnErrorNamingIt() {
    QFETCH(QString, netlist);
    QFETCH(QString, message);
    try {
      importText(netlist.toStdString());
      QFAIL("no error");
    } catch (const core::ModelError& e) {
      QCOMPARE(QString::fromStdString(e.diagnostics().front().toString()), message);
    }
  }

  // SIN (phase in degrees -> radians), PULSE with SPICE's defaults, the diode model with area.
  void sourcesAndDiode() {
    const core::SpiceImport imported = importText(
        "t\n"
        "V1 a 0 SIN(1 2 50 0 0 90)\n"
        "V2 b 0 PULSE(0 5 1m)\n"
        "D1 a b DM 2\n"
        ".model DM D(IS=2e-14 N=1.5 RS=10 CJO=1p BV=50)\n"
        ".tran 10u 20m\n");
    const core::Model& m = imported.model;
    const auto& sine = block(m, "V1").params;
    QCOMPARE(sine.at("offset"), std::string("1"));
    QCOMPARE(sine.at("amplitude"), std::string("2"));
    QCOMPARE(sine.at("frequency"), std::string("50"));
    QCOMPARE(sine.at("phase"), std::string("90*pi/180"));
    const auto& pulse = block(m, "V2").params;
    QCOMPARE(pulse.at("rise"), std::string("10u"));   // tstep
    QCOMPARE(pulse.at("width"), std::string("20m"));  // tstop
    // No period: once only, so the period outlasts the run (rise + width + fall + tstop).
    QCOMPARE(*core::parseSiNumber(pulse.at("period")), 10e-6 + 20e-3 + 10e-6 + 20e-3);
    const auto& diode = block(m, "D1").params;
    QCOMPARE(diode.at("Is"), std::string("40f"));  // area 2 multiplies Is ...
    QCOMPARE(diode.at("Rs"), std::string("5"));    // ... and divides Rs
    QCOMPARE(diode.at("N"), std::string("1.5"));
    QCOMPARE(diode.at("Cjo"), std::string("2p"));  // ... and multiplies CJO
    QVERIFY(hasWarning(imported, "t.cir:5: .model: ignored (not supported): bv=50"));
    QVERIFY(core::validateModel(m, test::library(), "t").empty());
  }

  // .param numbers and expressions become model variables that the values {name} refer to;
  // an unknown name is an error naming the line.
  void parameters() {
    const core::SpiceImport imported = importText(
        "t\n.param rl=2k vin = 5 gain={2*rl}\nV1 a 0 DC {vin}\nR1 a 0 {RL}\n.tran 1u 1m\n");
    QCOMPARE(block(imported.model, "R1").params.at("R"), std::string("rl"));
    QCOMPARE(block(imported.model, "V1").params.at("V"), std::string("vin"));
    QCOMPARE(imported.model.variables.size(), std::size_t(3));
    QCOMPARE(imported.model.variables[0].name + "=" + imported.model.variables[0].value, std::string("rl=2k"));
    QCOMPARE(imported.model.variables[2].name + "=" + imported.model.variables[2].value, std::string("gain=2*rl"));
    QVERIFY(core::validateModel(imported.model, test::library(), "t").empty());
    // Node a sits at vin = 5 V: the variables reach the equations.
    const test::Trace trace = test::simulateModel(imported.model);
    QVERIFY(std::abs(trace["R1.p"].back() - 5.0) < 1e-9);
    try {
      importText("t\nV1 a 0 1\nR1 a 0 {nope}\n");
      QFAIL("no error");
    } catch (const core::ModelError& e) {
      QCOMPARE(QString::fromStdString(e.diagnostics().front().toString()), QString("t.cir:3: R1: no .param named 'nope'"));
    }
  }

  // SPICE's current direction: I n+ n- drives the current from n+ through the source to n-,
  // so "I1 0 c ..." pushes it into node c and the resistor: v_c = R·i(t) = sin(2π·1k·t) V.
  // The network is algebraic, so the only error is Newton's, far below 1e-6 V.
  void sineCurrentSourceDrivesTheNode() {
    const core::SpiceImport imported = importText("t\nI1 0 c SIN(0 1m 1k)\nR1 c 0 1k\n.save v(c)\n.tran 10u 2m\n");
    QCOMPARE(block(imported.model, "I1").type, std::string("electrical.SineCurrent"));
    const test::Trace trace = test::simulateModel(imported.model);
    double worst = 0.0;
    for (std::size_t k = 0; k < trace.time.size(); ++k)
      worst = std::max(worst, std::abs(trace["V_c.y"][k] - std::sin(2 * M_PI * 1e3 * trace.time[k])));
    QVERIFY2(worst < 1e-6, qPrintable(QString::number(worst)));
    QVERIFY(trace.time.size() > 150);
  }

  // The .noise card: a NoiseSensor when the library has one, and the card in settings either way.
  void noiseCard() {
    const core::SpiceImport imported = importText(
        "t\nV1 in 0 DC 0 AC 1\nR1 in out 10k\nC1 out 0 1n\n.noise v(out) V1 dec 10 1 100k\n.tran 1u 1m\n");
    const core::Json& card = imported.model.settings.extra.at("noise_card");
    QCOMPARE(card.at("output").get<std::string>(), std::string("out"));
    QCOMPARE(card.at("source").get<std::string>(), std::string("v1"));
    QCOMPARE(card.at("fstop").get<double>(), 1e5);
    if (test::library().find("electrical.NoiseSensor")) {
      // No bandwidth filter: SPICE's .noise reports the output density unfiltered.
      QVERIFY(!block(imported.model, "NOISE_out").params.contains("bandwidth"));
    } else {
      QVERIFY(hasWarning(imported, "t.cir:5: the library has no electrical.NoiseSensor"));
    }
  }

  // tests/data/half_wave_rectifier.cir against ngspice, sample by sample every 0.1 ms.
  // Both solve the same equations (Shockley diode with GMIN, IS = 1e-14, N = 1, 300.15 K)
  // at reltol 1e-6; what differs is the time discretisation. While the diode conducts the
  // output follows the sine, and the capacitor's discharge between peaks is smooth, so the
  // solvers' local errors (1e-6 relative, about 1e-5 V per step) stay well under 0.5 mV
  // (5e-5 of the amplitude) over the 5 periods; the largest differences sit where the diode
  // turns on, where the output's slope changes abruptly and a small timing difference shows
  // as a voltage one.
  void halfWaveRectifierMatchesNgspice() {
    const core::SpiceImport imported = importFile("half_wave_rectifier.cir");
    QVERIFY(hasWarning(imported, "half_wave_rectifier.cir:14: control command 'set' not supported"));
    QVERIFY(core::validateModel(imported.model, test::library(), "t").empty());
    QCOMPARE(imported.model.settings.stopTime, std::string("100m"));
    const test::Trace trace = test::simulateModel(imported.model);
    const Csv reference = readCsv(KELVIN_TEST_DATA_DIR "/half_wave_rectifier_ngspice.csv");
    double worst = 0.0;
    for (const std::vector<double>& row : reference.rows)
      worst = std::max(worst, std::abs(trace.at("V_out.y", row[0]) - row[1]));
    qInfo("largest difference from ngspice: %.3g V", worst);
    QVERIFY2(worst < 5e-4, qPrintable(QString::number(worst)));
  }

  // tests/data/rc_ladder_1000.cir against the closed form and ngspice at 0.1, 0.2, 0.5, 1 µs.
  // The netlist sets reltol 1e-6 and vntol 1e-12 (imported as rtol and atol); the ladder is a
  // diffusion, which damps earlier errors, so the global error stays of the order of the
  // local tolerance, 1e-6 of the 1 V step. ngspice is within 5e-8 V of the closed form
  // (tests/data/README.md), so 1e-6 V holds for both references.
  void rcLadderMatchesClosedFormAndNgspice() {
    const core::SpiceImport imported = importFile("rc_ladder_1000.cir");
    QVERIFY(hasWarning(imported, "rc_ladder_1000.cir:2008: Vbreak: source 'pwl' not supported"));
    QVERIFY(!imported.model.findBlock("Rbreak"));  // open once Vbreak is gone
    QCOMPARE(imported.model.settings.rtol, 1e-6);
    const test::Trace trace = test::simulateModel(imported.model);
    for (const char* file : {"rc_ladder_1000_analytic.csv", "rc_ladder_1000_ngspice.csv"}) {
      const Csv reference = readCsv(std::string(KELVIN_TEST_DATA_DIR "/") + file);
      double worst = 0.0;
      for (const std::vector<double>& row : reference.rows)
        for (std::size_t k = 1; k < row.size(); ++k) {
          const std::string node = reference.header[k].substr(2);  // "v_n10" -> "n10"
          worst = std::max(worst, std::abs(trace.at("V_" + node + ".y", row[0]) - row[k]));
        }
      qInfo("%s: largest difference %.3g V", file, worst);
      QVERIFY2(worst < 1e-6, qPrintable(QString::number(worst)));
    }
  }
};

QTEST_APPLESS_MAIN(TestSpiceImporter)
#include "tst_spice_importer.moc"
