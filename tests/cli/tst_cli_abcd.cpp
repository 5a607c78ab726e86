// kelvin-cli abcd and freq (DESIGN.md, "The CLI contract"): the JSON, CSV and
// Octave forms of the K2 demonstration's ABCD matrix, its poles against the
// closed form, the frequency CSV against W2 of the demonstration, and the
// errors for a missing output, a missing Inp and an unwritable file.

#include <QDir>
#include <QFile>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QProcess>
#include <QTemporaryDir>
#include <QtTest>

#include "support/cli_runner.h"
#include <cmath>
#include <complex>

namespace {

using kelvin::test::CliRun;
using kelvin::test::runCli;

const QString kDemo = QStringLiteral(KELVIN_EXAMPLES_DIR "/k2_demo.kelvin");

/// The RLC example without analysis markers.
const QString kRlc = QStringLiteral(KELVIN_EXAMPLES_DIR "/rlc_resonator.kelvin");

}  // namespace

class TestCliAbcd : public QObject {
  Q_OBJECT

 private Q_SLOTS:
  void abcdJsonOfTheK2Demo() {
    const CliRun run = runCli({QStringLiteral("abcd"), kDemo});
    QCOMPARE(run.exitCode, 0);
    const QJsonObject j = QJsonDocument::fromJson(run.out.toUtf8()).object();
    const QJsonArray rows = j[QStringLiteral("rows")].toArray();
    QCOMPARE(j[QStringLiteral("A")].toArray().size(), rows.size());
    QCOMPARE(j[QStringLiteral("B")].toArray().size(), rows.size());
    QCOMPARE(j[QStringLiteral("outputs")].toArray(), (QJsonArray{QStringLiteral("Out1"), QStringLiteral("Out2")}));
    QCOMPARE(j[QStringLiteral("output_signals")].toArray(), (QJsonArray{QStringLiteral("VS.y"), QStringLiteral("W1.y")}));
    QCOMPARE(j[QStringLiteral("row_names")].toArray().size(), rows.size());
    int integrators = 0;
    for (const QJsonValue& r : rows) integrators += r.toString() == QStringLiteral("1/s");
    QCOMPARE(integrators, 3);  // the lag of W1 and the two capacitors
    // Poles: −1/T2 = −100, and −ξ/T ± j·√(1 − ξ²)/T = −200 ± 979.80j.
    const std::complex<double> expected[3] = {{-100.0, 0.0}, {-200.0, std::sqrt(1.0 - 0.04) * 1e3}, {-200.0, -std::sqrt(1.0 - 0.04) * 1e3}};
    const QJsonArray eigenvalues = j[QStringLiteral("eigenvalues")].toArray();
    QCOMPARE(eigenvalues.size(), 3);
    for (const std::complex<double>& s : expected) {
      double nearest = 1e300;
      for (const QJsonValue& e : eigenvalues)
        nearest = std::min(nearest, std::abs(std::complex<double>(e.toArray()[0].toDouble(), e.toArray()[1].toDouble()) - s));
      QVERIFY2(nearest <= 1e-9 * std::abs(s), qPrintable(QString::number(nearest)));  // exact Jacobians: rounding
    }
    const QJsonObject fd = j[QStringLiteral("finite_difference")].toObject();
    QCOMPARE(fd[QStringLiteral("delta")].toDouble(), 1e-6);
    QVERIFY(fd[QStringLiteral("discrepancy")].toDouble() <= 1e-5);  // the bound for AD vs differences
  }

  void abcdWithoutMarkersGivesALabelledA() {
    const CliRun run = runCli({QStringLiteral("abcd"), kRlc, QStringLiteral("--reduced")});
    QCOMPARE(run.exitCode, 0);
    const QJsonObject j = QJsonDocument::fromJson(run.out.toUtf8()).object();
    QCOMPARE(j[QStringLiteral("rows")].toArray(), (QJsonArray{QStringLiteral("1/s"), QStringLiteral("1/s")}));
    QCOMPARE(j[QStringLiteral("A")].toArray().size(), 2);
    QVERIFY(j[QStringLiteral("outputs")].toArray().isEmpty());
    QVERIFY(j[QStringLiteral("C")].toArray().isEmpty());
  }

  void abcdCsvAndOctaveForms() {
    QTemporaryDir dir;
    const QString csv = dir.filePath(QStringLiteral("k2.csv")), script = dir.filePath(QStringLiteral("k2.m"));
    QCOMPARE(runCli({QStringLiteral("abcd"), kDemo, QStringLiteral("--format"), QStringLiteral("csv"), QStringLiteral("--out"), csv}).exitCode, 0);
    QFile file(csv);
    QVERIFY(file.open(QIODevice::ReadOnly));
    const QStringList lines = QString::fromUtf8(file.readAll()).split(QLatin1Char('\n'), Qt::SkipEmptyParts);
    QCOMPARE(lines.size(), 1 + 3 + 2);  // header, three 1/s rows, two outputs
    QVERIFY(lines[0].startsWith(QStringLiteral("row,name,")));
    QVERIFY(lines[0].endsWith(QStringLiteral(",Inp.y")));
    QVERIFY(lines[4].startsWith(QStringLiteral("Out1,VS.y,")));
    QCOMPARE(runCli({QStringLiteral("abcd"), kDemo, QStringLiteral("--format"), QStringLiteral("m"), QStringLiteral("--out"), script}).exitCode, 0);
    QFile m(script);
    QVERIFY(m.open(QIODevice::ReadOnly));
    const QString text = QString::fromUtf8(m.readAll());
    for (const char* needle : {"A = [", "B = [", "C = [", "D = [", "row_labels = {'1/s'", "sys = ss(A, B, C, D);"})
      QVERIFY2(text.contains(QLatin1String(needle)), needle);
  }

