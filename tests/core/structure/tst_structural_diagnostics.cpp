// Singular and malformed models are refused with diagnostics that name the
// blocks (and ports) at fault: in process (compileModel / simulate throw
// ModelError or SimulationError) and through kelvin-cli (exit code, the
// `file:block.port: message` lines on stderr, no output file left behind).
//
// Singular cases: a floating sub-network, a circuit with no ground, ideal
// voltage sources in parallel, ideal current sources in series, and an
// algebraic loop with no solution (y = c + y), which only initialisation can
// find. Malformed cases: one row per kind of problem the validator reports.

// simulator.h names a parameter `signals`, which Qt's keywords would turn into a macro.
#define QT_NO_KEYWORDS

#include <QDir>
#include <QFile>
#include <QProcess>
#include <QRegularExpression>
#include <QTemporaryDir>
#include <QtTest>
#include <algorithm>
#include <cmath>

#include "elaborate/block_registry.h"
#include "library.h"
#include "model/model_file.h"
#include "run/simulator.h"
#include "solve/simulation_error.h"

using namespace kelvin;

namespace {

QString modelText(const QString& blocks, const QString& connections) {
  return QStringLiteral(R"({"format": "kelvin-model", "version": 1, "name": "m", "settings": {"stop_time": "1m"},
  "blocks": [%1],
  "connections": [%2]})")
      .arg(blocks, connections);
}

/// A singular model and the blocks its diagnostics must name.
struct SingularCase {
  const char* name;
  QString json;
  QStringList blamed;     // each must be named
  QStringList notBlamed;  // none of these may be named: they are fine
  bool atInitialisation;  // found by the initial Newton solve, not by structural analysis
};

const QString kSource = QStringLiteral(R"({"id": "V1", "type": "electrical.VoltageSource", "params": {"V": "1"}},
  {"id": "R1", "type": "electrical.Resistor", "params": {"R": "1k"}})");

