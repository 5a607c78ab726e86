// Grouping the R, L and C of the RLC resonator into a subsystem (Ctrl+G on
// the canvas) gives a model that validates and simulates to the same
// capacitor voltage as before; the cut wires become boundary ports named
// after the ports they reach inside; double-clicking the subsystem opens it
// (breadcrumb) and Go to Parent comes back; ungrouping gives the same
// circuit again.

#include "../gui_test_support.h"
#include "document/model_document.h"
#include "document/subsystem_grouping.h"
#include "library.h"
#include "model/model_file.h"
#include "model/model_validator.h"

class TestSubsystemGrouping : public QObject {
  Q_OBJECT

 private slots:
  void initTestCase() {
    kelvin::test::useTestSettings("tst_subsystem_grouping");
    kelvin::blocks::registerAll(registry_);
  }

  void groupSimulateOpenUngroup() {
    kelvin::gui::MainWindow window(registry_);
    window.resize(1400, 900);
    window.show();
    QVERIFY(QTest::qWaitForWindowExposed(&window));
    QVERIFY(window.openFile(QStringLiteral(KELVIN_EXAMPLES_DIR "/rlc_resonator.kelvin")));
    const kelvin::core::Model original = window.model();
    const auto options = kelvin::core::SimulationOptions::fromSettings(original.settings);
    const auto reference = kelvin::test::simulateSignal(original, registry_, "VC.y", options);

    // Select R1, L1, C1 with the mouse and group them.
    kelvin::test::clickBlock(window, "R1");
    kelvin::test::clickBlock(window, "L1", Qt::ControlModifier);
    kelvin::test::clickBlock(window, "C1", Qt::ControlModifier);
    QCOMPARE(window.editor()->scene()->selectedBlockIds().size(), std::size_t{3});
    QTest::keyClick(window.editor()->view(), Qt::Key_G, Qt::ControlModifier);

    const kelvin::core::Model grouped = window.model();
    const kelvin::core::Block* sub = grouped.findBlock("Sub1");
    QVERIFY(sub);
    QCOMPARE(sub->type, std::string("Subsystem"));
    QCOMPARE(sub->blocks.size(), std::size_t{3});
    QStringList ports;
    for (const kelvin::core::BoundaryPort& p : sub->ports) {
      ports << QString::fromStdString(p.name);
      QCOMPARE(p.domain, std::string("electrical"));
      QCOMPARE(p.direction, std::string("physical"));
    }
    ports.sort();
    QCOMPARE(ports, (QStringList{"C1_n", "C1_p", "R1_p"}));
    QVERIFY(!grouped.findBlock("R1"));
    const auto problems = kelvin::core::validateModel(grouped, registry_, "grouped");
    QVERIFY2(problems.empty(), problems.empty() ? "" : problems.front().toString().c_str());

    // Same physics: the engine flattens Sub1 (inner ids "Sub1/R1").
    const auto after = kelvin::test::simulateSignal(grouped, registry_, "VC.y", options);
    const double difference = kelvin::test::largestDifference(after, reference);
    // The same equations in another order: the runs agree far below rtol (1e-6) × the 1.6 V peak.
    QVERIFY2(difference < 1e-6, qPrintable(QString::number(difference)));

    // The file keeps the subsystem exactly.
    const std::string text = kelvin::core::serializeModel(grouped);
    QCOMPARE(kelvin::core::serializeModel(kelvin::core::parseModel(text, "grouped")), text);

    // Open it by double-click; the canvas shows the inside with its boundary ports.
    QTest::mouseDClick(window.editor()->view()->viewport(), Qt::LeftButton, {},
                       kelvin::test::blockPoint(window, "Sub1"));
    QCOMPARE(window.editor()->level(), QStringList{"Sub1"});
    QVERIFY(window.editor()->scene()->blockItem("L1"));
    QVERIFY(window.editor()->scene()->portItem("R1_p"));
    window.action(QStringLiteral("goUp"))->trigger();
    QVERIFY(window.editor()->level().isEmpty());
    QCOMPARE(window.editor()->selectedBlockId(), std::string("Sub1"));

    // Ungroup: the circuit is back (the same connectivity, so the same result).
    window.action(QStringLiteral("ungroup"))->trigger();
    QVERIFY(window.model().findBlock("R1") && !window.model().findBlock("Sub1"));
    QVERIFY(kelvin::core::validateModel(window.model(), registry_, "ungrouped").empty());
    const auto ungrouped = kelvin::test::simulateSignal(window.model(), registry_, "VC.y", options);
    QVERIFY(kelvin::test::largestDifference(ungrouped, reference) < 1e-6);
  }

  void signalPortsTakeTheirDirection() {
    // Grouping the PI controller of pi_loop: its error input enters once, named after its driver.
    const kelvin::core::Model model = kelvin::core::loadModel(KELVIN_EXAMPLES_DIR "/pi_loop.kelvin");
    const kelvin::gui::LevelContents grouped =
        kelvin::gui::groupBlocks({model.blocks, model.connections}, {}, {"Kp", "Ki", "I1", "U"}, "PI", registry_, 10);
    const auto it = std::find_if(grouped.blocks.begin(), grouped.blocks.end(),
                                 [](const kelvin::core::Block& b) { return b.id == "PI"; });
    QVERIFY(it != grouped.blocks.end());
    QCOMPARE(it->ports.size(), std::size_t{2});
    QCOMPARE(it->ports[0].name, std::string("E_y"));
    QCOMPARE(it->ports[0].direction, std::string("input"));
    QCOMPARE(it->ports[1].name, std::string("U_y"));
    QCOMPARE(it->ports[1].direction, std::string("output"));
    kelvin::core::Model m = model;
    m.blocks = grouped.blocks;
    m.connections = grouped.connections;
    const auto problems = kelvin::core::validateModel(m, registry_, "pi");
    QVERIFY2(problems.empty(), problems.empty() ? "" : problems.front().toString().c_str());
    const auto options = kelvin::core::SimulationOptions::fromSettings(model.settings);
    const double difference = kelvin::test::largestDifference(
        kelvin::test::simulateSignal(m, registry_, "Plant.y", options),
        kelvin::test::simulateSignal(model, registry_, "Plant.y", options));
    QVERIFY2(difference < 1e-6, qPrintable(QString::number(difference)));
  }

 private:
  kelvin::core::BlockRegistry registry_;
};

QTEST_MAIN(TestSubsystemGrouping)
#include "tst_subsystem_grouping.moc"
