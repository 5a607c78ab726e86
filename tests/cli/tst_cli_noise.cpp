// kelvin-cli noise and partition (DESIGN.md, "The CLI contract"): the spectrum CSV
// of the RC example against 4kTR/(1 + (f/fc)²), its budget on stdout, the
// transient envelope's CSV settling at kT/C, a seeded Monte Carlo run that repeats
// exactly, the partition JSON of the diode detector with each portion's noise at its
// ports (C_s = kT(1 − S²) of a resistor port; Hermitian positive semi-definite for a
// two-port), the portion method equal to the element method, and the errors.

#include <QFile>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QTemporaryDir>
#include <QtTest>
#include <cmath>
#include <complex>
#include <numbers>

#include "support/cli_runner.h"

using kelvin::test::CliRun;
using kelvin::test::runCli;

namespace {

const QString kRc = QStringLiteral(KELVIN_EXAMPLES_DIR "/rc_noise_spectrum.kelvin");
const QString kDetector = QStringLiteral(KELVIN_EXAMPLES_DIR "/diode_detector_noise.kelvin");
const QString kNoSensor = QStringLiteral(KELVIN_EXAMPLES_DIR "/rc_lowpass.kelvin");
constexpr double kT = 1.380649e-23 * 300.15;  // the example's temperature
constexpr double kTModel = 1.380649e-23 * 300.0;  // the models written here

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

