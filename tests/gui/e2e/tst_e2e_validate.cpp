// One validation: on a floating network (the RC low-pass without ground,
// every port wired) Validate (F7) reports exactly what `kelvin-cli validate`
// reports, one row per problem with its full message, the count above the
// rows matching them; Run (F5) refuses the model with the same rows. Log
// lines stay in the Log. A clean model then validates clean, and the old
// model's rows are gone.

#include <QListWidget>

#include "diagnostics/diagnostics_widget.h"
#include "e2e_fixture.h"
#include "scopes/run_history.h"

using kelvin::e2e::App;

namespace {

QStringList rows(kelvin::gui::MainWindow& window) {
  QStringList texts;
  QListWidget* list = window.diagnostics()->list();
  for (int i = 0; i < list->count(); ++i) texts << list->item(i)->text();
  return texts;
}

}  // namespace

class TestE2eValidate : public QObject {
  Q_OBJECT

 private Q_SLOTS:
  void initTestCase() {
    QVERIFY(suite_.isReady());
  }

  void floatingNetworkIsRefusedAlike() {
    const QString path = QStringLiteral(KELVIN_TEST_DATA_DIR "/floating_rc.kelvin");
    const auto [exitCode, cliLines] = kelvin::e2e::cliValidate(path);
    QCOMPARE(exitCode, 2);
    QVERIFY(!cliLines.isEmpty());
    // The CLI names the file first ("file:block.port: message"); the Problems panel leaves it out.
    QStringList expected;
    for (const QString& line : cliLines) {
      QVERIFY2(line.startsWith(path + QLatin1Char(':')), qPrintable(line));
      expected << line.mid(path.size() + 1);
    }
    QVERIFY2(expected.join(QLatin1Char('\n')).contains(QLatin1String("floating")), qPrintable(expected.join('\n')));

    App app(suite_.registry());
    kelvin::gui::MainWindow& window = app.window();
    app.openWithDialog(path);
    QTRY_VERIFY(window.windowTitle().startsWith(QStringLiteral("floating_rc.kelvin")));
    // Opening checks the model already; F7 checks it again, from an empty list.
    QTRY_COMPARE(rows(window), expected);
    app.press(Qt::Key_F7);
    QTRY_COMPARE(rows(window), expected);
    QVERIFY(window.diagnostics()->isVisible());
    const QString summary = window.diagnostics()->summary();
    QVERIFY2(summary.startsWith(QString::number(expected.size()) + QLatin1Char(' ')), qPrintable(summary));
    // Each row carries its whole message: wrapped in the list, and in its tooltip.
    QListWidget* list = window.diagnostics()->list();
    QVERIFY(list->wordWrap());
    for (int i = 0; i < list->count(); ++i) QCOMPARE(list->item(i)->toolTip(), expected[i]);

    // Run refuses it with the same problems, and starts nothing.
    app.press(Qt::Key_F5);
    QTRY_COMPARE(rows(window), expected);
    QVERIFY(app.scopes().isEmpty());
    QVERIFY(window.simulation()->history()->runs().empty());
    // The problems were logged too; the log lines did not join the list.
    QTest::qWait(100);
    QCOMPARE(rows(window), expected);

    // Another model: its own problems only (none), said in so many words.
    QVERIFY(app.openExample("rc_lowpass.kelvin"));
    app.press(Qt::Key_F7);
    QTRY_VERIFY(window.diagnostics()->summary().contains(QLatin1String("ready to simulate")));
    QCOMPARE(list->count(), 0);
  }

 private:
  kelvin::e2e::Suite suite_;
};

QTEST_MAIN(TestE2eValidate)
#include "tst_e2e_validate.moc"
