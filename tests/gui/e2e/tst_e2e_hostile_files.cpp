// Hostile files in the real window (issue #15): File ▸ Open on subsystems nested
// 5,000 deep (it crashed the application) shows a message box that names the
// file and says the nesting is too deep, and the model that was open stays open
// and unmodified; a nest at the reader's limit (1,000 deep) opens, validates and
// runs to the end.

#include "diagnostics/diagnostics_widget.h"
#include "e2e_fixture.h"
#include "support/hostile_models.h"

using kelvin::e2e::App;

namespace {

QString writeFile(const QTemporaryDir& dir, const QString& name, const std::string& text) {
  const QString path = dir.filePath(name);
  QFile file(path);
  if (file.open(QIODevice::WriteOnly)) file.write(text.data(), static_cast<qint64>(text.size()));
  return path;
}

}  // namespace

class TestE2eHostileFiles : public QObject {
  Q_OBJECT

 private Q_SLOTS:
  void initTestCase() {
    QVERIFY(suite_.isReady());
    QVERIFY(dir_.isValid());
  }

  void fiveThousandDeepNestIsRefusedWithAMessage() {
    const QString path = writeFile(dir_, QStringLiteral("nest_5000.kelvin"), kelvin::test::nestedSubsystems(5000));
    App app(suite_.registry());
    kelvin::gui::MainWindow& window = app.window();
    QVERIFY(app.openExample("rc_lowpass.kelvin"));
    const std::size_t blocks = window.model().blocks.size();

    // The message box opens inside the key press that opened the file dialog: it is read and
    // closed (Return, its default button) from the event loop it runs.
    QString shown;
    QTimer poll;
    poll.setInterval(50);
    connect(&poll, &QTimer::timeout, this, [&shown, &poll] {
      auto* box = qobject_cast<QMessageBox*>(QApplication::activeModalWidget());
      if (!box) return;
      shown = box->text() + QLatin1Char('\n') + box->informativeText();
      poll.stop();
      QTest::keyClick(box, Qt::Key_Return);
    });
    poll.start();
    app.openWithDialog(path);
    QTRY_VERIFY_WITH_TIMEOUT(!shown.isEmpty(), kelvin::e2e::kRunTimeoutMs);
    QVERIFY2(shown.contains(QStringLiteral("Cannot open nest_5000.kelvin")), qPrintable(shown));
    QVERIFY2(shown.contains(QStringLiteral("nested too deeply")), qPrintable(shown));
    QTRY_VERIFY(!QApplication::activeModalWidget());

    QVERIFY2(window.windowTitle().startsWith(QStringLiteral("rc_lowpass.kelvin")), qPrintable(window.windowTitle()));
    QCOMPARE(window.model().blocks.size(), blocks);
    QVERIFY(!window.isWindowModified());
  }

  void nestAtTheLimitOpensValidatesAndRuns() {
    const QString path = writeFile(dir_, QStringLiteral("nest_1000.kelvin"), kelvin::test::nestedSubsystems(1000));
    App app(suite_.registry());
    kelvin::gui::MainWindow& window = app.window();
    app.openWithDialog(path);
    QTRY_VERIFY_WITH_TIMEOUT(window.windowTitle().startsWith(QStringLiteral("nest_1000.kelvin")),
                             kelvin::e2e::kRunTimeoutMs);
    QCOMPARE(window.model().blocks.size(), std::size_t{1});
    app.press(Qt::Key_F7);
    QTRY_VERIFY_WITH_TIMEOUT(window.diagnostics()->summary().contains(QLatin1String("ready to simulate")),
                             kelvin::e2e::kRunTimeoutMs);
    QVERIFY(app.runToTheEnd());
  }

 private:
  kelvin::e2e::Suite suite_;
  QTemporaryDir dir_;
};

QTEST_MAIN(TestE2eHostileFiles)
#include "tst_e2e_hostile_files.moc"
