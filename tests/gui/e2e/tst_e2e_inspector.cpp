// An inspector edit is applied or refused, never silently dropped: on
// rc_lowpass, "1x" typed into R1's R and the focus moved away (Tab) leaves the
// model's R at 1k, the field keeping "1x" in red with a message saying it was
// not applied, also after the block is clicked again (the model refreshes the
// form); Esc in the field reverts it; "2k" then Enter is applied.

#include <QLineEdit>

#include "canvas/diagram_editor.h"
#include "canvas/diagram_view.h"
#include "e2e_fixture.h"
#include "gui/gui_test_support.h"
#include "inspector/inspector_widget.h"
#include "inspector/parameter_form.h"

using kelvin::e2e::App;

class TestE2eInspector : public QObject {
  Q_OBJECT

 private Q_SLOTS:
  void initTestCase() {
    QVERIFY(suite_.isReady());
  }

  void refusedTextStaysUntilRevertedOrFixed() {
    App app(suite_.registry());
    kelvin::gui::MainWindow& window = app.window();
    QVERIFY(app.openExample("rc_lowpass.kelvin"));
    kelvin::test::clickBlock(window, "R1");
    kelvin::gui::ParameterForm* form = window.inspector()->form();
    QLineEdit* r = form->field("R");
    QVERIFY(r);
    QTest::mouseClick(r, Qt::LeftButton);
    QTest::keyClick(r, Qt::Key_A, Qt::ControlModifier);
    QTest::keyClicks(r, QStringLiteral("1x"));
    QTest::keyClick(r, Qt::Key_Tab);  // the focus leaves the field
    QCOMPARE(window.model().findBlock("R1")->params.at("R"), std::string("1k"));
    QCOMPARE(r->text(), QStringLiteral("1x"));
    QVERIFY2(form->message("R").contains(QLatin1String("not applied")), qPrintable(form->message("R")));
    QVERIFY(r->styleSheet().contains(QLatin1String("#c62828")));
    // The block clicked again: the form refreshes from the model, the refused text stays.
    kelvin::test::clickBlock(window, "R1");
    QCOMPARE(form->field("R")->text(), QStringLiteral("1x"));
    // Esc reverts to the model's value.
    QTest::mouseClick(r, Qt::LeftButton);
    QTest::keyClick(r, Qt::Key_Escape);
    QCOMPARE(r->text(), QStringLiteral("1k"));
    QCOMPARE(form->message("R"), QStringLiteral("= 1 kΩ"));
    QVERIFY(r->styleSheet().isEmpty());
    // A valid value is applied.
    QTest::keyClick(r, Qt::Key_A, Qt::ControlModifier);
    QTest::keyClicks(r, QStringLiteral("2k"));
    QTest::keyClick(r, Qt::Key_Return);
    QCOMPARE(window.model().findBlock("R1")->params.at("R"), std::string("2k"));
  }

 private:
  kelvin::e2e::Suite suite_;
};

QTEST_MAIN(TestE2eInspector)
#include "tst_e2e_inspector.moc"
