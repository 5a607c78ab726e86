// kelvin-cli sweep (DESIGN.md, "The CLI contract"): a 10 × 2 grid of R and C on the RC
// low-pass against v(t) = 1 − exp(−t/RC) in every row; Monte Carlo rows against the same
// closed form at their drawn values; the same table bytes for --jobs 1 and 2, for two
// shards merged, and under mpirun -np 2 (when built with MPI; without the MPI module it
// says what it misses); trace files; and bad
// specs refused before any run, naming what is wrong.

#include <QDir>
#include <QFile>
#include <QProcess>
#include <QTemporaryDir>
#include <QtTest>
#include <algorithm>
#include <cmath>

#include <unistd.h>

#include "support/cli_runner.h"

using kelvin::test::CliRun;
using kelvin::test::runCli;

namespace {

const QString kRc = QStringLiteral(KELVIN_EXAMPLES_DIR "/rc_lowpass.kelvin");
const QStringList kGrid{"sweep", kRc, "--param", "R1.R=150,330,560,820,1.2k,1.8k,2.7k,3.9k,5.6k,8.2k",
                        "--param", "C1.C=47n,680n", "--measure", "v1=at(C1.v, 0.2m)",
                        "--measure", "vend=final(C1.v)", "--measure", "half=crossing(C1.v, 0.5)"};
const QStringList kMonteCarlo{"sweep", kRc, "--monte-carlo", "12", "--seed", "2024",
                              "--vary", "R1.R=normal(1k,5%)", "--vary", "C1.C=uniform(0.5u,1.5u)",
                              "--measure", "v1=at(C1.v, 1m)"};

QString readFile(const QString& path) {
  QFile f(path);
  return f.open(QIODevice::ReadOnly) ? QString::fromUtf8(f.readAll()) : QString();
}

/// Runs the CLI with `extra` appended and returns the table it wrote with --out.
QString table(const QStringList& arguments, const QStringList& extra = {}) {
  QTemporaryDir dir;
  const QString out = dir.filePath("t.csv");
  const CliRun run = runCli(arguments + extra + QStringList{"--out", out});
  if (run.exitCode != 0) qWarning().noquote() << run.err;
  return run.exitCode == 0 ? readFile(out) : QString();
}

/// Header and shard tables merged as docs/sweep.md says: one header, rows sorted by run.
QString merge(const QStringList& shards) {
  QStringList rows;
  for (const QString& s : shards) rows += s.split('\n', Qt::SkipEmptyParts).mid(1);
  std::sort(rows.begin(), rows.end(), [](const QString& a, const QString& b) {
    return a.section(',', 0, 0).toLong() < b.section(',', 0, 0).toLong();
  });
  return shards.front().section('\n', 0, 0) + '\n' + rows.join('\n') + '\n';
}

}  // namespace

class TestCliSweep : public QObject {
  Q_OBJECT

 private Q_SLOTS:
  void gridMatchesTheClosedFormInEveryRow() {
    const QStringList lines = table(kGrid).split('\n', Qt::SkipEmptyParts);
    QCOMPARE(lines.value(0), QString("run,R1.R,C1.C,v1,vend,half,status"));
    QCOMPARE(lines.size(), 21);
    double worst = 0.0;
    for (int i = 1; i < lines.size(); ++i) {
      const QStringList f = lines[i].split(',');
      QCOMPARE(f[0].toInt(), i - 1);
      QCOMPARE(f[6], QString("ok"));
      const double r = f[1].toDouble(), c = f[2].toDouble(), tau = r * c;
      // The first parameter varies slowest.
      QCOMPARE(c, (i - 1) % 2 == 0 ? 47e-9 : 680e-9);
      // at() on the 10 µs output grid reads IDA's own interpolant: its error is the solver's
      // (rtol 1e-6 of a value ≤ 1, atol 1e-9), well inside the 1e-6 asked for.
      for (const auto& [measured, t] : {std::pair{f[3].toDouble(), 0.2e-3}, std::pair{f[4].toDouble(), 5e-3}}) {
        const double error = std::abs(measured - (1.0 - std::exp(-t / tau)));
        worst = std::max(worst, error);
        QVERIFY2(error < 1e-6, qPrintable(lines[i] + " error " + QString::number(error)));
      }
      // crossing() interpolates linearly between samples h = 10 µs apart: it errs by at
      // most h²·|v''|/(8·|v'|) = h²/(8τ) at the crossing, plus the solver's error over v'.
      const double half = tau * std::log(2.0), h = 10e-6;
      if (half < 5e-3) {
        QVERIFY2(std::abs(f[5].toDouble() - half) < h * h / (8 * tau) + 2e-6 * tau, qPrintable(lines[i]));
      } else {
        QCOMPARE(f[5], QString("nan"));  // never reaches 0.5 within the run
      }
    }
    qInfo("worst error of the grid's at() and final(): %.3g", worst);
  }

