// The canvas far out (below 25 %, OverviewPainter) on the real MainWindow: View ▸ Fit to Window on
// a 240-block ladder shows every block as a solid silhouette where the model has it, a click
// selects a block (drawn in the selection colour), a mouse drag moves it and the canvas (its pixels
// in the window, not a fresh rendering) shows it at its new place and nothing at its old one, while
// it moves and after (the overview repaints the whole viewport, so no trace is left), and zooming in past 25 % gives
// the items' own drawing back (icons, not silhouettes). The overview keeps what it draws between
// frames (OverviewGeometry): it follows every edit made with the mouse and keys — Select All, a
// click on the background, a click on a wire, a drag and its undo (the wires routed again each time), a rotation, the
// deletion of a block (the wires after it in the model then shown by other items, one in another
// colour) and its undo, the deletion of a block without wires and its undo. After each of these
// edits, what it keeps (read again for the changed items alone where the scene names them) equals
// what a fresh reading of every item gives.

#include <QAction>
#include <QScreen>
#include <QTemporaryDir>

#include "../gui_test_support.h"
#include "canvas/block_item.h"
#include "canvas/diagram_scene.h"
#include "canvas/domain_style.h"
#include "canvas/overview_geometry.h"
#include "canvas/overview_painter.h"
#include "canvas/port_item.h"
#include "canvas/wire_item.h"
#include "gui/canvas/canvas_pixels.h"
#include "gui/canvas/ladder_model.h"
#include "library.h"

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

/// The middle of the longest segment of the wire from `from` to `to`, in viewport pixels.
QPoint wireMiddle(gui::MainWindow& window, const std::string& from, const std::string& to) {
  for (const gui::WireItem* wire : window.editor()->scene()->wireItems()) {
    if (!wire->isVisible() || wire->fromPort()->endpoint() != from || wire->toPort()->endpoint() != to) continue;
    const QPolygonF& route = wire->polyline();
    QLineF longest;
    for (int i = 0; i + 1 < route.size(); ++i)
      if (QLineF(route[i], route[i + 1]).length() > longest.length()) longest = QLineF(route[i], route[i + 1]);
    return window.editor()->view()->mapFromScene(longest.center());
  }
  qWarning("no wire %s - %s", from.c_str(), to.c_str());
  return {};
}

/// True when `kept` (following the scene from edit to edit) shows what a fresh reading of every
/// item of `scene` shows: the same colours in the same order, each with the same lines (in any
/// order: one pen, drawn without antialiasing), the same silhouettes in the same order.
bool sameAsFresh(gui::OverviewGeometry& kept, const gui::DiagramScene& scene) {
  kept.follow(scene);
  gui::OverviewGeometry fresh;
  fresh.follow(scene);
  if (kept.colors() != fresh.colors()) return false;
  auto sorted = [](std::vector<QLineF> lines) {
    std::sort(lines.begin(), lines.end(), [](const QLineF& a, const QLineF& b) {
      return std::tuple(a.x1(), a.y1(), a.x2(), a.y2()) < std::tuple(b.x1(), b.y1(), b.x2(), b.y2());
    });
    return lines;
  };
  for (std::size_t i = 0; i < fresh.colors().size(); ++i)
    if (sorted(kept.lines(i)) != sorted(fresh.lines(i))) return false;
  return kept.silhouettes() == fresh.silhouettes() && kept.selectedSilhouettes() == fresh.selectedSilhouettes();
}

