// Every kind of edit the editor offers, made as a user makes it (mouse,
// keys, the inspector, dialogs, menu actions), changes the model; Undo then
// restores exactly the previous model (the same core::serializeModel text)
// and Redo re-applies exactly the edit; after each, the canvas shows what a
// scene built afresh from the model shows. At the end, undoing everything
// gives back the file as opened.

#include <cmath>
#include <functional>
#include <set>
#include <utility>

#include <QClipboard>
#include <QDialogButtonBox>
#include <QLineEdit>
#include <QPushButton>
#include <QTableWidget>
#include <QTemporaryDir>
#include <QUndoStack>

#include "../gui_test_support.h"
#include "canvas/block_item.h"
#include "canvas/diagram_scene.h"
#include "canvas/junction_layer.h"
#include "canvas/wire_item.h"
#include "document/model_document.h"
#include "inspector/inspector_widget.h"
#include "inspector/parameter_dialog.h"
#include "inspector/parameter_form.h"
#include "inspector/settings_dialog.h"
#include "inspector/variables_widget.h"
#include "library.h"
#include "model/model_file.h"
#include "palette/quick_insert_box.h"

using kelvin::gui::MainWindow;
using Step = std::function<void(MainWindow&)>;
Q_DECLARE_METATYPE(Step)

namespace {

std::string text(const MainWindow& window) { return kelvin::core::serializeModel(window.model()); }

/// Types `value` into a line edit as a user does and presses Enter.
void typeInto(QLineEdit* edit, const QString& value) {
  edit->setFocus();
  edit->selectAll();
  QTest::keyClicks(edit, value);
  QTest::keyClick(edit, Qt::Key_Return);
}

/// The middle of the longest segment of wire `from` -> `to`, in viewport coordinates, and whether it is horizontal.
std::pair<QPoint, bool> wireMiddle(MainWindow& window, const std::string& from, const std::string& to) {
  for (kelvin::gui::WireItem* wire : window.editor()->scene()->wireItems()) {
    if (wire->fromPort()->endpoint() != from || wire->toPort()->endpoint() != to) continue;
    const QPolygonF& path = wire->polyline();
    int best = 0;
    double length = -1;
    for (int i = 0; i + 1 < path.size(); ++i) {
      const double l = QLineF(path[i], path[i + 1]).length();
      if (l > length) length = l, best = i;
    }
    const QPointF middle = (path[best] + path[best + 1]) / 2;
    return {window.editor()->view()->mapFromScene(middle), std::abs(path[best].y() - path[best + 1].y()) < 1e-9};
  }
  qWarning("no wire %s -> %s", from.c_str(), to.c_str());
  return {};
}

void selectOnly(MainWindow& window, std::vector<std::string> ids) { window.editor()->scene()->selectBlocks(ids); }

/// The dots of a junction layer, rounded to 1e-6 to compare as sets.
std::set<std::pair<long long, long long>> dotsOf(const kelvin::gui::DiagramScene& scene) {
  std::set<std::pair<long long, long long>> dots;
  for (QPointF p : scene.junctions()->dots()) dots.insert({std::llround(p.x() * 1e6), std::llround(p.y() * 1e6)});
  return dots;
}

/// The canvas, brought up to date edit by edit (a move touches only what moved), shows what a
/// scene built afresh from the model shows: each block where the model has it, each wire on
/// the same route, the same junction dots.
void sceneMatchesFreshOne(MainWindow& window) {
  const kelvin::gui::DiagramScene& scene = *window.editor()->scene();
  kelvin::gui::DiagramScene fresh(window.document());
  fresh.setLevel(scene.level());
  const kelvin::gui::ConstDiagramLevel level = window.document()->level(scene.level());
  for (const kelvin::core::Block& b : *level.blocks) {
    QVERIFY2(scene.blockItem(b.id), b.id.c_str());
    QCOMPARE(scene.blockItem(b.id)->pos(), fresh.blockItem(b.id)->pos());
  }
  QCOMPARE(scene.wireItems().size(), fresh.wireItems().size());
  for (std::size_t i = 0; i < scene.wireItems().size(); ++i) {
    QCOMPARE(scene.wireItems()[i]->isVisible(), fresh.wireItems()[i]->isVisible());
    QCOMPARE(scene.wireItems()[i]->polyline(), fresh.wireItems()[i]->polyline());
  }
  QCOMPARE(dotsOf(scene), dotsOf(fresh));
}

QWidget* view(MainWindow& window) { return window.editor()->view(); }

}  // namespace

