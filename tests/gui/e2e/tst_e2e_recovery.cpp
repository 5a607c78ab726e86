// Nothing is lost: recovery copies and outside changes, on the real MainWindow.
//
// A crash for real: the test executable runs itself again as a child process
// (--child, offscreen, the same settings and data folders) that opens
// rc_lowpass, sets R1's R to 4.7k in the inspector and reports when its
// recovery copy is written; the parent kills it with SIGKILL, finds the copy
// (holding 4.7k) in the data folder, then opens a MainWindow whose start-up
// offer names the file and the copy's time, and Restore gives back the edited,
// unsaved model. A second child gets SIGTERM right after its edit and writes
// the copy itself before exiting with 143. In-process: Save and Discard
// remove the copy; a file changed on disk is never overwritten by Ctrl+S
// without a question, and Reload / Keep Mine do what they say.

#include <csignal>

#include <QLockFile>
#include <QPushButton>
#include <QSaveFile>
#include <QSignalSpy>

#include "e2e_fixture.h"
#include "gui/gui_test_support.h"
#include "inspector/inspector_widget.h"
#include "inspector/parameter_form.h"
#include "model/model_file.h"
#include "recovery/autosaver.h"
#include "recovery/recovery_store.h"
#include "recovery/termination_signals.h"

using kelvin::e2e::App;
using kelvin::gui::RecoveryCopy;
using kelvin::gui::RecoveryStore;

namespace {

/// Slowest a child may take to start, open the example and write its copy (CI under load).
constexpr int kChildTimeoutMs = 60000;

/// Sets block `id`'s parameter `name` to `value` as a user does: click the block, type into the inspector, Enter.
void editParameter(kelvin::gui::MainWindow& window, const char* id, const char* name, const QString& value) {
  kelvin::test::clickBlock(window, id);
  QLineEdit* field = window.inspector()->form()->field(name);
  QVERIFY(field);
  QTest::mouseClick(field, Qt::LeftButton);
  QTest::keyClick(field, Qt::Key_A, Qt::ControlModifier);
  QTest::keyClicks(field, value);
  QTest::keyClick(field, Qt::Key_Return);
}

/// What a message box said and which button the test clicked.
struct Answer {
  QString text, informative;
  bool seen = false;
};

/// The next modal message box named `box` gets its button `button` clicked with the mouse; its texts go to the
/// answer. `whileOpen` runs once while it is open (to look at the world the question leaves).
std::shared_ptr<Answer> answerNextBox(const QString& box, const QString& button, std::function<void()> whileOpen = {}) {
  auto answer = std::make_shared<Answer>();
  auto* poll = new QTimer;
  poll->setInterval(50);
  QObject::connect(poll, &QTimer::timeout, poll, [poll, box, button, answer, whileOpen] {
    auto* modal = qobject_cast<QMessageBox*>(QApplication::activeModalWidget());
    if (!modal || modal->objectName() != box || !modal->isVisible()) return;
    answer->seen = true;
    answer->text = modal->text();
    answer->informative = modal->informativeText();
    if (whileOpen) whileOpen();
    poll->deleteLater();
    auto* target = modal->findChild<QPushButton*>(button);
    if (!target) {
      qWarning("no button %s in %s", qPrintable(button), qPrintable(box));
      modal->reject();
      return;
    }
    QTest::mouseClick(target, Qt::LeftButton);
  });
  poll->start();
  return answer;
}

/// The first unanswered message box of the standard kind (maybeSave's), by its button's standard role.
void answerStandardBox(QMessageBox::StandardButton button, std::function<void()> whileOpen) {
  auto* poll = new QTimer;
  poll->setInterval(50);
  QObject::connect(poll, &QTimer::timeout, poll, [poll, button, whileOpen] {
    auto* modal = qobject_cast<QMessageBox*>(QApplication::activeModalWidget());
    if (!modal || !modal->isVisible() || !modal->button(button)) return;
    poll->deleteLater();
    if (whileOpen) whileOpen();
    QTest::mouseClick(modal->button(button), Qt::LeftButton);
  });
  poll->start();
}

void writeFile(const QString& path, const QByteArray& bytes) {
  QSaveFile file(path);  // as another editor saves: a new file renamed over the old one
  QVERIFY(file.open(QIODevice::WriteOnly));
  file.write(bytes);
  QVERIFY(file.commit());
}

QByteArray readFile(const QString& path) {
  QFile file(path);
  return file.open(QIODevice::ReadOnly) ? file.readAll() : QByteArray();
}

QString parameterIn(const QString& modelText, const char* id, const char* name) {
  const kelvin::core::Model model = kelvin::core::parseModel(modelText.toStdString(), "copy");
  const kelvin::core::Block* block = model.findBlock(id);
  return block ? QString::fromStdString(block->params.at(name)) : QString();
}

/// Reads the child's standard output (its log goes there too) until a line is `line`; false on timeout or exit.
bool waitForLine(QProcess& child, const QByteArray& line) {
  QElapsedTimer clock;
  clock.start();
  while (!clock.hasExpired(kChildTimeoutMs)) {
    while (child.canReadLine())
      if (child.readLine().trimmed() == line) return true;
    if (child.state() != QProcess::Running) return false;
    child.waitForReadyRead(1000);
  }
  return false;
}

/// The child process: opens rc_lowpass, sets R1.R = 4.7k, says so on stdout and waits to be killed.
/// `mode` "kill": reports once its recovery copy is written; "term": right after the edit, with the
/// SIGTERM handler of the application installed.
int runChild(const QString& settingsDir, const QString& mode) {
  kelvin::e2e::useSettingsIn(settingsDir);
  kelvin::core::BlockRegistry registry;
  kelvin::blocks::registerAll(registry);
  App app(registry);
  kelvin::gui::TerminationSignals terminationSignals;
  QObject::connect(&terminationSignals, &kelvin::gui::TerminationSignals::received, &app.window(),
                   &kelvin::gui::MainWindow::writeRecoveryAndQuit);
  if (!app.openExample("rc_lowpass.kelvin")) return 10;
  QSignalSpy written(app.window().autosaver(), &kelvin::gui::Autosaver::written);
  editParameter(app.window(), "R1", "R", QStringLiteral("4.7k"));
  if (app.window().model().findBlock("R1")->params.at("R") != "4.7k") return 11;
  if (mode == QLatin1String("kill") && !written.wait(kChildTimeoutMs)) return 12;
  std::printf("%s\n", mode == QLatin1String("kill") ? "written" : "edited");
  std::fflush(stdout);
  return QApplication::exec();
}

}  // namespace