  void monteCarloRowsMatchTheirDrawnValues() {
    const QStringList lines = table(kMonteCarlo).split('\n', Qt::SkipEmptyParts);
    QCOMPARE(lines.value(0), QString("run,R1.R,C1.C,v1,status"));
    QCOMPARE(lines.size(), 13);
    for (int i = 1; i < lines.size(); ++i) {
      const QStringList f = lines[i].split(',');
      const double r = f[1].toDouble(), c = f[2].toDouble();
      QVERIFY(r > 1000 - 5 * 50 && r < 1000 + 5 * 50);
      QVERIFY(c >= 0.5e-6 && c < 1.5e-6);
      // Same bound as the grid: the solver's error at a point of the output grid.
      QVERIFY2(std::abs(f[3].toDouble() - (1.0 - std::exp(-1e-3 / (r * c)))) < 1e-6, qPrintable(lines[i]));
    }
    // Another seed draws other values.
    QStringList other = kMonteCarlo;
    other[other.indexOf("2024")] = "2025";
    QVERIFY(table(other).section('\n', 1, 1) != lines[1]);
  }

  void sameTableForAnyJobsAndShards() {
    const QString one = table(kMonteCarlo, {"--jobs", "1"});
    QVERIFY(!one.isEmpty());
    QCOMPARE(table(kMonteCarlo, {"--jobs", "2"}), one);
    QCOMPARE(merge({table(kMonteCarlo, {"--shard", "1/2"}), table(kMonteCarlo, {"--shard", "2/2"})}), one);
    const QString shard = table(kMonteCarlo, {"--shard", "2/3"});
    for (const QString& row : shard.split('\n', Qt::SkipEmptyParts).mid(1)) QCOMPARE(row.section(',', 0, 0).toInt() % 3, 1);
  }

  void sameTableUnderMpirun() {
#ifndef KELVIN_MPIEXEC
    QSKIP("built without MPI");
#else
    const QString one = table(kMonteCarlo, {"--jobs", "1"});
    QTemporaryDir dir;
    const QString out = dir.filePath("mpi.csv");
    QProcess mpirun;
    mpirun.start(KELVIN_MPIEXEC, QStringList{"--allow-run-as-root", "--oversubscribe", "-np", "2", KELVIN_CLI_PATH} +
                                     kMonteCarlo + QStringList{"--jobs", "1", "--out", out});
    QVERIFY(mpirun.waitForFinished(120000));
    QCOMPARE(mpirun.exitCode(), 0);
    QCOMPARE(readFile(out), one);
#endif
  }

  void mpirunWithoutTheMpiModuleSaysWhy() {
#ifndef KELVIN_MPIEXEC
    QSKIP("built without MPI");
#else
    // kelvin-cli loads MPI from libkelvin_mpi.so next to it (or installed) only when a launcher
    // started it: a copy alone in a directory, started as mpirun would, names what it misses.
    if (QFile::exists(KELVIN_MPI_MODULE_DIR "/libkelvin_mpi.so")) QSKIP("an installed MPI module would be found");
    QTemporaryDir dir;
    const QString lone = dir.filePath("kelvin-cli");
    if (::link(KELVIN_CLI_PATH, lone.toLocal8Bit().constData()) != 0) QVERIFY(QFile::copy(KELVIN_CLI_PATH, lone));
    QProcess cli;
    QProcessEnvironment environment = QProcessEnvironment::systemEnvironment();
    environment.insert("OMPI_COMM_WORLD_SIZE", "2");
    cli.setProcessEnvironment(environment);
    cli.start(lone, kMonteCarlo);
    QVERIFY(cli.waitForFinished(60000));
    const QString err = QString::fromUtf8(cli.readAllStandardError());
    QCOMPARE(cli.exitCode(), 5);
    QVERIFY2(err.contains("started by mpirun, but cannot load MPI support") && err.contains("libkelvin_mpi.so"),
             qPrintable(err));
    // Without a launcher the same copy needs no MPI at all.
    cli.setProcessEnvironment(QProcessEnvironment::systemEnvironment());
    cli.start(lone, kMonteCarlo + QStringList{"--jobs", "1"});
    QVERIFY(cli.waitForFinished(60000));
    QCOMPARE(cli.exitCode(), 0);
#endif
  }