const QColor kElectrical = gui::DomainStyle::color(core::Domain::Electrical);
const QColor kSignal = gui::DomainStyle::color(core::Domain::Signal);

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
    gui::MainWindow window(registry_);
    QVERIFY(test::showModel(window, ladder(80), dir));
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

  void farOutTheDrawingFollowsEveryEdit() {
    core::Model model = ladder(80);
    // A voltage sensor wired to a scope above the ladder: the last connection, a signal wire.
    model.blocks.push_back({.id = "S", .type = "electrical.VoltageSensor", .pos = {-600, -400}});
    model.blocks.push_back({.id = "Scope", .type = "signal.Scope", .params = {{"inputs", "1"}}, .pos = {0, -400}});
    model.connections.push_back({"S.y", "Scope.u1", {}, {}});
    model.blocks.push_back({.id = "X", .type = "electrical.Resistor", .pos = {-600, -700}});  // no wire
    QTemporaryDir dir;
    gui::MainWindow window(registry_);
    QVERIFY(test::showModel(window, model, dir));
    gui::DiagramView* view = window.editor()->view();
    gui::DiagramScene* scene = window.editor()->scene();
    QWidget* viewport = view->viewport();
    window.action(QStringLiteral("zoomFit"))->trigger();
    QCoreApplication::processEvents();
    QVERIFY(view->zoom() < gui::OverviewPainter::kZoom);
    gui::OverviewGeometry kept;
    kept.follow(*scene);
    QVERIFY(near(shown(viewport), wireMiddle(window, "R10.n", "R11.p"), kElectrical));
    QVERIFY(near(shown(viewport), wireMiddle(window, "S.y", "Scope.u1"), kSignal));

    // Select All turns blocks and wires the selection colour; a click on the background, back.
    QTest::keyClick(viewport, Qt::Key_A, Qt::ControlModifier);
    QVERIFY(near(shown(viewport), wireMiddle(window, "R10.n", "R11.p"), gui::DomainStyle::selection()));
    QVERIFY(near(shown(viewport), test::blockPoint(window, "R10"), gui::DomainStyle::selection()));
    QVERIFY(sameAsFresh(kept, *scene));
    QTest::mouseClick(viewport, Qt::LeftButton, {}, view->mapFromScene(QPointF(1000, 230)));
    QVERIFY(scene->selectedItems().isEmpty());
    QVERIFY(near(shown(viewport), wireMiddle(window, "R10.n", "R11.p"), kElectrical));
    QVERIFY(near(shown(viewport), test::blockPoint(window, "R10"), kSilhouette));
    QVERIFY(sameAsFresh(kept, *scene));
    // A click on a wire selects it alone (no block changes): it turns the selection colour.
    QTest::mouseClick(viewport, Qt::LeftButton, {}, wireMiddle(window, "R10.n", "R11.p"));
    QCOMPARE(scene->selectedItems().size(), 1);
    QCOMPARE(scene->selectedConnections().size(), std::size_t(1));
    QVERIFY(near(shown(viewport), wireMiddle(window, "R10.n", "R11.p"), gui::DomainStyle::selection()));
    QVERIFY(near(shown(viewport), wireMiddle(window, "R11.n", "R12.p"), kElectrical));
    QVERIFY(sameAsFresh(kept, *scene));

    // R30 dragged 12 px up (into the gap between the rows): it and its wires, routed again, are
    // drawn where they go while it moves and after the release; Ctrl+Z puts them back.
    const QPoint from = test::blockPoint(window, "R30");
    const QPoint wireBefore = wireMiddle(window, "R30.n", "R31.p");
    QTest::mousePress(viewport, Qt::LeftButton, {}, from);
    for (int k = 1; k <= 4; ++k) {
      const QPoint at = from - QPoint(0, 3 * k);
      QMouseEvent move(QEvent::MouseMove, at, viewport->mapToGlobal(at), Qt::NoButton, Qt::LeftButton, {});
      QCoreApplication::sendEvent(viewport, &move);
    }
    QVERIFY(wireMiddle(window, "R30.n", "R31.p") != wireBefore);
    QImage image = shown(viewport);
    QVERIFY(near(image, test::blockPoint(window, "R30"), gui::DomainStyle::selection()));
    QVERIFY(near(image, wireMiddle(window, "R30.n", "R31.p"), kElectrical));
    QVERIFY(near(image, wireMiddle(window, "R29.n", "R30.p"), kElectrical));
    QVERIFY(sameAsFresh(kept, *scene));
    QTest::mouseRelease(viewport, Qt::LeftButton, {}, from - QPoint(0, 12));
    const QPoint dragged = test::blockPoint(window, "R30");
    QVERIFY(dragged.y() < from.y() - 8);
    image = shown(viewport);
    QVERIFY(near(image, dragged, gui::DomainStyle::selection()));
    QVERIFY(!near(image, from, gui::DomainStyle::selection()));
    QVERIFY(near(image, wireMiddle(window, "R30.n", "R31.p"), kElectrical));
    QVERIFY(sameAsFresh(kept, *scene));
    QTest::keyClick(viewport, Qt::Key_Z, Qt::ControlModifier);
    QCOMPARE(test::blockPoint(window, "R30"), from);
    QCOMPARE(wireMiddle(window, "R30.n", "R31.p"), wireBefore);
    image = shown(viewport);
    QVERIFY(near(image, from, gui::DomainStyle::selection()));
    QVERIFY(!near(image, dragged, gui::DomainStyle::selection()));
    QVERIFY(!near(image, dragged, kSilhouette));
    QVERIFY(near(image, wireBefore, kElectrical));
    QVERIFY(sameAsFresh(kept, *scene));

    // Ctrl+R stands R30 upright (its body 60 x 40 becomes 40 x 60): its silhouette, 44 x 24 inside
    // the body, becomes 24 x 44 (8 and 4.5 px high at this zoom).
    auto tall = [&] {
      const QImage now = shown(viewport);
      const QPoint centre = test::blockPoint(window, "R30");
      int pixels = 0;
      for (int dy = -12; dy <= 12; ++dy)
        pixels += now.pixelColor(centre + QPoint(0, dy)) == gui::DomainStyle::selection();
      return pixels;
    };
    const int lying = tall();
    QTest::keyClick(viewport, Qt::Key_R, Qt::ControlModifier);
    const int standing = tall();
    QVERIFY2(standing >= lying + 2, qPrintable(QStringLiteral("%1 then %2 px").arg(lying).arg(standing)));
    QVERIFY(sameAsFresh(kept, *scene));

    // R1 deleted: it and its three wires go, every later wire is shown by the item of a wire three
    // places before it (the sensor's signal wire by an electrical one's); Ctrl+Z brings R1 back.
    const QPoint r1 = test::blockPoint(window, "R1");
    const QPoint r1Wire = wireMiddle(window, "R1.n", "R2.p");
    test::clickBlock(window, "R1");
    QTest::keyClick(viewport, Qt::Key_Delete);
    QVERIFY(!scene->blockItem("R1"));
    image = shown(viewport);
    QVERIFY(!near(image, r1, kSilhouette) && !near(image, r1, gui::DomainStyle::selection()));
    QVERIFY(!near(image, r1Wire, kElectrical));
    QVERIFY(near(image, wireMiddle(window, "S.y", "Scope.u1"), kSignal));
    QVERIFY(near(image, wireMiddle(window, "R10.n", "R11.p"), kElectrical));
    QVERIFY(sameAsFresh(kept, *scene));
    QTest::keyClick(viewport, Qt::Key_Z, Qt::ControlModifier);
    image = shown(viewport);
    QVERIFY(near(image, r1, kSilhouette) || near(image, r1, gui::DomainStyle::selection()));
    QVERIFY(near(image, r1Wire, kElectrical));
    QVERIFY(near(image, wireMiddle(window, "S.y", "Scope.u1"), kSignal));
    QVERIFY(sameAsFresh(kept, *scene));

    // X, which has no wire, deleted and brought back.
    const QPoint x = test::blockPoint(window, "X");
    test::clickBlock(window, "X");
    QVERIFY(near(shown(viewport), x, gui::DomainStyle::selection()));
    QTest::keyClick(viewport, Qt::Key_Delete);
    QVERIFY(!scene->blockItem("X"));
    QVERIFY(!near(shown(viewport), x, gui::DomainStyle::selection()) && !near(shown(viewport), x, kSilhouette));
    QTest::keyClick(viewport, Qt::Key_Z, Qt::ControlModifier);
    QVERIFY(near(shown(viewport), x, gui::DomainStyle::selection()) || near(shown(viewport), x, kSilhouette));
    QVERIFY(sameAsFresh(kept, *scene));
  }

 private:
  core::BlockRegistry registry_;
};

QTEST_MAIN(TestOverview)
#include "tst_overview.moc"