class TestE2eRecovery : public QObject {
  Q_OBJECT

 private Q_SLOTS:
  void initTestCase() { QVERIFY(suite_.isReady()); }

  void init() {  // each test starts with an empty recovery folder
    QDir folder(RecoveryStore::folder());
    for (const QString& name : folder.entryList(QDir::Files)) QVERIFY(folder.remove(name));
  }

  void killedAfterAnEditIsOfferedAndRestored() {
    QProcess child;
    startChild(child, QStringLiteral("kill"));
    QVERIFY2(waitForLine(child, "written"), child.readAllStandardError().constData());
    child.kill();  // SIGKILL: no handler, no clean-up, as a crash
    QVERIFY(child.waitForFinished(kChildTimeoutMs));
    QCOMPARE(child.exitStatus(), QProcess::CrashExit);

    // The copy is in the user's data folder, holds the edit and is an orphan now.
    const QList<RecoveryCopy> copies = RecoveryStore::orphans();
    QCOMPARE(copies.size(), 1);
    QVERIFY(copies[0].file.startsWith(suite_.settingsDir().path() + QStringLiteral("/data/")));
    QCOMPARE(copies[0].originalPath, kelvin::e2e::example("rc_lowpass.kelvin"));
    QCOMPARE(parameterIn(copies[0].modelText, "R1", "R"), QStringLiteral("4.7k"));
    // Written within this test's run: between its start and now (a minute covers a slow CI start).
    QVERIFY(copies[0].savedAt.secsTo(QDateTime::currentDateTimeUtc()) < 60);

    App app(suite_.registry());
    kelvin::gui::MainWindow& window = app.window();
    const QString time = copies[0].savedAt.toLocalTime().toString(QStringLiteral("yyyy-MM-dd HH:mm:ss"));
    std::shared_ptr<Answer> offer = answerNextBox(QStringLiteral("recoveryOffer"), QStringLiteral("restore"));
    QVERIFY(window.offerRecovery());
    QVERIFY(offer->seen);
    QVERIFY2(offer->text.contains(kelvin::e2e::example("rc_lowpass.kelvin")), qPrintable(offer->text));
    QVERIFY2(offer->informative.contains(time), qPrintable(offer->informative));
    QCOMPARE(window.model().findBlock("R1")->params.at("R"), std::string("4.7k"));
    QCOMPARE(window.currentFile(), kelvin::e2e::example("rc_lowpass.kelvin"));
    QVERIFY(window.isWindowModified());
    QVERIFY(window.windowTitle().startsWith(QStringLiteral("rc_lowpass.kelvin")));
    // The old copy is gone; this window keeps its own (locked: not an orphan while it runs).
    QVERIFY(!QFileInfo::exists(copies[0].file));
    QVERIFY(RecoveryStore::orphans().isEmpty());
    QVERIFY(window.autosaver()->hasCopy());
    QVERIFY(!window.offerRecovery());  // nothing more to offer
  }