class TestCanvasUndo : public QObject {
  Q_OBJECT

 private slots:
  void initTestCase() {
    kelvin::test::useTestSettings("tst_canvas_undo");
    kelvin::blocks::registerAll(registry_);
  }

  void undoRestoresAndRedoReapplies_data() {
    QTest::addColumn<Step>("setup");
    QTest::addColumn<Step>("edit");
    const Step none = [](MainWindow&) {};

    QTest::newRow("drop a block from the palette") << none << Step([](MainWindow& w) {
      kelvin::test::dropFromPalette(w, QStringLiteral("electrical.Resistor"), QPointF(200, 300));
    });
    QTest::newRow("quick insert (typing on the canvas)") << none << Step([](MainWindow& w) {
      w.editor()->view()->setFocus();
      QTest::mouseMove(w.editor()->view()->viewport(), w.editor()->view()->mapFromScene(QPointF(100, 300)));
      QTest::keyClick(view(w), Qt::Key_I);  // opens the box with "I" typed
      QLineEdit* edit = w.editor()->quickInsertBox()->lineEdit();
      QVERIFY(edit->isVisible());
      QTest::keyClicks(edit, QStringLiteral("ntegrator"));
      QTest::keyClick(edit, Qt::Key_Return);
      QVERIFY(w.model().findBlock("Integrator1"));
    });
    QTest::newRow("delete a block (Delete key)") << none << Step([](MainWindow& w) {
      kelvin::test::clickBlock(w, "L1");
      QTest::keyClick(view(w), Qt::Key_Delete);
      QVERIFY(!w.model().findBlock("L1"));
    });
    QTest::newRow("delete a wire") << none << Step([](MainWindow& w) {
      const auto [at, horizontal] = wireMiddle(w, "V1.n", "G.p");
      QTest::mouseClick(w.editor()->view()->viewport(), Qt::LeftButton, {}, at);
      QCOMPARE(w.editor()->scene()->selectedConnections().size(), std::size_t{1});
      QTest::keyClick(view(w), Qt::Key_Delete);
    });
    QTest::newRow("move blocks with the mouse") << none << Step([](MainWindow& w) {
      kelvin::test::clickBlock(w, "R1");
      kelvin::test::clickBlock(w, "L1", Qt::ControlModifier);
      const QPoint from = kelvin::test::blockPoint(w, "R1");
      kelvin::test::mouseDrag(w.editor()->view()->viewport(), from, from + QPoint(60, -50));
      QVERIFY(w.model().findBlock("R1")->pos.y != 20);
    });
    QTest::newRow("nudge with an arrow key") << none << Step([](MainWindow& w) {
      kelvin::test::clickBlock(w, "C1");
      QTest::keyClick(view(w), Qt::Key_Right);
    });
    QTest::newRow("rotate (Ctrl+R)") << none << Step([](MainWindow& w) {
      kelvin::test::clickBlock(w, "R1");
      QTest::keyClick(view(w), Qt::Key_R, Qt::ControlModifier);
    });
    QTest::newRow("flip (Ctrl+I)") << none << Step([](MainWindow& w) {
      kelvin::test::clickBlock(w, "VC");
      QTest::keyClick(view(w), Qt::Key_I, Qt::ControlModifier);
    });
    QTest::newRow("wire port to port") << none << Step([](MainWindow& w) {
      kelvin::test::dragWire(w, "R1.p", "C1.n");
      QCOMPARE(w.model().connections.back().from, std::string("R1.p"));
    });
    QTest::newRow("wire onto a wire (junction)")
        << Step([](MainWindow& w) { w.editor()->insertBlock(QStringLiteral("electrical.Resistor"), QPointF(160, 300)); })
        << Step([](MainWindow& w) {
             const auto [at, horizontal] = wireMiddle(w, "V1.n", "G.p");
             kelvin::test::mouseDrag(w.editor()->view()->viewport(), kelvin::test::portPoint(w, "R2.n"), at);
             const kelvin::core::Connection& c = w.model().connections.back();
             QVERIFY2(c.to == "V1.n" || c.to == "G.p", c.to.c_str());
             QVERIFY(!c.points.empty());
           });
    QTest::newRow("drag a wire segment") << none << Step([](MainWindow& w) {
      const auto [at, horizontal] = wireMiddle(w, "V1.n", "G.p");
      const QPoint shift = horizontal ? QPoint(0, 40) : QPoint(40, 0);
      kelvin::test::mouseDrag(w.editor()->view()->viewport(), at, at + shift);
      QVERIFY(!w.model().connections[5].points.empty());
    });
    QTest::newRow("parameter in the inspector") << none << Step([](MainWindow& w) {
      kelvin::test::clickBlock(w, "R1");
      QLineEdit* field = w.inspector()->form()->field("R");
      QVERIFY(field);
      typeInto(field, QStringLiteral("22"));
      QCOMPARE(w.model().findBlock("R1")->params.at("R"), std::string("22"));
    });
    QTest::newRow("rename in the inspector") << none << Step([](MainWindow& w) {
      kelvin::test::clickBlock(w, "R1");
      typeInto(w.inspector()->form()->idField(), QStringLiteral("Rs"));
      QVERIFY(w.model().findBlock("Rs"));
      QCOMPARE(w.model().connections[0].to, std::string("Rs.p"));
      QCOMPARE(w.editor()->selectedBlockId(), std::string("Rs"));
    });
    QTest::newRow("parameter dialog (double-click)") << none << Step([](MainWindow& w) {
      QTest::mouseDClick(w.editor()->view()->viewport(), Qt::LeftButton, {}, kelvin::test::blockPoint(w, "C1"));
      auto* dialog = w.findChild<kelvin::gui::ParameterDialog*>();
      QVERIFY(dialog);
      dialog->form()->field("C")->setText(QStringLiteral("2.2u"));
      dialog->form()->field("v0")->setText(QStringLiteral("0.5"));
      dialog->form()->idField()->setText(QStringLiteral("Cload"));
      dialog->findChild<QDialogButtonBox*>()->button(QDialogButtonBox::Ok)->click();
      QCOMPARE(w.model().findBlock("Cload")->params.at("C"), std::string("2.2u"));
    });
    QTest::newRow("add a variable") << none << Step([](MainWindow& w) { w.variables()->addVariable(); });
    QTest::newRow("edit a variable") << Step([](MainWindow& w) { w.variables()->addVariable(); })
                                     << Step([](MainWindow& w) {
                                          QTableWidget* table = w.variables()->table();
                                          table->item(0, 1)->setText(QStringLiteral("2*pi*50"));
                                          QCOMPARE(w.model().variables[0].value, std::string("2*pi*50"));
                                        });
    QTest::newRow("simulation settings") << none << Step([](MainWindow& w) {
      w.action(QStringLiteral("settings"))->trigger();
      auto* dialog = w.findChild<kelvin::gui::SettingsDialog*>();
      QVERIFY(dialog);
      auto* stop = dialog->findChildren<QLineEdit*>().value(0);
      stop->setText(QStringLiteral("5m"));
      dialog->accept();
      QCOMPARE(w.model().settings.stopTime, std::string("5m"));
    });
    QTest::newRow("copy and paste") << none << Step([](MainWindow& w) {
      selectOnly(w, {"R1", "L1"});
      w.action(QStringLiteral("copy"))->trigger();
      w.action(QStringLiteral("paste"))->trigger();
      QVERIFY(w.model().findBlock("R2") && w.model().findBlock("L2"));
      QCOMPARE(w.model().connections.back().from, std::string("R2.n"));
    });
    QTest::newRow("cut") << none << Step([](MainWindow& w) {
      selectOnly(w, {"VC"});
      w.action(QStringLiteral("cut"))->trigger();
      QVERIFY(!w.model().findBlock("VC"));
    });
    QTest::newRow("duplicate") << none << Step([](MainWindow& w) {
      selectOnly(w, {"C1"});
      QTest::keyClick(view(w), Qt::Key_D, Qt::ControlModifier);
      QVERIFY(w.model().findBlock("C2"));
    });
    QTest::newRow("align") << none << Step([](MainWindow& w) {
      selectOnly(w, {"R1", "C1"});
      w.action(QStringLiteral("alignLeft"))->trigger();
      QCOMPARE(w.model().findBlock("C1")->pos.x, 90.0);  // upright C1 reaches 20 either side: left edge at 70, R1's
    });
    QTest::newRow("group into a subsystem") << none << Step([](MainWindow& w) {
      selectOnly(w, {"R1", "L1", "C1"});
      QTest::keyClick(view(w), Qt::Key_G, Qt::ControlModifier);
      QVERIFY(w.model().findBlock("Sub1"));
    });
    QTest::newRow("ungroup a subsystem")
        << Step([](MainWindow& w) {
             selectOnly(w, {"R1", "L1", "C1"});
             w.editor()->groupSelection();
           })
        << Step([](MainWindow& w) {
             selectOnly(w, {"Sub1"});
             w.action(QStringLiteral("ungroup"))->trigger();
             QVERIFY(!w.model().findBlock("Sub1"));
           });
    QTest::newRow("edit inside a subsystem")
        << Step([](MainWindow& w) {
             selectOnly(w, {"R1", "L1", "C1"});
             w.editor()->groupSelection();
             QTest::mouseDClick(w.editor()->view()->viewport(), Qt::LeftButton, {},
                                kelvin::test::blockPoint(w, "Sub1"));
             QCOMPARE(w.editor()->level(), QStringList{"Sub1"});
           })
        << Step([](MainWindow& w) {
             kelvin::test::clickBlock(w, "L1");
             QTest::keyClick(view(w), Qt::Key_R, Qt::ControlModifier);
             QCOMPARE(w.model().findBlock("Sub1")->blocks[1].rotation, 90.0);
           });
  }

