// Sanity checks of kelvin-cli's contract (DESIGN.md, "The CLI contract"):
// exit codes, usage text, diagnostics naming the file, and no partial output.

#include <algorithm>

#include <QDir>
#include <QFile>
#include <QFileInfo>
#include <QProcess>
#include <QTemporaryDir>
#include <QtTest>

#include <unistd.h>

#include "support/cli_runner.h"

namespace {

using kelvin::test::CliRun;
using kelvin::test::runCli;

}  // namespace

class TestCli : public QObject {
  Q_OBJECT

 private slots:
  void helpExitsZeroAndListsCommands() {
    const CliRun run = runCli({QStringLiteral("--help")});
    QCOMPARE(run.exitCode, 0);
    QVERIFY(run.out.contains(QStringLiteral("Usage: kelvin-cli")));
    QVERIFY(run.out.contains(QStringLiteral("validate")));
    QVERIFY(run.out.contains(QStringLiteral("simulate")));
  }

  void usageErrorsExitOne_data() {
    QTest::addColumn<QStringList>("arguments");
    QTest::addColumn<QString>("message");
    QTest::newRow("no command") << QStringList{} << QStringLiteral("no command given");
    QTest::newRow("unknown command") << QStringList{QStringLiteral("frobnicate")}
                                     << QStringLiteral("unknown command 'frobnicate'");
    QTest::newRow("unknown option") << QStringList{QStringLiteral("simulate"), QStringLiteral("m.kelvin"),
                                                   QStringLiteral("--bogus")}
                                    << QStringLiteral("unknown option '--bogus'");
    QTest::newRow("bad number") << QStringList{QStringLiteral("simulate"), QStringLiteral("m.kelvin"),
                                               QStringLiteral("--stop"), QStringLiteral("ten")}
                                << QStringLiteral("'ten' is not a number");
    QTest::newRow("bad log level") << QStringList{QStringLiteral("--log-level"), QStringLiteral("loud"),
                                                  QStringLiteral("validate"), QStringLiteral("m.kelvin")}
                                   << QStringLiteral("unknown log level 'loud'");
    QTest::newRow("missing model") << QStringList{QStringLiteral("validate")} << QStringLiteral("missing model file");
  }

  void usageErrorsExitOne() {
    QFETCH(QStringList, arguments);
    QFETCH(QString, message);
    const CliRun run = runCli(arguments);
    QCOMPARE(run.exitCode, 1);
    QVERIFY2(run.err.contains(message), qPrintable(run.err));
    QVERIFY2(run.err.contains(QStringLiteral("Usage: kelvin-cli")), qPrintable(run.err));
    QVERIFY(run.out.isEmpty());
  }

  void validateMissingFileExitsTwoNamingIt() {
    QTemporaryDir dir;
    QVERIFY(dir.isValid());
    const QString missing = dir.filePath(QStringLiteral("no_such_model.kelvin"));
    const CliRun run = runCli({QStringLiteral("validate"), missing});
    QCOMPARE(run.exitCode, 2);
    QVERIFY2(run.err.contains(missing), qPrintable(run.err));
  }