  void sigtermWritesACopyBeforeExiting() {
    QProcess child;
    startChild(child, QStringLiteral("term"));
    QVERIFY2(waitForLine(child, "edited"), child.readAllStandardError().constData());
    child.terminate();  // SIGTERM, at once: before the quiet second after the edit is over
    QVERIFY(child.waitForFinished(kChildTimeoutMs));
    QCOMPARE(child.exitStatus(), QProcess::NormalExit);
    QCOMPARE(child.exitCode(), 128 + SIGTERM);
    const QByteArray log = child.readAllStandardOutput();  // the log goes to stdout
    QVERIFY2(log.contains("signal 15: unsaved changes kept in"), log.constData());
    const QList<RecoveryCopy> copies = RecoveryStore::orphans();
    QCOMPARE(copies.size(), 1);
    QCOMPARE(parameterIn(copies[0].modelText, "R1", "R"), QStringLiteral("4.7k"));
    // Declined: the copy is deleted.
    App app(suite_.registry());
    std::shared_ptr<Answer> offer = answerNextBox(QStringLiteral("recoveryOffer"), QStringLiteral("discard"));
    QVERIFY(!app.window().offerRecovery());
    QVERIFY(offer->seen);
    QVERIFY(!QFileInfo::exists(copies[0].file));
    QCOMPARE(app.window().model().blocks.size(), std::size_t{0});
  }

  void saveAndDiscardRemoveTheCopy() {
    const QString path = copyOfExample();
    App app(suite_.registry());
    kelvin::gui::MainWindow& window = app.window();
    QCOMPARE(window.autosaver()->intervalMs(), 30000);  // the default: every 30 s
    QVERIFY(window.openFile(path));
    QSignalSpy written(window.autosaver(), &kelvin::gui::Autosaver::written);
    editParameter(window, "R1", "R", QStringLiteral("2.2k"));
    QVERIFY(written.wait(5000));  // a quiet second after the edit
    const QString copy = window.autosaver()->copyFile();
    QCOMPARE(parameterIn(RecoveryStore::read(copy)->modelText, "R1", "R"), QStringLiteral("2.2k"));
    app.press(Qt::Key_S, Qt::ControlModifier);
    QVERIFY(!window.isWindowModified());
    QVERIFY(!QFileInfo::exists(copy));
    QCOMPARE(kelvin::core::loadModel(path.toStdString()).findBlock("R1")->params.at("R"), std::string("2.2k"));

    // Closing with unsaved changes: the copy exists while the question is open; Discard removes it.
    editParameter(window, "R1", "R", QStringLiteral("3.3k"));
    bool copyWhileAsking = false;
    answerStandardBox(QMessageBox::Discard, [&] { copyWhileAsking = QFileInfo::exists(copy); });
    QVERIFY(window.close());
    QVERIFY(copyWhileAsking);
    QVERIFY(!QFileInfo::exists(copy));
    QCOMPARE(kelvin::core::loadModel(path.toStdString()).findBlock("R1")->params.at("R"), std::string("2.2k"));
  }

