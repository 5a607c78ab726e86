// What Kelvin refuses to read as an input file (issue #15): a directory (it was
// "invalid JSON ... unexpected end of input"), a device such as /dev/zero (the
// reader never returned, its memory growing), each named in the answer of
// loadModel, of an .include in a SPICE netlist and of kelvin-cli; a pipe and a
// regular file are read whole.

#include <sys/stat.h>

#include <QFile>
#include <QTemporaryDir>
#include <QtTest>
#include <thread>

#include "import/spice_importer.h"
#include "library.h"
#include "model/input_file.h"
#include "model/model_file.h"
#include "support/cli_runner.h"

using namespace kelvin::core;

namespace {

/// The first diagnostic's text of the ModelError `read` throws ("" when none is thrown).
template <typename Read>
std::string errorOf(Read read) {
  try {
    read();
  } catch (const ModelError& e) {
    return e.diagnostics().front().toString();
  }
  return "";
}

}  // namespace

class TestInputFile : public QObject {
  Q_OBJECT

 private slots:
  void regularFileIsReadWhole() {
    QTemporaryDir dir;
    const QString path = dir.filePath(QStringLiteral("a.txt"));
    QFile file(path);
    QVERIFY(file.open(QIODevice::WriteOnly));
    const QByteArray bytes = QByteArray(200000, 'x') + QByteArray("\0end", 4);  // more than one read chunk
    file.write(bytes);
    file.close();
    const InputFileText read = readInputFile(path.toStdString());
    QVERIFY(read.text);
    QCOMPARE(QByteArray::fromStdString(*read.text), bytes);
    QVERIFY(read.error.empty());
    // The model reader parses the text where it lies only with this much room after it.
    QVERIFY(read.text->capacity() - read.text->size() >= kInputFilePadding);
  }

  void directoryIsRefused() {
    QTemporaryDir dir;
    const InputFileText read = readInputFile(dir.path().toStdString());
    QVERIFY(!read.text);
    QCOMPARE(read.error, std::string("is a directory, not a file"));
    const std::string message = errorOf([&] { loadModel(dir.path().toStdString()); });
    QCOMPARE(message, dir.path().toStdString() + ": cannot read the model: is a directory, not a file");
  }

  void endlessDeviceIsRefusedAtOnce() {
    QCOMPARE(readInputFile("/dev/zero").error, std::string("is a device, not a file"));
    QCOMPARE(errorOf([] { loadModel("/dev/zero"); }),
             std::string("/dev/zero: cannot read the model: is a device, not a file"));
    BlockRegistry registry;
    kelvin::blocks::registerAll(registry);
    QCOMPARE(errorOf([&] { importSpice("t\n.include /dev/zero\nR1 a 0 1k\n", "t.cir", registry); }),
             std::string("t.cir:2: cannot read '/dev/zero': is a device, not a file"));
  }

  void missingFileSaysSo() {
    QCOMPARE(readInputFile("/nonexistent/m.kelvin").error, std::string("No such file or directory"));
  }

  void pipeIsReadToItsEnd() {
    QTemporaryDir dir;
    const std::string fifo = dir.filePath(QStringLiteral("fifo")).toStdString();
    QCOMPARE(::mkfifo(fifo.c_str(), 0600), 0);
    std::thread writer([&] {
      QFile file(QString::fromStdString(fifo));
      if (file.open(QIODevice::WriteOnly)) file.write("hello through a pipe");
    });
    const InputFileText read = readInputFile(fifo);
    writer.join();
    QCOMPARE(read.text.value_or("(none)"), std::string("hello through a pipe"));
    QVERIFY(read.text->capacity() - read.text->size() >= kInputFilePadding);
  }

  void cliNamesTheProblem() {
    const kelvin::test::CliRun validate =
        kelvin::test::runCli({QStringLiteral("validate"), QStringLiteral("/dev/zero")}, 20000);
    QCOMPARE(validate.exitCode, 2);
    QVERIFY2(validate.err.contains(QStringLiteral("/dev/zero: cannot read the model: is a device, not a file")),
             qPrintable(validate.err));
    const kelvin::test::CliRun import =
        kelvin::test::runCli({QStringLiteral("import-spice"), QStringLiteral("/tmp")}, 20000);
    QCOMPARE(import.exitCode, 2);
    QVERIFY2(import.err.contains(QStringLiteral("/tmp: cannot read the netlist: is a directory, not a file")),
             qPrintable(import.err));
  }
};

QTEST_GUILESS_MAIN(TestInputFile)
#include "tst_input_file.moc"