  void undoRestoresAndRedoReapplies() {
    QFETCH(Step, setup);
    QFETCH(Step, edit);
    MainWindow window(registry_);
    window.resize(1400, 900);
    window.show();
    QVERIFY(QTest::qWaitForWindowExposed(&window));
    QVERIFY(window.openFile(QStringLiteral(KELVIN_EXAMPLES_DIR "/rlc_resonator.kelvin")));
    setup(window);
    if (QTest::currentTestFailed()) return;
    const std::string before = text(window);
    const int index = window.document()->undoStack()->index();
    edit(window);
    if (QTest::currentTestFailed()) return;
    const std::string after = text(window);
    QVERIFY2(after != before, "the edit changed nothing");
    QCOMPARE(window.document()->undoStack()->index(), index + 1);  // one undo step

    sceneMatchesFreshOne(window);
    if (QTest::currentTestFailed()) return;

    window.action(QStringLiteral("undo"))->trigger();
    QCOMPARE(text(window), before);
    sceneMatchesFreshOne(window);
    if (QTest::currentTestFailed()) return;
    window.action(QStringLiteral("redo"))->trigger();
    QCOMPARE(text(window), after);
    sceneMatchesFreshOne(window);
    if (QTest::currentTestFailed()) return;
    // The canvas follows: every block of the level shown has its item.
    const kelvin::gui::ConstDiagramLevel level = window.document()->level(window.editor()->level());
    for (const kelvin::core::Block& b : *level.blocks) QVERIFY(window.editor()->scene()->blockItem(b.id));
  }