  void outsideChangeIsNeverSilentlyOverwritten() {
    const QString path = copyOfExample();
    App app(suite_.registry());
    kelvin::gui::MainWindow& window = app.window();
    QVERIFY(window.openFile(path));
    editParameter(window, "R1", "R", QStringLiteral("2.2k"));
    // Another program writes R = 10k; Ctrl+S at once (before the watcher's turn) asks; Cancel keeps its file.
    QByteArray theirs = readFile(path);
    theirs.replace("\"1k\"", "\"10k\"");
    QVERIFY(theirs.contains("\"10k\""));
    writeFile(path, theirs);
    std::shared_ptr<Answer> check = answerNextBox(QStringLiteral("overwriteCheck"), QStringLiteral("cancel"));
    app.press(Qt::Key_S, Qt::ControlModifier);
    QVERIFY(check->seen);
    QCOMPARE(readFile(path), theirs);
    QVERIFY(window.isWindowModified());
    // The watcher asks too: Reload takes their version.
    std::shared_ptr<Answer> changed = answerNextBox(QStringLiteral("changedOnDisk"), QStringLiteral("reload"));
    QTRY_VERIFY_WITH_TIMEOUT(changed->seen, 5000);
    QTRY_COMPARE(window.model().findBlock("R1")->params.at("R"), std::string("10k"));
    QVERIFY(!window.isWindowModified());

    // Changed again; Keep Mine: the model is unsaved, and the next Ctrl+S writes it without asking again.
    editParameter(window, "R1", "R", QStringLiteral("4.7k"));
    theirs.replace("\"10k\"", "\"22k\"");
    writeFile(path, theirs);
    changed = answerNextBox(QStringLiteral("changedOnDisk"), QStringLiteral("keepMine"));
    QTRY_VERIFY_WITH_TIMEOUT(changed->seen, 5000);
    QVERIFY(window.isWindowModified());
    app.press(Qt::Key_S, Qt::ControlModifier);
    QCOMPARE(kelvin::core::loadModel(path.toStdString()).findBlock("R1")->params.at("R"), std::string("4.7k"));

    // Deleted: no Reload; Keep Mine leaves the model unsaved; Ctrl+S asks before creating the file again.
    QVERIFY(QFile::remove(path));
    changed = answerNextBox(QStringLiteral("changedOnDisk"), QStringLiteral("keepMine"));
    QTRY_VERIFY_WITH_TIMEOUT(changed->seen, 5000);
    QVERIFY2(changed->text.contains(QLatin1String("deleted")), qPrintable(changed->text));
    QVERIFY(window.isWindowModified());
    app.press(Qt::Key_S, Qt::ControlModifier);
    QVERIFY(QFileInfo::exists(path));  // acknowledged: re-created without a second question
  }

 private:
  void startChild(QProcess& child, const QString& mode) {
    child.setProgram(QCoreApplication::applicationFilePath());
    child.setArguments({QStringLiteral("--child"), suite_.settingsDir().path(), mode});
    QProcessEnvironment environment = QProcessEnvironment::systemEnvironment();
    environment.insert(QStringLiteral("QT_QPA_PLATFORM"), QStringLiteral("offscreen"));
    child.setProcessEnvironment(environment);
    child.start();
    QVERIFY(child.waitForStarted());
  }

  /// rc_lowpass.kelvin copied into the temporary folder (a file the test may change and delete).
  QString copyOfExample() {
    const QString path = suite_.settingsDir().filePath(QStringLiteral("rc %1.kelvin").arg(++copies_));
    QFile::remove(path);
    QFile::copy(kelvin::e2e::example("rc_lowpass.kelvin"), path);
    QFile::setPermissions(path, QFile::ReadOwner | QFile::WriteOwner);
    return path;
  }

  kelvin::e2e::Suite suite_;
  int copies_ = 0;
};

int main(int argc, char** argv) {
  QApplication application(argc, argv);
  if (argc == 4 && QByteArray(argv[1]) == "--child") return runChild(QString::fromLocal8Bit(argv[2]), argv[3]);
  TestE2eRecovery test;
  return QTest::qExec(&test, argc, argv);
}

#include "tst_e2e_recovery.moc"
