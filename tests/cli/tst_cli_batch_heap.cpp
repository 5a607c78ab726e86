// `kelvin-cli simulate` on a model large enough for its process-level memory handling
// (app/cli/batch_heap.h: malloc without mmap or trim, a thread populating the heap ahead of
// the main thread on huge pages; app/cli/fast_exit.h: the exit without teardown): the
// 1000-section RC ladder of tests/data, imported from its netlist, agrees with the closed form
// of tests/data/rc_ladder_1000_analytic.csv in the CSV written to --out and in the one written
// to stdout, and both are complete.

#include <QFile>
#include <QFileInfo>
#include <QTemporaryDir>
#include <QtTest>
#include <cmath>
#include <vector>

#include "support/cli_runner.h"

namespace {

using kelvin::test::CliRun;
using kelvin::test::csvRows;
using kelvin::test::runCli;

/// Rows of tests/data/rc_ladder_1000_analytic.csv: time, v(n1), v(n10), v(n100), v(n1000).
std::vector<std::vector<double>> analytic() {
  QFile file(QStringLiteral(KELVIN_TEST_DATA_DIR "/rc_ladder_1000_analytic.csv"));
  if (!file.open(QIODevice::ReadOnly | QIODevice::Text)) qFatal("cannot read %s", qPrintable(file.fileName()));
  return csvRows(QString::fromUtf8(file.readAll()));
}

}  // namespace

class TestCliBatchHeap : public QObject {
  Q_OBJECT

 private Q_SLOTS:
  void initTestCase() {
    QVERIFY(dir_.isValid());
    model_ = dir_.filePath("rc_ladder_1000.kelvin");
    const CliRun import =
        runCli({"import-spice", QStringLiteral(KELVIN_TEST_DATA_DIR "/rc_ladder_1000.cir"), "--out", model_});
    QCOMPARE(import.exitCode, 0);
    // BatchHeap::kPrefaultFrom (64 kB): from this size on the prefaulting thread runs.
    QVERIFY(QFileInfo(model_).size() >= 64 * 1024);
  }

  void csvMatchesClosedForm_data() {
    QTest::addColumn<bool>("toFile");
    QTest::newRow("--out") << true;
    QTest::newRow("stdout") << false;
  }

  // Nodes 1, 10 and 100 (C1.p, C10.p, C100.p) every 100 ns to 1 us at rtol 1e-8: as in
  // tests/core/solve/tst_rc_ladder.cpp, IDA keeps each step's error near 1e-8 of the <= 1 V
  // node voltages and the diffusion damps earlier errors, so 1e-7 V is ten times rtol * 1 V.
  void csvMatchesClosedForm() {
    QFETCH(bool, toFile);
    const QString out = dir_.filePath("ladder.csv");
    QStringList arguments{"simulate", model_, "--signals", "C1.p,C10.p,C100.p", "--step", "100n", "--rtol", "1e-8"};
    if (toFile) arguments << "--out" << out;
    const CliRun run = runCli(arguments);
    QCOMPARE(run.exitCode, 0);
    QString csv = run.out;
    if (toFile) {
      QFile file(out);
      QVERIFY(file.open(QIODevice::ReadOnly | QIODevice::Text));
      csv = QString::fromUtf8(file.readAll());
      QVERIFY(run.out.isEmpty());
    }
    QVERIFY2(csv.startsWith("time,C1.p,C10.p,C100.p\n"), qPrintable(csv.left(80)));
    QVERIFY(csv.endsWith('\n'));
    const std::vector<std::vector<double>> rows = csvRows(csv);
    QCOMPARE(rows.size(), std::size_t{11});  // t = 0 and ten samples 100 ns apart: none lost at exit
    int compared = 0;
    for (const std::vector<double>& reference : analytic()) {
      for (const std::vector<double>& row : rows) {
        if (std::abs(row[0] - reference[0]) > 1e-12 * reference[0]) continue;
        for (int node = 1; node <= 3; ++node) {
          QVERIFY2(std::abs(row[node] - reference[node]) <= 1e-7,
                   qPrintable(QStringLiteral("t = %1 s, column %2: %3 against %4")
                                  .arg(row[0])
                                  .arg(node)
                                  .arg(row[node], 0, 'g', 12)
                                  .arg(reference[node], 0, 'g', 12)));
        }
        ++compared;
      }
    }
    QCOMPARE(compared, 4);  // 0.1, 0.2, 0.5 and 1 us
  }

 private:
  QTemporaryDir dir_;
  QString model_;
};

QTEST_APPLESS_MAIN(TestCliBatchHeap)
#include "tst_cli_batch_heap.moc"
