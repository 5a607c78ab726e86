// Builds the RC low-pass of resources/examples/rc_lowpass.kelvin from an
// empty window with simulated user input only: blocks dropped from the
// palette, turned upright with Ctrl+R, wires dragged port to port with the
// mouse, R and C typed into the inspector (an invalid entry first, which is
// refused with a message). The saved file validates, and simulates to the
// same capacitor voltage as the shipped example.

#include <QLineEdit>
#include <QTemporaryDir>

#include "gui_test_support.h"
#include "inspector/inspector_widget.h"
#include "inspector/parameter_form.h"
#include "library.h"
#include "model/model_file.h"
#include "model/model_validator.h"

class TestBuildRcLowpass : public QObject {
  Q_OBJECT

 private slots:
  void initTestCase() {
    kelvin::test::useTestSettings("tst_build_rc_lowpass");
    kelvin::blocks::registerAll(registry_);
  }

  void buildSaveValidateSimulate() {
    using kelvin::test::dragWire;
    using kelvin::test::dropFromPalette;
    kelvin::gui::MainWindow window(registry_);
    window.resize(1400, 900);
    window.show();
    QVERIFY(QTest::qWaitForWindowExposed(&window));
    QVERIFY(window.model().blocks.empty());

    // The parts, where the example has them.
    dropFromPalette(window, QStringLiteral("electrical.VoltageSource"), QPointF(0, 100));
    dropFromPalette(window, QStringLiteral("electrical.Resistor"), QPointF(100, 20));
    dropFromPalette(window, QStringLiteral("electrical.Capacitor"), QPointF(220, 100));
    dropFromPalette(window, QStringLiteral("electrical.Ground"), QPointF(220, 220));
    if (QTest::currentTestFailed()) return;
    const kelvin::core::Model& model = window.model();
    QCOMPARE(model.blocks.size(), std::size_t{4});
    QCOMPARE(model.blocks[0].id, std::string("V1"));
    QCOMPARE(model.blocks[1].id, std::string("R1"));
    QCOMPARE(model.blocks[2].id, std::string("C1"));
    QCOMPARE(model.blocks[3].id, std::string("G1"));

    // Source and capacitor upright, + on top.
    for (const char* id : {"V1", "C1"}) {
      kelvin::test::clickBlock(window, id);
      QTest::keyClick(window.editor()->view(), Qt::Key_R, Qt::ControlModifier);
      QCOMPARE(model.findBlock(id)->rotation, 90.0);
    }

    // Wires, port to port.
    dragWire(window, "V1.p", "R1.p");
    dragWire(window, "R1.n", "C1.p");
    dragWire(window, "C1.n", "G1.p");
    dragWire(window, "V1.n", "G1.p");
    QCOMPARE(model.connections.size(), std::size_t{4});
    QCOMPARE(model.connections[1].from, std::string("R1.n"));
    QCOMPARE(model.connections[1].to, std::string("C1.p"));

    // R and C in the inspector; a typo is refused with a message.
    kelvin::test::clickBlock(window, "R1");
    kelvin::gui::ParameterForm* form = window.inspector()->form();
    QCOMPARE(form->blockId(), std::string("R1"));
    QLineEdit* r = form->field("R");
    QVERIFY(r);
    r->setFocus();
    r->selectAll();
    QTest::keyClicks(r, QStringLiteral("1x"));
    QVERIFY2(!form->message("R").isEmpty() && !form->isValid(), qPrintable(form->message("R")));
    QTest::keyClick(r, Qt::Key_Return);
    QCOMPARE(model.findBlock("R1")->params.at("R"), std::string("1k"));  // the default, unchanged
    r->selectAll();
    QTest::keyClicks(r, QStringLiteral("1000"));
    QCOMPARE(form->message("R"), QStringLiteral("= 1 kΩ"));
    QTest::keyClick(r, Qt::Key_Return);
    QCOMPARE(model.findBlock("R1")->params.at("R"), std::string("1000"));

    kelvin::test::clickBlock(window, "C1");
    QLineEdit* c = window.inspector()->form()->field("C");
    QVERIFY(c);
    c->setFocus();
    c->selectAll();
    QTest::keyClicks(c, QStringLiteral("1uF"));
    QTest::keyClick(c, Qt::Key_Return);
    QCOMPARE(model.findBlock("C1")->params.at("C"), std::string("1uF"));

    // Save, then check the file as the engine sees it.
    QTemporaryDir dir;
    const QString path = dir.filePath(QStringLiteral("rc_built.kelvin"));
    QVERIFY(window.saveFile(path));
    QVERIFY(!window.isWindowModified());
    const kelvin::core::Model saved = kelvin::core::loadModel(path.toStdString());
    QCOMPARE(kelvin::core::serializeModel(saved), kelvin::core::serializeModel(model));
    const auto problems = kelvin::core::validateModel(saved, registry_, path.toStdString());
    QVERIFY2(problems.empty(), problems.empty() ? "" : problems.front().toString().c_str());

    const kelvin::core::Model example =
        kelvin::core::loadModel(KELVIN_EXAMPLES_DIR "/rc_lowpass.kelvin");
    const auto options = kelvin::core::SimulationOptions::fromSettings(example.settings);
    const auto built = kelvin::test::simulateSignal(saved, registry_, "C1.v", options);
    const auto reference = kelvin::test::simulateSignal(example, registry_, "C1.v", options);
    QVERIFY(built.size() > 100);
    // Same circuit, same solver settings (rtol 1e-6 on a 1 V signal): the two runs agree to
    // well within 1e-5 V; the example only adds a voltage sensor and a scope.
    const double difference = kelvin::test::largestDifference(built, reference);
    QVERIFY2(difference < 1e-5, qPrintable(QString::number(difference)));
    // And both follow 1 − exp(−t/RC), RC = 1 ms, to within the solver tolerance.
    for (const auto& [t, v] : built) QVERIFY(std::abs(v - (1 - std::exp(-t / 1e-3))) < 1e-4);
  }

 private:
  kelvin::core::BlockRegistry registry_;
};

QTEST_MAIN(TestBuildRcLowpass)
#include "tst_build_rc_lowpass.moc"
