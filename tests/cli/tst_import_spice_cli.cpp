// `kelvin-cli import-spice` as a script uses it: the model on stdout (or
// --out), which validates and simulates; warnings on stderr naming file:line;
// exit 2 naming file:line for a malformed netlist, with no output file left.

#include <QFile>
#include <QProcess>
#include <QTemporaryDir>
#include <QtTest>

#include "support/cli_runner.h"

namespace {

using kelvin::test::CliRun;
using kelvin::test::runCli;

QString writeFile(const QTemporaryDir& dir, const QString& name, const QByteArray& text) {
  const QString path = dir.filePath(name);
  QFile file(path);
  if (!file.open(QIODevice::WriteOnly)) return {};
  file.write(text);
  return path;
}

}  // namespace

class TestImportSpiceCli : public QObject {
  Q_OBJECT

 private Q_SLOTS:
  // An RC low-pass netlist becomes a model whose capacitor charges as 1 − e^(−t/RC):
  // at t = RC = 1 ms, 0.632 V. IDA at rtol 1e-6 keeps the error near 1e-6 V; the CSV's
  // 1 µs output grid puts a sample exactly at 1 ms.
  void importedModelValidatesAndSimulates() {
    QTemporaryDir dir;
    const QString netlist = writeFile(dir, "rc.cir",
                                      "RC low-pass\nV1 in 0 DC 1\nR1 in out 1k\nC1 out 0 1uF IC=0\n"
                                      ".save v(out)\n.tran 1u 2m UIC\nT1 a 0 b 0 Z0=50 TD=1n\n.end\n");
    const QString model = dir.filePath("rc.kelvin");
    const CliRun import = runCli({"import-spice", netlist, "--out", model});
    QCOMPARE(import.exitCode, 0);
    QVERIFY2(import.err.contains(netlist + ":7: element 'T1' not supported"), qPrintable(import.err));
    QVERIFY(import.err.startsWith("warning: "));
    QCOMPARE(runCli({"validate", model}).exitCode, 0);
    const CliRun run = runCli({"simulate", model, "--signals", "V_out.y"});
    QCOMPARE(run.exitCode, 0);
    bool found = false;
    for (const QString& line : run.out.split('\n')) {
      const QStringList cells = line.split(',');
      if (cells.size() == 2 && std::abs(cells[0].toDouble() - 1e-3) < 1e-12) {
        QVERIFY2(std::abs(cells[1].toDouble() - (1.0 - std::exp(-1.0))) < 1e-5, qPrintable(line));
        found = true;
      }
    }
    QVERIFY(found);
  }

  // An imported .ac card is the sweep `kelvin-cli freq` takes when no option gives one: 10 per decade
  // from 10 Hz to 100 kHz are 41 frequencies, as SPICE counts them (CSV header + 41 rows), the first
  // and last at the card's ends; --points overrides it.
  void acCardIsTheSweepOfFreq() {
    QTemporaryDir dir;
    const QString netlist = writeFile(dir, "rc.cir", "t\nV1 in 0 DC 1 AC 1\nR1 in out 1k\nC1 out 0 1u\n"
                                                     ".ac dec 10 10 100k\n.tran 1u 1m\n");
    const QString model = dir.filePath("rc.kelvin");
    QCOMPARE(runCli({"import-spice", netlist, "--out", model}).exitCode, 0);
    const CliRun run = runCli({"freq", model, "--kind", "mikhailov"});
    QCOMPARE(run.exitCode, 0);
    const QStringList lines = run.out.split('\n', Qt::SkipEmptyParts);
    QCOMPARE(lines.size(), 42);
    QCOMPARE(lines[1].split(',')[0].toDouble(), 10.0);
    QVERIFY(std::abs(lines.back().split(',')[0].toDouble() / 1e5 - 1.0) < 1e-12);
    QCOMPARE(runCli({"freq", model, "--kind", "mikhailov", "--points", "5"}).out.split('\n', Qt::SkipEmptyParts).size(),
             6);
  }

  void writesToStdoutByDefault() {
    QTemporaryDir dir;
    const QString netlist = writeFile(dir, "r.cir", "t\nV1 a 0 5\nR1 a 0 1k\n.tran 1m 1\n");
    const CliRun run = runCli({"import-spice", netlist});
    QCOMPARE(run.exitCode, 0);
    QVERIFY(run.out.contains("\"format\": \"kelvin-model\""));
    QVERIFY(run.out.contains("\"electrical.Resistor\""));
  }

  void emptyNetlistSaysSo() {  // an empty file was "cannot read the netlist" (the stream's failbit)
    QTemporaryDir dir;
    const QString netlist = writeFile(dir, "empty.cir", "");
    const CliRun run = runCli({"import-spice", netlist});
    QCOMPARE(run.exitCode, 2);
    QVERIFY2(run.err.contains(netlist + ": no circuit element found"), qPrintable(run.err));
  }

  void malformedNetlistExitsTwoNamingTheLine() {
    QTemporaryDir dir;
    const QString netlist = writeFile(dir, "bad.cir", "t\nV1 a 0 5\n* comment\nR1 a 0 1k2x\n");
    const QString model = dir.filePath("bad.kelvin");
    const CliRun run = runCli({"import-spice", netlist, "--out", model});
    QCOMPARE(run.exitCode, 2);
    QVERIFY2(run.err.contains(netlist + ":4: R1: malformed resistance '1k2x'"), qPrintable(run.err));
    QVERIFY(!QFile::exists(model));
  }

  void blocksCommandListsTheLibrary() {
    const CliRun list = runCli({"blocks"});
    QCOMPARE(list.exitCode, 0);
    QVERIFY(list.out.contains("electrical.Resistor\tResistor\n"));
    const CliRun markdown = runCli({"blocks", "--format", "markdown"});
    QCOMPARE(markdown.exitCode, 0);
    QVERIFY(markdown.out.contains("### Resistor — `electrical.Resistor`"));
    QCOMPARE(runCli({"blocks", "--format", "pdf"}).exitCode, 1);
  }
};

QTEST_APPLESS_MAIN(TestImportSpiceCli)
#include "tst_import_spice_cli.moc"
