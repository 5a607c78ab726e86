// Runs that cannot finish: a fixed step that would need more than 1e9 steps is
// refused before the run with the numbers in the message (exit 2); a fixed-step
// run whose state overflows stops with exit 3 naming the time and the block,
// and --out keeps no file. --max-steps sets a lower limit of the user's own. An
// adaptive run to a stop time of 1e300 s is not one of them: it finishes.

#include <QDir>
#include <QFile>
#include <QRegularExpression>
#include <QTemporaryDir>
#include <QtTest>

#include "support/cli_runner.h"

namespace {

using kelvin::test::CliRun;
using kelvin::test::runCli;

// x' = 800·x, x(0) = 1, implicit Euler with h = 1 ms: x(n+1) = x(n) / (1 - 0.8) = 5·x(n).
const char* kUnstable = R"({"format": "kelvin-model", "version": 1,
  "settings": {"stop_time": "1", "solver": "euler", "step": "1m"},
  "blocks": [{"id": "I", "type": "signal.Integrator", "params": {"y0": "1"}},
             {"id": "K", "type": "signal.Gain", "params": {"k": "800"}}],
  "connections": [{"from": "I.y", "to": "K.u"}, {"from": "K.y", "to": "I.u"}]})";

// A 1 V source charging 1 µF through 1 kΩ (τ = 1 ms), run to 1e300 s.
const char* kFarStop = R"({"format": "kelvin-model", "version": 1,
  "settings": {"stop_time": "1e300", "solver": "ida"},
  "blocks": [{"id": "V1", "type": "electrical.VoltageSource", "params": {"V": "1"}},
             {"id": "R1", "type": "electrical.Resistor", "params": {"R": "1k"}},
             {"id": "C1", "type": "electrical.Capacitor", "params": {"C": "1u"}},
             {"id": "G", "type": "electrical.Ground"}],
  "connections": [{"from": "V1.p", "to": "R1.p"}, {"from": "R1.n", "to": "C1.p"},
                  {"from": "C1.n", "to": "G.p"}, {"from": "V1.n", "to": "G.p"}]})";

QString writeModel(const QTemporaryDir& dir, const char* text) {
  const QString path = dir.filePath(QStringLiteral("m.kelvin"));
  QFile file(path);
  if (file.open(QIODevice::WriteOnly)) file.write(text);
  return path;
}

}  // namespace

class TestCliRunawayRuns : public QObject {
  Q_OBJECT

 private slots:
  void stepTooSmallForTheStopTimeIsRefused() {
    QTemporaryDir dir;
    const QString model = writeModel(dir, kUnstable);
    const QString out = dir.filePath(QStringLiteral("out.csv"));
    const CliRun run = runCli({QStringLiteral("simulate"), model, QStringLiteral("--step"), QStringLiteral("1e-300"),
                               QStringLiteral("--out"), out},
                              20000);
    QCOMPARE(run.exitCode, 2);
    QVERIFY2(run.err.contains(QStringLiteral("the step 1e-300 s would take 1e+300 steps to reach the stop time 1 s, "
                                             "more than 1e+09")),
             qPrintable(run.err));
    QVERIFY2(!run.err.contains(QStringLiteral("consistent initial state")), qPrintable(run.err));
    QVERIFY(QDir(dir.path()).entryList({QStringLiteral("out.csv*")}, QDir::Files).isEmpty());
  }

  void maxStepsRefusesAFixedStepRunThatNeedsMore() {
    QTemporaryDir dir;
    const QString model = writeModel(dir, kUnstable);  // 1 s at 1 ms: 1000 steps
    const CliRun run =
        runCli({QStringLiteral("simulate"), model, QStringLiteral("--max-steps"), QStringLiteral("999")}, 20000);
    QCOMPARE(run.exitCode, 2);
    QVERIFY2(run.err.contains(QStringLiteral("would take 1000 steps to reach the stop time 1 s, more than 999 "
                                             "(--max-steps)")),
             qPrintable(run.err));
    QCOMPARE(run.out.count(QLatin1Char('\n')), 1);  // the CSV header only: no sample
  }

  void maxStepsStopsAnAdaptiveRun() {
    QTemporaryDir dir;
    const QString model = writeModel(dir, kUnstable);
    const CliRun run = runCli({QStringLiteral("simulate"), model, QStringLiteral("--solver"), QStringLiteral("ida"),
                               QStringLiteral("--max-steps"), QStringLiteral("5"), QStringLiteral("--out"),
                               dir.filePath(QStringLiteral("out.csv"))},
                              20000);
    QCOMPARE(run.exitCode, 3);
    QVERIFY2(run.err.contains(QStringLiteral("after 5 steps (--max-steps 5), before the stop time 1 s")),
             qPrintable(run.err));
    QVERIFY(QDir(dir.path()).entryList({QStringLiteral("out.csv*")}, QDir::Files).isEmpty());
  }

  void adaptiveRunToAFarStopTimeFinishes() {
    QTemporaryDir dir;
    const QString model = writeModel(dir, kFarStop);
    const QString out = dir.filePath(QStringLiteral("out.csv"));
    const CliRun run = runCli({QStringLiteral("simulate"), model, QStringLiteral("--signals"), QStringLiteral("C1.v"),
                               QStringLiteral("--out"), out},
                              20000);
    QCOMPARE(run.exitCode, 0);
    QFile csv(out);
    QVERIFY(csv.open(QIODevice::ReadOnly));
    const QList<QByteArray> lines = csv.readAll().trimmed().split('\n');
    const QList<QByteArray> last = lines.back().split(',');
    QCOMPARE(last.size(), 2);
    QCOMPARE(last[0].toDouble(), 1e300);
    // After 1e303 time constants the capacitor holds the source's 1 V; IDA's error test at its
    // default tolerances (rtol 1e-6) bounds what is left.
    QVERIFY2(std::abs(last[1].toDouble() - 1.0) < 1e-5, last[1].constData());
  }

  void blownUpRunStopsNamingTimeAndBlock() {
    QTemporaryDir dir;
    const QString model = writeModel(dir, kUnstable);
    const CliRun run = runCli(
        {QStringLiteral("simulate"), model, QStringLiteral("--out"), dir.filePath(QStringLiteral("out.csv"))}, 20000);
    QCOMPARE(run.exitCode, 3);
    const QRegularExpression pattern(QStringLiteral(":I: the solution blew up at t = ([0-9.]+) s"));
    const QRegularExpressionMatch match = pattern.match(run.err);
    QVERIFY2(match.hasMatch(), qPrintable(run.err));
    // x = 5^n passes DBL_MAX (1.8e308) after log5(1.8e308) = 441 steps; its derivative
    // 800·x overflows log5(800) = 4.2 steps earlier. So the run stops between steps 436 and 441.
    const double t = match.captured(1).toDouble();
    QVERIFY2(t >= 0.436 && t <= 0.441, qPrintable(match.captured(1)));
    QVERIFY(QDir(dir.path()).entryList({QStringLiteral("out.csv*")}, QDir::Files).isEmpty());
  }
};

QTEST_GUILESS_MAIN(TestCliRunawayRuns)
#include "tst_cli_runaway_runs.moc"
