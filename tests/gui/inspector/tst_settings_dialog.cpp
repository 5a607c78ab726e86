// The settings dialog's noise group round trip on the real MainWindow (issue 14): a
// model without noise settings shows the envelope on, as the run computes it; changing
// another noise field through the keyboard and pressing OK keeps it on; unchecking it
// with the mouse turns it off and keeps the other fields; a dialog closed with OK and no
// change writes no noise settings into a model that had none.
#include <QCheckBox>
#include <QComboBox>
#include <QDialogButtonBox>
#include <QPushButton>
#include <QSpinBox>
#include <QtTest>

#include "../gui_test_support.h"
#include "document/model_document.h"
#include "inspector/settings_dialog.h"
#include "library.h"
#include "model/noise_settings.h"

using kelvin::gui::MainWindow;
using kelvin::gui::SettingsDialog;

class TestSettingsDialog : public QObject {
  Q_OBJECT

 private:
  /// Opens the dialog through the window's action.
  static SettingsDialog* openDialog(MainWindow& window) {
    window.action(QStringLiteral("settings"))->trigger();
    auto* dialog = window.findChild<SettingsDialog*>();
    if (dialog && !QTest::qWaitForWindowExposed(dialog)) return nullptr;
    return dialog;
  }

  static void pressOk(SettingsDialog* dialog) {
    QPushButton* ok = dialog->findChild<QDialogButtonBox*>()->button(QDialogButtonBox::Ok);
    QTest::mouseClick(ok, Qt::LeftButton);
  }

  static kelvin::core::NoiseSettings noiseOf(MainWindow& window) {
    return kelvin::core::NoiseSettings::fromSettings(window.model().settings);
  }

  kelvin::core::BlockRegistry registry_;

 private Q_SLOTS:
  void initTestCase() {
    kelvin::test::useTestSettings("tst_settings_dialog");
    kelvin::blocks::registerAll(registry_);
  }

  void noiseFieldsRoundTrip() {
    MainWindow window(registry_);
    window.show();
    QVERIFY(QTest::qWaitForWindowExposed(&window));
    QVERIFY(window.openFile(QStringLiteral(KELVIN_EXAMPLES_DIR "/rlc_resonator.kelvin")));
    QVERIFY(!window.model().settings.extra.contains("noise"));

    // OK without a change: still no noise settings in the model.
    SettingsDialog* dialog = openDialog(window);
    QVERIFY(dialog);
    auto* envelope = dialog->findChild<QCheckBox*>(QStringLiteral("noiseEnvelope"));
    auto* runs = dialog->findChild<QSpinBox*>(QStringLiteral("monteCarloRuns"));
    QVERIFY(envelope && runs);
    QVERIFY2(envelope->isChecked(), "the run computes the envelope by default; the dialog must say so");
    pressOk(dialog);
    QTRY_VERIFY(!window.findChild<SettingsDialog*>());
    QVERIFY(!window.model().settings.extra.contains("noise"));

    // Another noise field changed with the keyboard: the envelope stays on.
    dialog = openDialog(window);
    QVERIFY(dialog);
    runs = dialog->findChild<QSpinBox*>(QStringLiteral("monteCarloRuns"));
    runs->setFocus();
    runs->selectAll();
    QTest::keyClicks(runs, QStringLiteral("12"));
    pressOk(dialog);
    QTRY_VERIFY(!window.findChild<SettingsDialog*>());
    QCOMPARE(noiseOf(window).monteCarloRuns, 12);
    QVERIFY(noiseOf(window).envelope);

    // Reopened, it shows what was saved; the envelope unchecked with the mouse goes off alone.
    dialog = openDialog(window);
    QVERIFY(dialog);
    envelope = dialog->findChild<QCheckBox*>(QStringLiteral("noiseEnvelope"));
    runs = dialog->findChild<QSpinBox*>(QStringLiteral("monteCarloRuns"));
    QVERIFY(envelope->isChecked());
    QCOMPARE(runs->value(), 12);
    QTest::mouseClick(envelope, Qt::LeftButton, {}, QPoint(8, envelope->height() / 2));
    QVERIFY(!envelope->isChecked());
    pressOk(dialog);
    QTRY_VERIFY(!window.findChild<SettingsDialog*>());
    const kelvin::core::NoiseSettings saved = noiseOf(window);
    QVERIFY(!saved.envelope);
    QCOMPARE(saved.monteCarloRuns, 12);
    QCOMPARE(saved.sigmaFactor, kelvin::core::NoiseSettings{}.sigmaFactor);
    QCOMPARE(saved.method, kelvin::core::NoiseMethod::Elements);

    // The noise method chosen with the keyboard is saved, and shown again when reopened.
    dialog = openDialog(window);
    QVERIFY(dialog);
    auto* method = dialog->findChild<QComboBox*>(QStringLiteral("noiseMethod"));
    QVERIFY(method);
    QCOMPARE(method->currentData().toString(), QStringLiteral("elements"));
    method->setFocus();
    QTest::keyClick(method, Qt::Key_Down);
    QCOMPARE(method->currentData().toString(), QStringLiteral("portions"));
    pressOk(dialog);
    QTRY_VERIFY(!window.findChild<SettingsDialog*>());
    QCOMPARE(noiseOf(window).method, kelvin::core::NoiseMethod::Portions);
    QVERIFY(!noiseOf(window).envelope);  // the other fields as they were
    QCOMPARE(noiseOf(window).monteCarloRuns, 12);
    dialog = openDialog(window);
    QVERIFY(dialog);
    method = dialog->findChild<QComboBox*>(QStringLiteral("noiseMethod"));
    QCOMPARE(method->currentData().toString(), QStringLiteral("portions"));
    dialog->reject();
  }
};

QTEST_MAIN(TestSettingsDialog)
#include "tst_settings_dialog.moc"
