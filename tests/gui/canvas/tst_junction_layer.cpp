// The junction dots of a diagram: the layer sorts the wires at each port and compares
// neighbours only (k log k per port); the reference here compares every pair of wires at
// each port (k², the definition). Both must place the same dots on every shipped example
// and on a ladder whose ground port has hundreds of wires, some sharing their route; and
// after moves of a few of those wires, their undo and redo (the layer recomputes only the
// ports at the wires that moved).

#include <cmath>
#include <map>
#include <optional>
#include <set>

#include <QDir>
#include <QtTest>

#include <QUndoStack>

#include "canvas/commands/move_items_command.h"
#include "canvas/diagram_editor.h"
#include "canvas/diagram_scene.h"
#include "canvas/junction_layer.h"
#include "canvas/port_item.h"
#include "canvas/wire_item.h"
#include "document/model_document.h"
#include "elaborate/block_registry.h"
#include "gui/canvas/ladder_model.h"
#include "library.h"
#include "model/model_file.h"

using namespace kelvin;

namespace {

bool same(QPointF a, QPointF b) { return std::abs(a.x() - b.x()) < 1e-6 && std::abs(a.y() - b.y()) < 1e-6; }

/// Where two paths from one point part (nullopt: at once, or one ends on the other's route),
/// walked segment by segment.
std::optional<QPointF> parting(const QPolygonF& a, const QPolygonF& b) {
  int i = 0, j = 0;
  QPointF at = a[0];
  while (i + 1 < a.size() && j + 1 < b.size()) {
    const QPointF da = a[i + 1] - at, db = b[j + 1] - at;
    const double la = std::hypot(da.x(), da.y()), lb = std::hypot(db.x(), db.y());
    if (la < 1e-9) {
      ++i;
      continue;
    }
    if (lb < 1e-9) {
      ++j;
      continue;
    }
    if (std::abs(da.x() / la - db.x() / lb) > 1e-6 || std::abs(da.y() / la - db.y() / lb) > 1e-6) break;
    if (std::abs(la - lb) < 1e-6) {
      at = a[++i];
      ++j;
    } else if (la < lb) {
      at = a[++i];
    } else {
      at = b[++j];
    }
  }
  if (same(at, a[0]) || same(at, a.back()) || same(at, b.back())) return std::nullopt;
  return at;
}

/// The dots by definition: at each port with two or more wires, where each pair of its wires
/// parts, and the port itself when some pair parts there. Rounded to 1e-6 to compare as sets.
std::set<std::pair<long long, long long>> referenceDots(const std::vector<gui::WireItem*>& wires) {
  std::map<const gui::PortItem*, std::vector<QPolygonF>> byPort;
  for (const gui::WireItem* wire : wires) {
    if (!wire->isVisible() || wire->polyline().size() < 2) continue;
    QPolygonF reversed = wire->polyline();
    std::reverse(reversed.begin(), reversed.end());
    byPort[wire->fromPort()].push_back(wire->polyline());
    byPort[wire->toPort()].push_back(reversed);
  }
  std::set<std::pair<long long, long long>> dots;
  auto add = [&](QPointF p) { dots.insert({std::llround(p.x() * 1e6), std::llround(p.y() * 1e6)}); };
  for (const auto& [port, paths] : byPort) {
    bool atPort = false;
    for (std::size_t i = 0; i < paths.size(); ++i)
      for (std::size_t j = i + 1; j < paths.size(); ++j) {
        const std::optional<QPointF> at = parting(paths[i], paths[j]);
        if (at)
          add(*at);
        else
          atPort = true;
      }
    if (atPort) add(port->scenePos());
  }
  return dots;
}

std::set<std::pair<long long, long long>> layerDots(const gui::JunctionLayer& layer) {
  std::set<std::pair<long long, long long>> dots;
  for (QPointF p : layer.dots()) dots.insert({std::llround(p.x() * 1e6), std::llround(p.y() * 1e6)});
  return dots;
}

/// An RC ladder of n sections with one ground: n wires meet at G.p, most of them running
/// along the same rows to it. Every tenth capacitor's ground wire has a stored bend.
core::Model ladder(int n) {
  return test::ladderModel(n, {.perRow = 20, .pitch = 120.0, .rowPitch = 240.0, .groundEach = false, .bendEvery = 10});
}

}  // namespace

class TestJunctionLayer : public QObject {
  Q_OBJECT

 private Q_SLOTS:
  void initTestCase() { blocks::registerAll(registry_); }

  void sameDotsAsEveryPair_data() {
    QTest::addColumn<QString>("file");
    const QDir examples(QStringLiteral(KELVIN_EXAMPLES_DIR));
    for (const QString& name : examples.entryList({QStringLiteral("*.kelvin")}, QDir::Files, QDir::Name))
      QTest::newRow(qPrintable(name)) << examples.filePath(name);
    QTest::newRow("ladder of 300") << QString();
  }

  void sameDotsAsEveryPair() {
    QFETCH(QString, file);
    gui::ModelDocument document(registry_);
    gui::DiagramEditor editor(&document);
    document.reset(file.isEmpty() ? ladder(300) : core::loadModel(file.toStdString()), file);
    const gui::DiagramScene* scene = editor.scene();
    const auto expected = referenceDots(scene->wireItems());
    QCOMPARE(layerDots(*scene->junctions()), expected);
    if (file.isEmpty()) QVERIFY(expected.size() > 1);  // the ground port and the bends' branch points
  }

  void sameDotsAfterMovesUndoAndRedo() {
    gui::ModelDocument document(registry_);
    gui::DiagramEditor editor(&document);
    document.reset(ladder(300), QString());
    const gui::DiagramScene* scene = editor.scene();
    // 1, 2, 4 ... 32 capacitors and their resistors moved at once, down and right (the wires
    // into the ground take other routes), then back by undo, then again by redo.
    for (int count = 1; count <= 32; count *= 2) {
      std::vector<gui::MoveItemsCommand::Move> moves;
      for (int k = 1; k <= count; ++k) {
        const int section = 1 + (37 * k) % 300;
        for (const char* kind : {"R", "C"}) {
          const std::string id = kind + std::to_string(section);
          const core::Block& block = *document.model().findBlock(id);
          moves.push_back({false, id, {block.pos.x + 30, block.pos.y + 50}});
        }
      }
      document.undoStack()->push(new gui::MoveItemsCommand(&document, {}, std::move(moves), QStringLiteral("move")));
      QCOMPARE(layerDots(*scene->junctions()), referenceDots(scene->wireItems()));
      document.undoStack()->undo();
      QCOMPARE(layerDots(*scene->junctions()), referenceDots(scene->wireItems()));
      document.undoStack()->redo();
      QCOMPARE(layerDots(*scene->junctions()), referenceDots(scene->wireItems()));
    }
  }

 private:
  core::BlockRegistry registry_;
};

QTEST_MAIN(TestJunctionLayer)
#include "tst_junction_layer.moc"