std::vector<SingularCase> singularCases() {
  return {
      // A grounded source and load, and beside them an R ∥ C island touching nothing grounded.
      {"floating node",
       modelText(kSource + QStringLiteral(R"(, {"id": "G", "type": "electrical.Ground"},
         {"id": "R2", "type": "electrical.Resistor"}, {"id": "C2", "type": "electrical.Capacitor"})"),
                 QStringLiteral(R"({"from": "V1.p", "to": "R1.p"}, {"from": "R1.n", "to": "G.p"},
         {"from": "V1.n", "to": "G.p"}, {"from": "R2.p", "to": "C2.p"}, {"from": "R2.n", "to": "C2.n"})")),
       {"R2", "C2"},
       {"V1", "R1", "G"},
       false},
      {"missing ground",
       modelText(kSource + QStringLiteral(R"(, {"id": "C1", "type": "electrical.Capacitor"})"),
                 QStringLiteral(R"({"from": "V1.p", "to": "R1.p"}, {"from": "R1.n", "to": "C1.p"},
         {"from": "C1.n", "to": "V1.n"})")),
       {"V1", "R1", "C1"},
       {},
       false},
      {"parallel voltage sources",
       modelText(kSource + QStringLiteral(R"(, {"id": "V2", "type": "electrical.VoltageSource", "params": {"V": "2"}},
         {"id": "G", "type": "electrical.Ground"})"),
                 QStringLiteral(R"({"from": "V1.p", "to": "V2.p"}, {"from": "V1.n", "to": "G.p"},
         {"from": "V2.n", "to": "G.p"}, {"from": "V1.p", "to": "R1.p"}, {"from": "R1.n", "to": "G.p"})")),
       {"V1", "V2"},
       {"R1"},
       false},
      // G → I1 → node a → I2 → R1 → G: node a holds only the two sources, so KCL there
      // fixes I1 = I2 twice over and nothing fixes its voltage.
      {"series current sources",
       modelText(QStringLiteral(R"({"id": "I1", "type": "electrical.CurrentSource", "params": {"I": "1m"}},
         {"id": "I2", "type": "electrical.CurrentSource", "params": {"I": "2m"}},
         {"id": "R1", "type": "electrical.Resistor"}, {"id": "G", "type": "electrical.Ground"})"),
                 QStringLiteral(R"({"from": "G.p", "to": "I1.p"}, {"from": "I1.n", "to": "I2.p"},
         {"from": "I2.n", "to": "R1.p"}, {"from": "R1.n", "to": "G.p"})")),
       {"I1", "I2"},
       {},
       false},
      // S.y = c + K.y, K.y = 1·S.y: y = c + y has no solution, though every equation
      // has its unknown (structurally sound); the Jacobian of the loop is singular.
      {"algebraic loop without solution",
       modelText(QStringLiteral(R"({"id": "C", "type": "signal.Constant", "params": {"value": "1"}},
         {"id": "S", "type": "signal.Sum", "params": {"signs": "++"}},
         {"id": "K", "type": "signal.Gain", "params": {"k": "1"}})"),
                 QStringLiteral(R"({"from": "C.y", "to": "S.u1"}, {"from": "K.y", "to": "S.u2"},
         {"from": "S.y", "to": "K.u"})")),
       {"S", "K"},
       {"C"},
       true},
  };
}

/// True when `text` names block `id` as a whole word (so "V1" is not found in "V10" or "Sub/V1x").
bool names(const QString& text, const QString& id) {
  return text.contains(
      QRegularExpression(QStringLiteral("(?<![\\w/])%1(?![\\w])").arg(QRegularExpression::escape(id))));
}

/// True when one of the lines of `text` names every block of `ids`: one
/// diagnostic explains the problem with all the blocks involved in it.
bool oneLineNamesAll(const QString& text, const QStringList& ids) {
  for (const QString& line : text.split(QLatin1Char('\n'))) {
    if (std::all_of(ids.begin(), ids.end(), [&](const QString& id) { return names(line, id); })) return true;
  }
  return false;
}

QString describe(const std::vector<core::Diagnostic>& diagnostics) {
  QString text;
  for (const core::Diagnostic& d : diagnostics) text += QString::fromStdString(d.toString()) + QLatin1Char('\n');
  return text;
}

struct CliRun {
  int exitCode = -1;
  QString out, err;
};

CliRun runCli(const QStringList& arguments) {
  QProcess process;
  process.start(QStringLiteral(KELVIN_CLI_PATH), arguments);
  CliRun run;
  if (!process.waitForFinished(60000) || process.exitStatus() != QProcess::NormalExit) return run;
  run.exitCode = process.exitCode();
  run.out = QString::fromUtf8(process.readAllStandardOutput());
  run.err = QString::fromUtf8(process.readAllStandardError());
  return run;
}

bool writeFile(const QString& path, const QString& text) {
  QFile file(path);
  return file.open(QIODevice::WriteOnly | QIODevice::Truncate) && file.write(text.toUtf8()) >= 0;
}

QStringList entries(const QTemporaryDir& dir) {
  return QDir(dir.path()).entryList(QDir::AllEntries | QDir::NoDotAndDotDot | QDir::Hidden, QDir::Name);
}

}  // namespace

class TestStructuralDiagnostics : public QObject {
  Q_OBJECT

 private Q_SLOTS:
  void initTestCase() { blocks::registerAll(registry_); }
  void singularModelsNameTheirBlocks_data();
  void singularModelsNameTheirBlocks();
  void solvableAlgebraicLoopRuns();
  void cliRefusesSingularModels_data();
  void cliRefusesSingularModels();
  void cliValidatorNamesBlockAndPort_data();
  void cliValidatorNamesBlockAndPort();

 private:
  core::BlockRegistry registry_;
};

void TestStructuralDiagnostics::singularModelsNameTheirBlocks_data() {
  QTest::addColumn<QString>("json");
  QTest::addColumn<QStringList>("blamed");
  QTest::addColumn<QStringList>("notBlamed");
  QTest::addColumn<bool>("atInitialisation");
  for (const SingularCase& c : singularCases())
    QTest::newRow(c.name) << c.json << c.blamed << c.notBlamed << c.atInitialisation;
}

void TestStructuralDiagnostics::singularModelsNameTheirBlocks() {
  QFETCH(QString, json);
  QFETCH(QStringList, blamed);
  QFETCH(QStringList, notBlamed);
  QFETCH(bool, atInitialisation);
  const std::string file = "singular.kelvin";
  const core::Model model = core::parseModel(json.toStdString(), file);
  std::vector<core::Diagnostic> diagnostics;
  bool thrown = false;
  try {
    const auto compiled = core::compileModel(model, registry_, file);
    QVERIFY2(atInitialisation, "compiled a structurally singular model");
    core::SimulationOptions options = core::SimulationOptions::fromSettings(model.settings, file);
    core::simulate(*compiled, options, [](double, const std::vector<double>&) {});
  } catch (const core::SimulationError& e) {
    QVERIFY2(atInitialisation, e.what());
    QCOMPARE(e.time(), 0.0);  // refused at the consistent initialisation, before any step
    diagnostics = e.diagnostics();
    thrown = true;
  } catch (const core::ModelError& e) {
    QVERIFY2(!atInitialisation, e.what());
    diagnostics = e.diagnostics();
    thrown = true;
  }
  QVERIFY2(thrown, "no error");
  QVERIFY(!diagnostics.empty());
  const QString text = describe(diagnostics);
  for (const core::Diagnostic& d : diagnostics) QCOMPARE(d.file, file);
  for (const QString& id : notBlamed)
    QVERIFY2(!names(text, id), qPrintable(id + QStringLiteral(" blamed in:\n") + text));
  QVERIFY2(
      oneLineNamesAll(text, blamed),
      qPrintable(QStringLiteral("no diagnostic names all of %1:\n%2").arg(blamed.join(QStringLiteral(", ")), text)));
}

// The same loop with K = 0.5 has the one solution y = c/(1 − K) = 2: the
// diagnostic above is about the singular Jacobian, not about loops as such.
// A linear loop solved by Newton is exact to rounding.
void TestStructuralDiagnostics::solvableAlgebraicLoopRuns() {
  QString json = singularCases().back().json;
  json.replace(QStringLiteral(R"("k": "1")"), QStringLiteral(R"("k": "0.5")"));
  const core::Model model = core::parseModel(json.toStdString(), "loop.kelvin");
  const auto compiled = core::compileModel(model, registry_, "loop.kelvin");
  const std::vector<std::string>& signalNames = core::signalNames(*compiled);
  const auto s = std::find(signalNames.begin(), signalNames.end(), "S.y") - signalNames.begin();
  QVERIFY(s < static_cast<std::ptrdiff_t>(signalNames.size()));
  int samples = 0;
  double worst = 0.0;
  core::simulate(*compiled, core::SimulationOptions::fromSettings(model.settings),
                 [&](double, const std::vector<double>& values) {
                   ++samples;
                   worst = std::max(worst, std::abs(values[s] - 2.0));
                 });
  QVERIFY(samples > 0);
  QVERIFY2(worst <= 1e-12, qPrintable(QString::number(worst)));
}

void TestStructuralDiagnostics::cliRefusesSingularModels_data() {
  QTest::addColumn<QString>("json");
  QTest::addColumn<QString>("command");
  QTest::addColumn<int>("exitCode");
  QTest::addColumn<QStringList>("blamed");
  for (const SingularCase& c : singularCases()) {
    // Both commands refuse every singular case as an invalid model (exit 2): validate
    // also solves for the initial state, where the unsolvable loop shows.
    QTest::addRow("validate: %s", c.name) << c.json << QStringLiteral("validate") << 2 << c.blamed;
    QTest::addRow("simulate: %s", c.name) << c.json << QStringLiteral("simulate") << 2 << c.blamed;
  }
}

void TestStructuralDiagnostics::cliRefusesSingularModels() {
  QFETCH(QString, json);
  QFETCH(QString, command);
  QFETCH(int, exitCode);
  QFETCH(QStringList, blamed);
  QTemporaryDir dir;
  QVERIFY(dir.isValid());
  const QString path = dir.filePath(QStringLiteral("singular.kelvin"));
  QVERIFY(writeFile(path, json));
  const QString out = dir.filePath(QStringLiteral("result.csv"));
  QStringList arguments{command, path};
  if (command == QLatin1String("simulate")) arguments << QStringLiteral("--out") << out;

  const CliRun run = runCli(arguments);
  QCOMPARE(run.exitCode, exitCode);
  QVERIFY2(run.err.contains(path + QLatin1Char(':')), qPrintable(run.err));
  QVERIFY(run.out.isEmpty());
  QCOMPARE(entries(dir), QStringList{QStringLiteral("singular.kelvin")});  // no CSV, no temporary file
  QVERIFY2(oneLineNamesAll(run.err, blamed),
           qPrintable(QStringLiteral("no line names all of %1:\n%2").arg(blamed.join(QStringLiteral(", ")), run.err)));
}

void TestStructuralDiagnostics::cliValidatorNamesBlockAndPort_data() {
  QTest::addColumn<QString>("json");
  QTest::addColumn<QString>("location");  // block or block.port, as `file:location: message`
  QTest::addColumn<QString>("message");

  const QString ground = QStringLiteral(R"(, {"id": "G", "type": "electrical.Ground"})");
  const QString circuit = kSource + ground;
  const QString wires =
      QStringLiteral(R"({"from": "V1.p", "to": "R1.p"}, {"from": "R1.n", "to": "G.p"}, {"from": "V1.n", "to": "G.p"})");
  const QString constants =
      QStringLiteral(R"(, {"id": "K1", "type": "signal.Constant"}, {"id": "K2", "type": "signal.Constant"})");
  auto withResistance = [&](const char* r) {
    QString blocks = circuit;
    return blocks.replace(QStringLiteral(R"("R": "1k")"), QStringLiteral(R"("R": "%1")").arg(QLatin1String(r)));
  };

  QTest::newRow("unknown type") << modelText(
                                       circuit + QStringLiteral(R"(, {"id": "X1", "type": "electrical.Resistr"})"),
                                       wires)
                                << "X1"
                                << "unknown block type 'electrical.Resistr'";
  QTest::newRow("unknown port") << modelText(circuit,
                                             QString(wires).replace(QStringLiteral("R1.n"), QStringLiteral("R1.q")))
                                << "R1.q"
                                << "has no port 'q'";
  QTest::newRow("output to output") << modelText(circuit + constants,
                                                 wires + QStringLiteral(R"(, {"from": "K1.y", "to": "K2.y"})"))
                                    << "K2.y"
                                    << "both are outputs";
  QTest::newRow("two drivers")
      << modelText(circuit + constants + QStringLiteral(R"(, {"id": "A", "type": "signal.Gain"})"),
                   wires + QStringLiteral(R"(, {"from": "K1.y", "to": "A.u"}, {"from": "K2.y", "to": "A.u"})"))
      << "A.u"
      << "has 2 drivers: K1.y and K2.y";
  // No rotational block is registered yet: a signal output wired to an electrical pin.
  QTest::newRow("signal wired to electrical")
      << modelText(circuit + constants, wires + QStringLiteral(R"(, {"from": "K1.y", "to": "R1.p"})")) << "R1.p"
      << "signal port K1.y cannot be wired to electrical port R1.p";
  // A resistor's open pin is a free end (information only); a sensor's pins must be connected.
  QTest::newRow("dangling required port")
      << modelText(circuit + QStringLiteral(R"(, {"id": "VS", "type": "electrical.VoltageSensor"})"),
                   wires + QStringLiteral(R"(, {"from": "VS.p", "to": "R1.p"})"))
      << "VS.n"
      << "electrical port n is not connected";
  QTest::newRow("bad parameter expression") << modelText(withResistance("1k*("), wires) << "R1"
                                            << "parameter R";
  QTest::newRow("R = 0 out of bounds") << modelText(withResistance("0"), wires) << "R1"
                                       << "R = 0 is out of range: must be > 0";
}

void TestStructuralDiagnostics::cliValidatorNamesBlockAndPort() {
  QFETCH(QString, json);
  QFETCH(QString, location);
  QFETCH(QString, message);
  QTemporaryDir dir;
  QVERIFY(dir.isValid());
  const QString path = dir.filePath(QStringLiteral("malformed.kelvin"));
  QVERIFY(writeFile(path, json));
  const QString expected = path + QLatin1Char(':') + location + QStringLiteral(": ");

  const CliRun validate = runCli({QStringLiteral("validate"), path});
  QCOMPARE(validate.exitCode, 2);
  QVERIFY2(validate.err.contains(expected),
           qPrintable(QStringLiteral("want '%1' in:\n%2").arg(expected, validate.err)));
  QVERIFY2(validate.err.contains(message), qPrintable(validate.err));
  QVERIFY(validate.out.isEmpty());

  const QString out = dir.filePath(QStringLiteral("result.csv"));
  const CliRun simulate = runCli({QStringLiteral("simulate"), path, QStringLiteral("--out"), out});
  QCOMPARE(simulate.exitCode, 2);
  QVERIFY2(simulate.err.contains(expected), qPrintable(simulate.err));
  QCOMPARE(entries(dir), QStringList{QStringLiteral("malformed.kelvin")});  // no CSV, no temporary file
}

QTEST_GUILESS_MAIN(TestStructuralDiagnostics)
#include "tst_structural_diagnostics.moc"
