// The wires drawn all at once by the scene's WireLayer (the WireItems paint nothing themselves),
// on the real MainWindow at 100 %, judged by the window's own pixels (not a fresh rendering,
// which would hide a trace left behind): a 30-section RC ladder whose capacitors all run to one
// ground (the wires into it share their last segments). A wire shows in its domain's colour
// where it runs alone and where thirty run together; dragging its capacitor away leaves nothing
// at its old route and draws the new one; a click on it shows the handles of its segments;
// Delete takes its pixels away.

#include <QScreen>
#include <QTemporaryDir>

#include "../gui_test_support.h"
#include "canvas/block_item.h"
#include "canvas/diagram_scene.h"
#include "canvas/domain_style.h"
#include "canvas/port_item.h"
#include "canvas/wire_item.h"
#include "gui/canvas/canvas_pixels.h"
#include "gui/canvas/ladder_model.h"
#include "library.h"

using namespace kelvin;

namespace {

using test::near;
using test::shown;

/// The RC ladder of `sections` sections, 10 a row, every capacitor wired to the one ground G.
core::Model ladder(int sections) { return test::ladderModel(sections); }

/// The wire between endpoints `from` and `to`.
gui::WireItem* wireBetween(gui::DiagramScene* scene, const std::string& from, const std::string& to) {
  for (gui::WireItem* wire : scene->wireItems())
    if (wire->fromPort() == scene->portItem(from) && wire->toPort() == scene->portItem(to)) return wire;
  return nullptr;
}

/// Distance from `p` to the segment `a`–`b`.
double distance(QPointF p, QPointF a, QPointF b) {
  const QPointF d = b - a;
  const double len2 = QPointF::dotProduct(d, d);
  const double t = len2 > 0 ? std::clamp(QPointF::dotProduct(p - a, d) / len2, 0.0, 1.0) : 0.0;
  const QPointF c = a + d * t;
  return std::hypot(p.x() - c.x(), p.y() - c.y());
}

/// Distance from `p` to the route of `wire`.
double distance(QPointF p, const gui::WireItem* wire) {
  double best = 1e300;
  const QPolygonF& route = wire->polyline();
  for (int i = 0; i + 1 < route.size(); ++i) best = std::min(best, distance(p, route[i], route[i + 1]));
  return best;
}

/// The middle of a segment of `wire` at least 6 units from every other wire and every block's
/// body (so only this wire can colour the pixels there), or nullopt.
std::optional<QPointF> aloneOn(gui::DiagramScene* scene, const gui::WireItem* wire) {
  const QPolygonF& route = wire->polyline();
  for (int i = 0; i + 1 < route.size(); ++i) {
    const QPointF m = (route[i] + route[i + 1]) / 2;
    bool alone = true;
    for (const gui::WireItem* other : scene->wireItems())
      if (other != wire && other->isVisible() && distance(m, other) < 6) alone = false;
    for (const auto& [id, block] : scene->blockItems())
      if (block->bodySceneRect().adjusted(-6, -6, 6, 6).contains(m)) alone = false;
    if (alone) return m;
  }
  return std::nullopt;
}

}  // namespace

class TestWireLayer : public QObject {
  Q_OBJECT

 private Q_SLOTS:
  void initTestCase() {
    test::useTestSettings("tst_wire_layer");
    blocks::registerAll(registry_);
  }

  void wiresAreDrawnWhereTheyRunAndNowhereElse_data() {
    QTest::addColumn<int>("sections");
    QTest::newRow("one section: no junction dots, so nothing else repaints the wire's area") << 1;
    QTest::newRow("30 sections into one ground") << 30;
  }

  void wiresAreDrawnWhereTheyRunAndNowhereElse() {
    QFETCH(int, sections);
    QTemporaryDir dir;
    gui::MainWindow window(registry_);
    QVERIFY(test::showModel(window, ladder(sections), dir));
    gui::DiagramView* view = window.editor()->view();
    gui::DiagramScene* scene = window.editor()->scene();
    QWidget* viewport = view->viewport();
    view->resetZoom();
    view->centerOn(QPointF(250, 250));  // the ground, C4 and the rows below
    const QColor electrical = gui::DomainStyle::color(core::Domain::Electrical);

    const std::string capacitor = sections >= 4 ? "C4" : "C1";
    gui::WireItem* wire = wireBetween(scene, capacitor + ".n", "G.p");
    QVERIFY(wire);
    const std::optional<QPointF> alone = aloneOn(scene, wire);
    QVERIFY(alone);
    // The segment into the ground, which every capacitor's wire shares.
    const QPolygonF& route = wire->polyline();
    const QPointF shared = route[route.size() - 2] + (route.back() - route[route.size() - 2]) * 0.5;
    int through = 0;
    for (const gui::WireItem* other : scene->wireItems()) through += distance(shared, other) < 0.5;
    QVERIFY2(through >= sections, qPrintable(QString::number(through)));
    QVERIFY(viewport->rect().adjusted(1, 1, -1, -1).contains(view->mapFromScene(*alone)));
    QVERIFY(viewport->rect().adjusted(1, 1, -1, -1).contains(view->mapFromScene(shared)));
    QImage image = shown(viewport);
    QVERIFY(near(image, view->mapFromScene(*alone), electrical));
    QVERIFY(near(image, view->mapFromScene(shared), electrical));

    // The capacitor dragged 100 px down and 100 px right: its wire leaves nothing at its old place.
    const QPointF before = scene->blockItem(capacitor)->pos();
    const QPoint from = test::blockPoint(window, capacitor);
    test::mouseDrag(viewport, from, from + QPoint(100, 100));
    QCOMPARE(scene->blockItem(capacitor)->pos(), before + QPointF(100, 100));
    image = shown(viewport);
    if (distance(*alone, wire) > 6) QVERIFY(!near(image, view->mapFromScene(*alone), electrical));
    const std::optional<QPointF> moved = aloneOn(scene, wire);
    QVERIFY(moved);
    QVERIFY(near(image, view->mapFromScene(*moved), electrical));

    // A click on the wire selects it: a white handle in the middle of each of its segments.
    QTest::mouseClick(viewport, Qt::LeftButton, {}, view->mapFromScene(*moved) + QPoint(10, 0));
    QTest::mouseClick(viewport, Qt::LeftButton, {}, view->mapFromScene(*moved));
    QCOMPARE(scene->selectedConnections(), std::set<std::size_t>{wire->index()});
    image = shown(viewport);
    QVERIFY(near(image, view->mapFromScene(*moved), Qt::white));

    // Deleted: its pixels go (a WireItem is drawn by the layer, so it must say where it was).
    QTest::keyClick(viewport, Qt::Key_Delete);
    QVERIFY(!wireBetween(scene, capacitor + ".n", "G.p"));
    image = shown(viewport);
    QVERIFY(!near(image, view->mapFromScene(*moved), electrical));
    QVERIFY(!near(image, view->mapFromScene(*moved), Qt::white));
    if (sections > 1) QVERIFY(near(image, view->mapFromScene(shared), electrical));  // the others still run there
  }

 private:
  core::BlockRegistry registry_;
};

QTEST_MAIN(TestWireLayer)
#include "tst_wire_layer.moc"