  void partitionReportsNoiseCorrelation() {
    // R1 (1 kΩ) from node a to ground, R2 (2 kΩ) from a to b, R3 (3 kΩ) and C1 (1 nF) from b to
    // ground, sensors at a and b: one linear portion with two ports. With a resistor alone at a port
    // (R1 and NS1 only) S = (R − z0)/(R + z0) and C_s = kT(1 − S²).
    QTemporaryDir dir;
    const QString model = dir.filePath("two_port.kelvin");
    QFile file(model);
    QVERIFY(file.open(QIODevice::WriteOnly));
    file.write(R"({"format": "kelvin-model", "version": 1, "name": "two_port", "settings": {"temperature": 300},
      "blocks": [{"id": "R1", "type": "electrical.Resistor", "params": {"R": "1k"}},
                 {"id": "R2", "type": "electrical.Resistor", "params": {"R": "2k"}},
                 {"id": "R3", "type": "electrical.Resistor", "params": {"R": "3k"}},
                 {"id": "C1", "type": "electrical.Capacitor", "params": {"C": "1n"}},
                 {"id": "G", "type": "electrical.Ground"},
                 {"id": "NS1", "type": "electrical.NoiseSensor"}, {"id": "NS2", "type": "electrical.NoiseSensor"}],
      "connections": [{"from": "R1.p", "to": "R2.p"}, {"from": "R1.n", "to": "G.p"}, {"from": "R2.n", "to": "R3.p"},
                      {"from": "R3.n", "to": "G.p"}, {"from": "C1.p", "to": "R3.p"}, {"from": "C1.n", "to": "G.p"},
                      {"from": "NS1.p", "to": "R1.p"}, {"from": "NS1.n", "to": "G.p"},
                      {"from": "NS2.p", "to": "R3.p"}, {"from": "NS2.n", "to": "G.p"}]})");
    file.close();
    const CliRun run = runCli({"partition", model, "--freq", "1,100k,10Meg", "--z0", "50"});
    QCOMPARE(run.exitCode, 0);
    const QJsonArray portions = QJsonDocument::fromJson(run.out.toUtf8()).object()["portions"].toArray();
    QCOMPARE(portions.size(), 1);
    const QJsonObject noise = portions[0].toObject()["noise_correlation"].toObject();
    QCOMPARE(noise["ports"].toArray().size(), 2);
    const QJsonArray values = noise["values"].toArray();
    QCOMPARE(values.size(), 3);
    for (const QJsonValue& v : values) {
      const QJsonObject at = v.toObject();
      QCOMPARE(at["reference_impedance"].toDouble(), 50.0);
      const QJsonArray re = at["real"].toArray(), im = at["imag"].toArray();
      auto c = [&](int i, int j) {
        return std::complex<double>(re[i].toArray()[j].toDouble(), im[i].toArray()[j].toDouble());
      };
      const double scale = kTModel;
      // Hermitian to rounding (relative to kT), positive semi-definite: a 2 × 2 Hermitian matrix
      // is when its diagonal and its determinant are ≥ 0 (less rounding).
      QVERIFY(std::abs(c(0, 1) - std::conj(c(1, 0))) < 1e-12 * scale);
      QVERIFY(std::abs(c(0, 0).imag()) < 1e-12 * scale && std::abs(c(1, 1).imag()) < 1e-12 * scale);
      QVERIFY(c(0, 0).real() >= 0.0 && c(1, 1).real() >= 0.0);
      QVERIFY((c(0, 0) * c(1, 1) - c(0, 1) * c(1, 0)).real() >= -1e-12 * scale * scale);
      QVERIFY(c(0, 0).real() <= scale && c(1, 1).real() <= scale);  // a passive port gives out at most kT
    }
    // The same resistor alone at a port.
    QFile single(model);
    QVERIFY(single.open(QIODevice::WriteOnly));
    single.write(R"({"format": "kelvin-model", "version": 1, "name": "one_port", "settings": {"temperature": 300},
      "blocks": [{"id": "R1", "type": "electrical.Resistor", "params": {"R": "1k"}}, {"id": "G", "type": "electrical.Ground"},
                 {"id": "NS1", "type": "electrical.NoiseSensor"}],
      "connections": [{"from": "R1.n", "to": "G.p"}, {"from": "NS1.p", "to": "R1.p"}, {"from": "NS1.n", "to": "G.p"}]})");
    single.close();
    const CliRun one = runCli({"partition", model, "--z0", "50"});
    QCOMPARE(one.exitCode, 0);
    const QJsonObject at = QJsonDocument::fromJson(one.out.toUtf8())
                               .object()["portions"].toArray()[0].toObject()["noise_correlation"]
                               .toObject()["values"].toArray()[0].toObject();
    const double s = (1e3 - 50.0) / (1e3 + 50.0), expected = kTModel * (1.0 - s * s);
    QVERIFY(std::abs(at["real"].toArray()[0].toArray()[0].toDouble() / expected - 1.0) < 1e-12);  // rounding
    QVERIFY(std::abs(at["scattering"].toObject()["real"].toArray()[0].toArray()[0].toDouble() - s) < 1e-12);
  }

  void partitionNamesWhyBosmaDoesNotHold() {
    const CliRun run = runCli({"partition", kDetector});
    QCOMPARE(run.exitCode, 0);
    const QJsonObject diode = QJsonDocument::fromJson(run.out.toUtf8()).object()["portions"].toArray()[0].toObject();
    const QString note = diode["noise_correlation"].toObject()["note"].toString();
    QVERIFY2(note.contains("D1") && note.contains("shot noise"), qPrintable(note));
  }

  void portionMethodEqualsElementMethod() {
    const QStringList psd{"noise", kRc, "--psd", "--fmin", "1k", "--fmax", "100Meg", "--points", "21", "--no-refine"};
    const CliRun elements = runCli(psd), portions = runCli(psd + QStringList{"--method", "portions"});
    QCOMPARE(portions.exitCode, 0);
    const auto e = rows(elements.out), p = rows(portions.out);
    QCOMPARE(p.size(), e.size());
    for (std::size_t i = 0; i < e.size(); ++i) QVERIFY(std::abs(p[i][1] / e[i][1] - 1.0) < 1e-9);  // rounding
    QVERIFY2(portions.err.contains(".port1"), qPrintable(portions.err));  // the budget names the port source
    QCOMPARE(runCli(psd + QStringList{"--method", "bosma"}).exitCode, 1);
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