  void tracesOnePerRun() {
    QTemporaryDir dir;
    const CliRun run = runCli({"sweep", kRc, "--param", "R1.R=1k,2k,3k", "--traces", dir.filePath("tr"), "--out",
                               dir.filePath("t.csv")});
    QCOMPARE(run.exitCode, 0);
    const QStringList files = QDir(dir.filePath("tr")).entryList(QDir::Files, QDir::Name);
    QCOMPARE(files, (QStringList{"run_0.csv", "run_1.csv", "run_2.csv"}));
    const QStringList rows = readFile(dir.filePath("tr/run_2.csv")).split('\n', Qt::SkipEmptyParts);
    QVERIFY(rows.value(0).startsWith("time,"));
    QVERIFY(rows.value(0).contains("C1.v"));
    QCOMPARE(rows.size(), 502);  // header + t = 0 .. 5 ms every 10 µs
  }

  void aFailingRunIsAStatusNotAStop() {
    // The rectifier with implicit Euler at 120 µs: Newton fails once the diode conducts at
    // 10 V (as `simulate` does with that step), not at 0.1 V, where it never does.
    const QStringList lines =
        table({"sweep", KELVIN_EXAMPLES_DIR "/half_wave_rectifier.kelvin", "--param", "Vs.amplitude=0.1,10,0.2",
               "--solver", "euler", "--step", "120u", "--measure", "v=final(VL.y)"})
            .split('\n', Qt::SkipEmptyParts);
    QCOMPARE(lines.size(), 4);
    QVERIFY(lines[1].endsWith(",ok"));
    QVERIFY2(lines[2].contains(",nan,\"failed: ") && lines[2].contains("Newton"), qPrintable(lines[2]));
    QVERIFY(lines[3].startsWith("2,") && lines[3].endsWith(",ok"));  // the sweep went on
    // Amplitude 0.1 V never opens the diode: the load sees nothing (its leakage, < 1 nV).
    QVERIFY(std::abs(lines[1].section(',', 2, 2).toDouble()) < 1e-9);
  }

  void badSpecsAreRefusedBeforeAnyRun_data() {
    QTest::addColumn<QStringList>("arguments");
    QTest::addColumn<int>("exitCode");
    QTest::addColumn<QString>("message");
    QTest::newRow("unknown block") << QStringList{"--param", "R7.R=1k"} << 2 << "no block 'R7'";
    QTest::newRow("unknown parameter") << QStringList{"--param", "R1.X=1"} << 2 << "has no parameter 'X'";
    QTest::newRow("negative normal") << QStringList{"--monte-carlo", "5", "--vary", "R1.R=normal(1k,40%)"} << 2
                                     << "R1.R";
    QTest::newRow("negative uniform") << QStringList{"--monte-carlo", "5", "--vary", "C1.C=uniform(-1u,1u)"} << 2
                                      << "the distribution of C1.C reaches -1e-06";
    QTest::newRow("out of range value") << QStringList{"--param", "R1.R=1k,0"} << 2 << "R1.R = 0 is out of range";
    QTest::newRow("unknown signal") << QStringList{"--param", "R1.R=1k", "--measure", "m=max(C2.v)"} << 2
                                    << "unknown signal 'C2.v'";
    QTest::newRow("bad measure") << QStringList{"--param", "R1.R=1k", "--measure", "m=at(C1.v)"} << 1
                                 << "a signal and a time";
    QTest::newRow("vary without runs") << QStringList{"--vary", "R1.R=normal(1k,1%)"} << 2 << "--monte-carlo";
    QTest::newRow("bad shard") << QStringList{"--param", "R1.R=1k", "--shard", "3/2"} << 1 << "--shard";
  }
  void badSpecsAreRefusedBeforeAnyRun() {
    QFETCH(QStringList, arguments);
    QFETCH(int, exitCode);
    QFETCH(QString, message);
    QTemporaryDir dir;
    const CliRun run = runCli(QStringList{"sweep", kRc, "--traces", dir.filePath("tr")} + arguments);
    QCOMPARE(run.exitCode, exitCode);
    QVERIFY2(run.err.contains(message), qPrintable(run.err));
    QVERIFY(QDir(dir.filePath("tr")).entryList(QDir::Files).isEmpty());  // no run was made
  }
};

QTEST_GUILESS_MAIN(TestCliSweep)
#include "tst_cli_sweep.moc"