  void undoingEverythingGivesBackTheFile() {
    MainWindow window(registry_);
    window.resize(1400, 900);
    window.show();
    QVERIFY(QTest::qWaitForWindowExposed(&window));
    const QString path = QStringLiteral(KELVIN_EXAMPLES_DIR "/pi_loop.kelvin");
    QVERIFY(window.openFile(path));
    const std::string opened = text(window);
    kelvin::test::dropFromPalette(window, QStringLiteral("signal.Gain"), QPointF(300, 300));
    kelvin::test::dragWire(window, "Plant.y", "Gain1.u");
    selectOnly(window, {"Kp", "Ki", "I1"});
    window.editor()->groupSelection();
    kelvin::test::clickBlock(window, "Gain1");
    QTest::keyClick(view(window), Qt::Key_R, Qt::ControlModifier);
    const std::string edited = text(window);
    QUndoStack* stack = window.document()->undoStack();
    QCOMPARE(stack->count(), 4);
    while (stack->canUndo()) stack->undo();
    QCOMPARE(text(window), opened);
    QVERIFY(!window.isWindowModified());
    while (stack->canRedo()) stack->redo();
    QCOMPARE(text(window), edited);
  }

 private:
  kelvin::core::BlockRegistry registry_;
};

QTEST_MAIN(TestCanvasUndo)
#include "tst_canvas_undo.moc"
