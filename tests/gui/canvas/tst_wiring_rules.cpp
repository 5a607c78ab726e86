// Wires the user may not draw are refused while dragging, with the reason
// in the status bar, and nothing is added when the mouse is released: an
// electrical pin onto a rotational flange (or a signal port), a signal
// output onto an output, a second driver onto an input. Allowed wires are
// stored output first. Also checks ConnectionRules' messages directly.

#include <QStatusBar>
#include <QUndoStack>

#include "../gui_test_support.h"
#include "canvas/port_item.h"
#include "document/connection_rules.h"
#include "document/model_document.h"
#include "library.h"

namespace {

/// Presses on `from`, moves onto `to` and reports what the status bar says while hovering, then releases.
QString dragAndRead(kelvin::gui::MainWindow& window, const std::string& from, const std::string& to) {
  QWidget* viewport = window.editor()->view()->viewport();
  const QPoint a = kelvin::test::portPoint(window, from), b = kelvin::test::portPoint(window, to);
  QTest::mousePress(viewport, Qt::LeftButton, {}, a);
  for (int k = 1; k <= 4; ++k) {
    const QPoint at = a + (b - a) * k / 4;
    QMouseEvent move(QEvent::MouseMove, at, viewport->mapToGlobal(at), Qt::NoButton, Qt::LeftButton, {});
    QCoreApplication::sendEvent(viewport, &move);
  }
  const QString hover = window.statusBar()->currentMessage();
  QTest::mouseRelease(viewport, Qt::LeftButton, {}, b);
  return hover;
}

}  // namespace

class TestWiringRules : public QObject {
  Q_OBJECT

 private slots:
  void initTestCase() {
    kelvin::test::useTestSettings("tst_wiring_rules");
    kelvin::blocks::registerAll(registry_);
  }

  void init() {
    window_ = std::make_unique<kelvin::gui::MainWindow>(registry_);
    window_->resize(1200, 800);
    window_->show();
    QVERIFY(QTest::qWaitForWindowExposed(window_.get()));
    kelvin::gui::DiagramEditor* editor = window_->editor();
    editor->insertBlock(QStringLiteral("electrical.Resistor"), QPointF(0, 0));      // R1
    editor->insertBlock(QStringLiteral("signal.Constant"), QPointF(0, 120));        // Constant1
    editor->insertBlock(QStringLiteral("signal.Constant"), QPointF(0, 240));        // Constant2
    editor->insertBlock(QStringLiteral("signal.Gain"), QPointF(200, 120));          // Gain1
    if (registry_.find("rotational.Inertia"))
      editor->insertBlock(QStringLiteral("rotational.Inertia"), QPointF(200, 0));   // Inertia1
    editor->view()->zoomToFit();
  }

  void cleanup() { window_.reset(); }

  void refusedWhileDraggingWithAReason_data() {
    QTest::addColumn<QString>("from");
    QTest::addColumn<QString>("to");
    QTest::addColumn<QString>("reason");
    if (registry_.find("rotational.Inertia")) {
      QTest::newRow("electrical pin onto a rotational flange")
          << "R1.n" << "Inertia1.a" << "electrical pin) to Inertia1.a (rotational flange): the domains differ";
    }
    QTest::newRow("electrical pin onto a signal input")
        << "R1.n" << "Gain1.u" << "electrical pin) to Gain1.u (signal input): the domains differ";
    QTest::newRow("signal output onto an output") << "Constant1.y" << "Constant2.y"
                                                  << "Cannot connect two outputs (Constant1.y and Constant2.y)";
    QTest::newRow("output onto its own input (allowed: a loop)") << "Gain1.y" << "Gain1.u" << "";
  }

  void refusedWhileDraggingWithAReason() {
    QFETCH(QString, from);
    QFETCH(QString, to);
    QFETCH(QString, reason);
    const std::size_t before = window_->model().connections.size();
    const QString shown = dragAndRead(*window_, from.toStdString(), to.toStdString());
    if (reason.isEmpty()) {
      QCOMPARE(window_->model().connections.size(), before + 1);
      return;
    }
    QVERIFY2(shown.contains(reason), qPrintable(shown));
    QCOMPARE(window_->model().connections.size(), before);
    QCOMPARE(window_->document()->undoStack()->count(), window_->document()->undoStack()->index());
  }

  void anInputTakesOneDriver() {
    dragAndRead(*window_, "Gain1.u", "Constant1.y");  // drawn backwards: stored output first
    QCOMPARE(window_->model().connections.size(), std::size_t{1});
    QCOMPARE(window_->model().connections[0].from, std::string("Constant1.y"));
    QCOMPARE(window_->model().connections[0].to, std::string("Gain1.u"));
    const QString shown = dragAndRead(*window_, "Constant2.y", "Gain1.u");
    QVERIFY2(shown.contains(QStringLiteral("Input Gain1.u is already driven by Constant1.y")), qPrintable(shown));
    QCOMPARE(window_->model().connections.size(), std::size_t{1});
  }

  void rulesDirectly() {
    using kelvin::gui::ConnectionRules;
    const kelvin::gui::ConstDiagramLevel level = window_->document()->level({});
    ConnectionRules::Verdict v = ConnectionRules::check(level, registry_, "R1.p", "R1.p");
    QVERIFY(!v.allowed);
    v = ConnectionRules::check(level, registry_, "R1.p", "R1.n");
    QVERIFY(v.allowed);
    v = ConnectionRules::check(level, registry_, "Gain1.u", "Gain1.u");
    QVERIFY(!v.allowed);
    v = ConnectionRules::check(level, registry_, "Constant1.y", "R1.p");
    QVERIFY(!v.allowed);
    QVERIFY(v.reason.contains(QStringLiteral("signal output")));
    v = ConnectionRules::check(level, registry_, "Gain1.u", "Constant2.y");
    QVERIFY(v.allowed);
    QCOMPARE(v.from, std::string("Constant2.y"));
  }

 private:
  kelvin::core::BlockRegistry registry_;
  std::unique_ptr<kelvin::gui::MainWindow> window_;
};

QTEST_MAIN(TestWiringRules)
#include "tst_wiring_rules.moc"
