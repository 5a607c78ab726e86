// kelvin-cli and its files under hostile conditions: SIGTERM and SIGINT in the
// middle of a run end it with 143 and 130 and remove the temporary output file;
// --out naming the model itself is refused before anything is written; a model
// nested deeper than the reader's limits is refused with exit 2, not a crash.

#include <QDir>
#include <QFile>
#include <QProcess>
#include <QTemporaryDir>
#include <QtTest>

#include <csignal>

#include "support/cli_runner.h"

namespace {

using kelvin::test::CliRun;
using kelvin::test::runCli;

// An RC circuit integrated with explicit Euler at 1 µs for 100 s: 1e8 steps, far
// more than the test waits for, so the run is surely still writing when signalled.
const char* kLongRun = R"({"format": "kelvin-model", "version": 1,
  "settings": {"stop_time": "100", "solver": "euler", "step": "1u"},
  "blocks": [{"id": "V", "type": "electrical.VoltageSource", "params": {"V": "1"}},
             {"id": "R", "type": "electrical.Resistor", "params": {"R": "1k"}},
             {"id": "C", "type": "electrical.Capacitor", "params": {"C": "1u"}},
             {"id": "G", "type": "electrical.Ground"}],
  "connections": [{"from": "V.p", "to": "R.p"}, {"from": "R.n", "to": "C.p"},
                  {"from": "C.n", "to": "V.n"}, {"from": "V.n", "to": "G.p"}]})";

void write(const QString& path, const QByteArray& text) {
  QFile file(path);
  QVERIFY(file.open(QIODevice::WriteOnly));
  file.write(text);
}

}  // namespace

class TestCliInterrupt : public QObject {
  Q_OBJECT

 private slots:
  void signalEndsTheRunAndRemovesTheTemporaryFile_data() {
    QTest::addColumn<int>("signal");
    QTest::addColumn<int>("exitCode");
    QTest::newRow("SIGTERM") << int(SIGTERM) << 143;
    QTest::newRow("SIGINT") << int(SIGINT) << 130;
  }

  void signalEndsTheRunAndRemovesTheTemporaryFile() {
    QFETCH(int, signal);
    QFETCH(int, exitCode);
    QTemporaryDir dir;
    const QString model = dir.filePath(QStringLiteral("rc.kelvin"));
    write(model, kLongRun);
    QProcess cli;
    cli.start(QStringLiteral(KELVIN_CLI_PATH),
              {QStringLiteral("simulate"), model, QStringLiteral("--out"), dir.filePath(QStringLiteral("out.csv"))});
    QVERIFY(cli.waitForStarted());
    // Wait until the temporary CSV exists (writing has started), then signal.
    const QStringList pattern{QStringLiteral("out.csv*")};
    QTRY_VERIFY_WITH_TIMEOUT(!QDir(dir.path()).entryList(pattern, QDir::Files).isEmpty(), 20000);
    ::kill(static_cast<pid_t>(cli.processId()), signal);
    QVERIFY(cli.waitForFinished(10000));
    QCOMPARE(cli.exitStatus(), QProcess::NormalExit);
    QCOMPARE(cli.exitCode(), exitCode);
    QVERIFY2(QDir(dir.path()).entryList(pattern, QDir::Files).isEmpty(),
             qPrintable(QDir(dir.path()).entryList(pattern, QDir::Files).join(' ')));
    QVERIFY(cli.readAllStandardError().contains("no output written"));
  }

  void outputNamingTheInputIsRefused() {
    QTemporaryDir dir;
    const QString model = dir.filePath(QStringLiteral("rc.kelvin"));
    write(model, kLongRun);
    const CliRun run = runCli({QStringLiteral("simulate"), model, QStringLiteral("--out"), model});
    QCOMPARE(run.exitCode, 4);
    QVERIFY2(run.err.contains(QStringLiteral("it is the input file")), qPrintable(run.err));
    QFile file(model);
    QVERIFY(file.open(QIODevice::ReadOnly));
    QCOMPARE(file.readAll(), QByteArray(kLongRun));  // untouched
  }

  void deeplyNestedModelExitsTwo() {
    QTemporaryDir dir;
    const QString model = dir.filePath(QStringLiteral("deep.kelvin"));
    const int depth = 300000;
    write(model, QByteArray(R"({"format": "kelvin-model", "version": 1, "future": )") + QByteArray(depth, '[') +
                     QByteArray(depth, ']') + "}");
    const CliRun run = runCli({QStringLiteral("validate"), model});
    QCOMPARE(run.exitCode, 2);
    QVERIFY2(run.err.contains(QStringLiteral("JSON nested too deeply at line 1")), qPrintable(run.err));
  }
};

QTEST_GUILESS_MAIN(TestCliInterrupt)
#include "tst_cli_interrupt.moc"