  void freqGivesW2AsTheRatioOfTheOutputs() {
    const CliRun run = runCli({QStringLiteral("freq"), kDemo, QStringLiteral("--fmin"), QStringLiteral("1"), QStringLiteral("--fmax"),
                               QStringLiteral("10k"), QStringLiteral("--points"), QStringLiteral("50"), QStringLiteral("--w1"),
                               QStringLiteral("1"), QStringLiteral("--w2"), QStringLiteral("2")});
    QCOMPARE(run.exitCode, 0);
    const QStringList lines = run.out.split(QLatin1Char('\n'), Qt::SkipEmptyParts);
    QCOMPARE(lines.front(), QStringLiteral("freq_hz,re,im,mag_db,phase_deg"));
    QCOMPARE(lines.size(), 51);
    double worstDb = 0.0, worstDeg = 0.0;
    for (int k = 1; k < lines.size(); ++k) {
      const QStringList f = lines[k].split(QLatin1Char(','));
      const double omega = 2.0 * M_PI * f[0].toDouble(), t = 1e-3, xi = 0.2;
      const std::complex<double> s(0.0, omega), w2 = 1.0 / (t * t * s * s + 2.0 * xi * t * s + 1.0);
      worstDb = std::max(worstDb, std::abs(f[3].toDouble() - 20.0 * std::log10(std::abs(w2))));
      worstDeg = std::max(worstDeg, std::abs(f[4].toDouble() + std::atan2(2.0 * xi * t * omega, 1.0 - t * t * omega * omega) * 180.0 / M_PI));
    }
    qInfo("W2 from the CLI: worst %.3g dB, %.3g degrees", worstDb, worstDeg);
    // The bound; the CSV holds 17 significant digits.
    QVERIFY(worstDb <= 1e-6);
    QVERIFY(worstDeg <= 1e-6);
  }

  void freqMikhailovNeedsNoMarkers() {
    const CliRun run = runCli({QStringLiteral("freq"), kRlc, QStringLiteral("--kind"), QStringLiteral("mikhailov"), QStringLiteral("--points"), QStringLiteral("5")});
    QCOMPARE(run.exitCode, 0);
    QCOMPARE(run.out.split(QLatin1Char('\n'), Qt::SkipEmptyParts).size(), 6);
  }

  void badRequestsAreClearErrors_data() {
    QTest::addColumn<QStringList>("arguments");
    QTest::addColumn<int>("exitCode");
    QTest::addColumn<QString>("message");
    QTest::newRow("no such output") << QStringList{QStringLiteral("freq"), kDemo, QStringLiteral("--w1"), QStringLiteral("3")} << 2
                                    << QStringLiteral("output W3 does not exist: the analysis.Out marker has 2 inputs");
    QTest::newRow("no Inp") << QStringList{QStringLiteral("freq"), kRlc} << 2 << QStringLiteral("no analysis.Inp marker");
    QTest::newRow("bad format") << QStringList{QStringLiteral("abcd"), kDemo, QStringLiteral("--format"), QStringLiteral("xml")} << 1
                                << QStringLiteral("--format takes json, csv or m");
    QTest::newRow("bad delta") << QStringList{QStringLiteral("abcd"), kDemo, QStringLiteral("--delta"), QStringLiteral("0")} << 1
                               << QStringLiteral("--delta must be positive");
    QTest::newRow("bad kind") << QStringList{QStringLiteral("freq"), kDemo, QStringLiteral("--kind"), QStringLiteral("polar")} << 1
                              << QStringLiteral("--kind takes bode, nyquist or mikhailov");
  }

  void badRequestsAreClearErrors() {
    QFETCH(QStringList, arguments);
    QFETCH(int, exitCode);
    QFETCH(QString, message);
    const CliRun run = runCli(arguments);
    QCOMPARE(run.exitCode, exitCode);
    QVERIFY2(run.err.contains(message), qPrintable(run.err));
    QVERIFY(run.out.isEmpty());
  }

  void failedFreqLeavesNoFile() {
    QTemporaryDir dir;
    const QString out = dir.filePath(QStringLiteral("w.csv"));
    QCOMPARE(runCli({QStringLiteral("freq"), kRlc, QStringLiteral("--out"), out}).exitCode, 2);
    QVERIFY(!QFile::exists(out));
    QVERIFY(QDir(dir.path()).entryList(QDir::Files).isEmpty());  // no temporary left behind either
  }
};

QTEST_APPLESS_MAIN(TestCliAbcd)
#include "tst_cli_abcd.moc"
