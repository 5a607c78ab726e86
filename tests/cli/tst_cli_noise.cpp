// kelvin-cli noise and partition (DESIGN.md, "The CLI contract"): the spectrum CSV
// of the RC example against 4kTR/(1 + (f/fc)²), its budget on stdout, the
// transient envelope's CSV settling at kT/C, a seeded Monte Carlo run that repeats
// exactly, the partition JSON of the diode detector, and the errors.

#include <QFile>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QTemporaryDir>
#include <QtTest>
#include <cmath>
#include <numbers>

#include "support/cli_runner.h"

using kelvin::test::CliRun;
using kelvin::test::runCli;

namespace {

const QString kRc = QStringLiteral(KELVIN_EXAMPLES_DIR "/rc_noise_spectrum.kelvin");
const QString kDetector = QStringLiteral(KELVIN_EXAMPLES_DIR "/diode_detector_noise.kelvin");
const QString kNoSensor = QStringLiteral(KELVIN_EXAMPLES_DIR "/rc_lowpass.kelvin");
constexpr double kT = 1.380649e-23 * 300.15;  // the example's temperature

std::vector<std::vector<double>> rows(const QString& csv) { return kelvin::test::csvRows(csv); }

QString readFile(const QString& path) {
  QFile f(path);
  return f.open(QIODevice::ReadOnly) ? QString::fromUtf8(f.readAll()) : QString();
}

}  // namespace

class TestCliNoise : public QObject {
  Q_OBJECT

 private Q_SLOTS:
  void psdCsvMatchesTheClosedForm() {
    QTemporaryDir dir;
    const QString out = dir.filePath("psd.csv");
    const CliRun run = runCli({"noise", kRc, "--psd", "--fmin", "1k", "--fmax", "100Meg", "--points", "41", "--no-refine", "--out", out});
    QCOMPARE(run.exitCode, 0);
    const QString csv = readFile(out);
    QVERIFY(csv.startsWith("freq_hz,NS.y.psd\n"));
    const auto data = rows(csv);
    QCOMPARE(data.size(), std::size_t(41));
    for (const auto& row : data) {
      const double x = 2.0 * std::numbers::pi * row[0] * 1e3 * 1e-9;
      const double expected = 4.0 * kT * 1e3 / (1.0 + x * x);
      QVERIFY2(std::abs(row[1] / expected - 1.0) < 1e-9, qPrintable(QString::number(row[0])));  // %.17g and rounding
    }
    // With the CSV in a file, the integrated noise and the budget go to stdout: R1 holds it all.
    QVERIFY2(run.out.contains("NS.y: integrated noise"), qPrintable(run.out));
    QVERIFY(run.out.contains(QRegularExpression("R1.thermal\\s+\\S+\\s+100.00 %")));
  }

  void transientCsvSettlesAtEquipartition() {
    const CliRun run = runCli({"noise", kRc, "--transient"});
    QCOMPARE(run.exitCode, 0);
    QVERIFY(run.out.startsWith("time,NS.y.mean,NS.y.var\n"));
    const auto data = rows(run.out);
    QCOMPARE(data.front()[2], 0.0);  // a known initial state has no variance
    // After 20 τ the variance is kT/C (the transient left is e^(−40)); the mean is 1 V less e^(−20).
    QVERIFY(std::abs(data.back()[2] / (kT / 1e-9) - 1.0) < 1e-6);
    QVERIFY(std::abs(data.back()[1] - 1.0) < 1e-6);
  }

  void monteCarloWithASeedRepeats() {
    const QStringList args{"noise", kRc, "--transient", "--monte-carlo", "20", "--seed", "7", "--stop", "2u", "--step", "20n"};
    const CliRun first = runCli(args), second = runCli(args);
    QCOMPARE(first.exitCode, 0);
    QCOMPARE(first.out, second.out);
    const CliRun other = runCli({"noise", kRc, "--transient", "--monte-carlo", "20", "--seed", "8", "--stop", "2u", "--step", "20n"});
    QVERIFY(other.out != first.out);
  }

  void partitionOfTheDetector() {
    const CliRun run = runCli({"partition", kDetector});
    QCOMPARE(run.exitCode, 0);
    const QJsonArray portions = QJsonDocument::fromJson(run.out.toUtf8()).object()["portions"].toArray();
    QCOMPARE(portions.size(), 2);
    const QJsonObject nonlinear = portions[0].toObject(), linear = portions[1].toObject();
    QCOMPARE(nonlinear["linear"].toBool(), false);
    QCOMPARE(nonlinear["elements"].toArray(), QJsonArray{"D1"});
    QCOMPARE(nonlinear["storage_elements"].toInt(), 0);  // nonlinear portions stay memoryless
    QVERIFY(linear["elements"].toArray().contains("C1"));
    QCOMPARE(nonlinear["ports"].toArray().size(), 2);  // anode and cathode nodes
  }

  void importedNoiseCardSetsTheBand() {
    // SPICE's `.noise v(out) V1 dec 10 1k 100Meg`: 10 points a decade over five decades, 51 in all.
    QTemporaryDir dir;
    const QString netlist = dir.filePath("rc.cir"), model = dir.filePath("rc.kelvin");
    QFile file(netlist);
    QVERIFY(file.open(QIODevice::WriteOnly));
    file.write("RC noise\nV1 in 0 DC 1\nR1 in out 1k\nC1 out 0 1n\n.noise v(out) V1 dec 10 1k 100Meg\n.end\n");
    file.close();
    QCOMPARE(runCli({"import-spice", netlist, "--out", model}).exitCode, 0);
    const CliRun run = runCli({"noise", model, "--psd"});
    QCOMPARE(run.exitCode, 0);
    QVERIFY(run.out.startsWith("freq_hz,NOISE_out.y.psd\n"));
    const auto data = rows(run.out);
    QCOMPARE(data.size(), std::size_t(51));
    QCOMPARE(data.front()[0], 1e3);
    QVERIFY(std::abs(data.back()[0] / 1e8 - 1.0) < 1e-12);
  }

  void errors_data() {
    QTest::addColumn<QStringList>("args");
    QTest::addColumn<int>("exitCode");
    QTest::addColumn<QString>("message");
    QTest::newRow("no analysis") << QStringList{"noise", kRc} << 1 << "give one of --psd or --transient";
    QTest::newRow("both analyses") << QStringList{"noise", kRc, "--psd", "--transient"} << 1 << "give one of";
    QTest::newRow("no sensor") << QStringList{"noise", kNoSensor, "--psd"} << 2 << "no noise sensor";
    QTest::newRow("unknown signal") << QStringList{"noise", kRc, "--psd", "--signals", "X.y"} << 2 << "no signal named 'X.y'";
    QTest::newRow("one Monte Carlo run") << QStringList{"noise", kRc, "--transient", "--monte-carlo", "1"} << 1 << "--monte-carlo";
  }
  void errors() {
    QFETCH(QStringList, args);
    QFETCH(int, exitCode);
    QFETCH(QString, message);
    const CliRun run = runCli(args);
    QCOMPARE(run.exitCode, exitCode);
    QVERIFY2(run.err.contains(message), qPrintable(run.err));
  }
};

QTEST_GUILESS_MAIN(TestCliNoise)
#include "tst_cli_noise.moc"