  // A free flange is a note, not an error: validate exits 0 and says which port is free; a
  // spring whose stretch disagrees with the mass's position is a warning, and still exit 0;
  // simulate runs the model and prints the warning, not the note.
  void validateReportsFreeEndsAndWarningsButPasses() {
    QTemporaryDir dir;
    QVERIFY(dir.isValid());
    const QString path = dir.filePath(QStringLiteral("mass_on_spring.kelvin"));
    QFile file(path);
    QVERIFY(file.open(QIODevice::WriteOnly));
    file.write(R"({"format": "kelvin-model", "version": 1, "name": "m", "settings": {"stop_time": "0.1"},
      "blocks": [{"id": "Wall", "type": "translational.Fixed"},
                 {"id": "S", "type": "translational.Spring", "params": {"k": "100", "s0": "0"}},
                 {"id": "M", "type": "translational.Mass", "params": {"m": "1", "x0": "0.1"}}],
      "connections": [{"from": "S.a", "to": "M.a"}, {"from": "S.b", "to": "Wall.a"}]})");
    file.close();
    const CliRun validate = runCli({QStringLiteral("validate"), path});
    QCOMPARE(validate.exitCode, 0);
    QVERIFY2(
        validate.err.contains(QStringLiteral("info: ") + path +
                              QStringLiteral(":M.b: free end: the unconnected translational port carries no force")),
        qPrintable(validate.err));
    QVERIFY2(validate.err.contains(QStringLiteral("warning: ") + path + QStringLiteral(":S: s0 = 0 but")),
             qPrintable(validate.err));
    QVERIFY(validate.out.isEmpty());
    const CliRun simulate =
        runCli({QStringLiteral("simulate"), path, QStringLiteral("--signals"), QStringLiteral("M.x")});
    QCOMPARE(simulate.exitCode, 0);
    QVERIFY2(simulate.err.contains(QStringLiteral("warning: ")), qPrintable(simulate.err));
    QVERIFY2(!simulate.err.contains(QStringLiteral("free end")), qPrintable(simulate.err));
    QVERIFY(simulate.out.startsWith(QStringLiteral("time,M.x")));
  }

  void simulateIntoMissingDirectoryLeavesNoFile() {
    QTemporaryDir dir;
    QVERIFY(dir.isValid());
    const QString out = dir.filePath(QStringLiteral("missing/result.csv"));
    const QString model = QStringLiteral(KELVIN_EXAMPLES_DIR "/rc_lowpass.kelvin");
    const CliRun run = runCli({QStringLiteral("simulate"), model, QStringLiteral("--out"), out});
    QVERIFY2(run.exitCode != 0, qPrintable(run.err));
    QVERIFY2(run.err.contains(out), qPrintable(run.err));
    QVERIFY(!QFileInfo::exists(out));
    QCOMPARE(QDir(dir.path()).entryList(QDir::AllEntries | QDir::NoDotAndDotDot | QDir::Hidden), QStringList{});
  }

  // --signals picks columns by name, in the order asked, whether few (found by a scan) or many
  // (found through an index); an unknown name is an error naming it.
  void simulateSelectsSignalsByName() {
    const QString model = QStringLiteral(KELVIN_EXAMPLES_DIR "/rc_lowpass.kelvin");
    const CliRun all = runCli({QStringLiteral("simulate"), model});
    QCOMPARE(all.exitCode, 0);
    const QStringList names = all.out.section(QLatin1Char('\n'), 0, 0).split(QLatin1Char(',')).mid(1);
    QVERIFY(names.size() >= 2);
    QStringList few = names;
    std::reverse(few.begin(), few.end());
    QStringList many;
    while (many.size() <= 20) many += names;
    for (const QStringList& asked : {few, many}) {
      const CliRun run = runCli({QStringLiteral("simulate"), model, QStringLiteral("--signals"), asked.join(',')});
      QCOMPARE(run.exitCode, 0);
      QCOMPARE(run.out.section(QLatin1Char('\n'), 0, 0), QStringLiteral("time,") + asked.join(','));
    }
    const CliRun unknown = runCli(
        {QStringLiteral("simulate"), model, QStringLiteral("--signals"), names.front() + QStringLiteral(",Nowhere.y")});
    QCOMPARE(unknown.exitCode, 2);
    QVERIFY2(unknown.err.contains(QStringLiteral("unknown signal 'Nowhere.y' in --signals")), qPrintable(unknown.err));
  }

  // An existing output is replaced as a rename replaces it: the name (reached through a symbolic
  // link, as saving a model does) gets the whole new result, another hard link to the old file
  // keeps the old content, and no temporary file is left behind.
  void simulateReplacesAnExistingOutputWhole() {
    QTemporaryDir dir;
    QVERIFY(dir.isValid());
    const QString result = dir.filePath(QStringLiteral("result.csv"));
    const QString oldCopy = dir.filePath(QStringLiteral("old.csv"));
    const QString link = dir.filePath(QStringLiteral("latest.csv"));
    QFile file(result);
    QVERIFY(file.open(QIODevice::WriteOnly));
    file.write("an earlier result\n");
    file.close();
    QVERIFY(QFile::link(result, link));
    QVERIFY(::link(QFile::encodeName(result).constData(), QFile::encodeName(oldCopy).constData()) == 0);
    const QString model = QStringLiteral(KELVIN_EXAMPLES_DIR "/rc_lowpass.kelvin");
    const CliRun toStdout = runCli({QStringLiteral("simulate"), model});
    QCOMPARE(toStdout.exitCode, 0);
    for (const QString& out : {result, link}) {
      const CliRun run = runCli({QStringLiteral("simulate"), model, QStringLiteral("--out"), out});
      QCOMPARE(run.exitCode, 0);
      QFile written(result);
      QVERIFY(written.open(QIODevice::ReadOnly));
      QCOMPARE(QString::fromUtf8(written.readAll()), toStdout.out);
      QVERIFY(QFileInfo(link).isSymLink());
    }
    QFile kept(oldCopy);
    QVERIFY(kept.open(QIODevice::ReadOnly));
    QCOMPARE(kept.readAll(), QByteArray("an earlier result\n"));
    QCOMPARE(QDir(dir.path()).entryList(QDir::AllEntries | QDir::NoDotAndDotDot | QDir::Hidden, QDir::Name),
             (QStringList{QStringLiteral("latest.csv"), QStringLiteral("old.csv"), QStringLiteral("result.csv")}));
  }
};

QTEST_GUILESS_MAIN(TestCli)
#include "tst_cli.moc"
