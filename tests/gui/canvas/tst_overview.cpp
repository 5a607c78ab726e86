// The canvas far out (below 25 %, OverviewPainter) on the real MainWindow: View ▸ Fit to Window on
// a 240-block ladder shows every block as a solid silhouette where the model has it, a click
// selects a block (drawn in the selection colour), a mouse drag moves it and the canvas (its pixels
// in the window, not a fresh rendering) shows it at its new place and nothing at its old one, while
// it moves and after (the overview repaints the whole viewport, so no trace is left), and zooming in past 25 % gives
// the items' own drawing back (icons, not silhouettes).

#include <QAction>
#include <QScreen>
#include <QTemporaryDir>

#include "../gui_test_support.h"
#include "canvas/block_item.h"
#include "canvas/diagram_scene.h"
#include "canvas/domain_style.h"
#include "canvas/overview_painter.h"
#include "gui/canvas/canvas_pixels.h"
#include "gui/canvas/ladder_model.h"
#include "library.h"
#include "model/model_file.h"

using namespace kelvin;

namespace {

using test::near;
using test::shown;

/// What BlockItem and the overview fill a block with far out.
const QColor kSilhouette(0x55, 0x5d, 0x68);

/// An RC ladder of `sections` sections, 20 a row, each capacitor with a ground of its own.
core::Model ladder(int sections) {
  return test::ladderModel(sections, {.perRow = 20, .pitch = 240.0, .rowPitch = 300.0, .groundEach = true});
}

}  // namespace

class TestOverview : public QObject {
  Q_OBJECT

 private Q_SLOTS:
  void initTestCase() {
    test::useTestSettings("tst_overview");
    blocks::registerAll(registry_);
  }

  void farOutTheBlocksAreSilhouettesThatFollowTheMouse() {
    QTemporaryDir dir;
    const QString file = dir.filePath(QStringLiteral("ladder.kelvin"));
    core::saveModel(ladder(80), file.toStdString());
    gui::MainWindow window(registry_);
    window.resize(1600, 1000);
    window.show();
    QVERIFY(QTest::qWaitForWindowExposed(&window));
    QVERIFY(window.openFile(file));
    gui::DiagramView* view = window.editor()->view();
    gui::DiagramScene* scene = window.editor()->scene();
    QWidget* viewport = view->viewport();

    window.action(QStringLiteral("zoomFit"))->trigger();
    QCoreApplication::processEvents();
    QVERIFY2(view->zoom() < gui::OverviewPainter::kZoom, qPrintable(QString::number(view->zoom())));
    const QImage fitted = shown(viewport);
    for (const std::string id : {"R1", "C1", "G1", "R40", "C80", "G80"})
      QVERIFY2(near(fitted, test::blockPoint(window, id), kSilhouette), id.c_str());
    // Between the rows of the ladder: nothing but the background (and perhaps a grid dot).
    const QPoint between = view->mapFromScene(QPointF(1000, 230));
    QCOMPARE(fitted.pixelColor(between).rgb() == kSilhouette.rgb(), false);

    // A click selects R40; it turns the selection colour.
    const QPoint from = test::blockPoint(window, "R40");
    QTest::mouseClick(viewport, Qt::LeftButton, {}, from);
    QCOMPARE(scene->selectedBlockIds(), std::set<std::string>{"R40"});
    QVERIFY(near(shown(viewport), from, gui::DomainStyle::selection()));

    // Dragged 40 px down: drawn where the mouse is while it moves, and after the release; its old
    // place shows no block any more.
    const QPointF before = scene->blockItem("R40")->pos();
    QTest::mousePress(viewport, Qt::LeftButton, {}, from);
    for (int k = 1; k <= 4; ++k) {
      const QPoint at = from + QPoint(0, 10 * k);
      QMouseEvent move(QEvent::MouseMove, at, viewport->mapToGlobal(at), Qt::NoButton, Qt::LeftButton, {});
      QCoreApplication::sendEvent(viewport, &move);
    }
    const QImage dragging = shown(viewport);
    QVERIFY(near(dragging, test::blockPoint(window, "R40"), gui::DomainStyle::selection()));
    QVERIFY(!near(dragging, from, gui::DomainStyle::selection()));
    QTest::mouseRelease(viewport, Qt::LeftButton, {}, from + QPoint(0, 40));
    QVERIFY(scene->blockItem("R40")->pos().y() > before.y() + 100);  // 40 px at < 25 % is > 160 units
    const QImage moved = shown(viewport);
    QVERIFY(near(moved, test::blockPoint(window, "R40"), gui::DomainStyle::selection()));
    QVERIFY(!near(moved, from, gui::DomainStyle::selection()));
    QVERIFY(!near(moved, from, kSilhouette));

    // Zoomed in past 25 %: the items draw themselves again (a resistor's icon, no silhouette).
    while (view->zoom() < 0.5) window.action(QStringLiteral("zoomIn"))->trigger();
    view->centerOn(scene->blockItem("R1")->bodySceneRect().center());
    QCoreApplication::processEvents();
    const QImage near100 = shown(viewport);
    QVERIFY(!near(near100, test::blockPoint(window, "R1"), kSilhouette));
  }

 private:
  core::BlockRegistry registry_;
};

QTEST_MAIN(TestOverview)
#include "tst_overview.moc"
