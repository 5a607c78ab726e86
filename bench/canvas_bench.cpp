// canvas_bench: how fast the diagram editor is on a large model.
//
// Builds a model of 2,000 blocks (resistors and capacitors on a 50 x 40 grid,
// each wired to the next, 2,000 wires in all), opens it in a DiagramEditor
// sized 1600 x 1000, and times:
//  - open: the document reset and the scene building its items;
//  - frame: QGraphicsView::render into a 1600 x 1000 QImage, the whole model
//    in view ("fit") and at 100 % (a few dozen blocks in view);
//  - move: 100 selected blocks dragged with the mouse (press, 10 moves,
//    release; every move re-routes the wires of the moved blocks; the
//    repaint that follows is the frame above) and the release (one
//    MoveItemsCommand and the scene's sync), then its undo.
// Prints the best and median of REPEAT runs (default 5; argument 1 changes it).

#include <algorithm>
#include <chrono>
#include <cstdio>
#include <functional>
#include <vector>

#include <QApplication>
#include <QImage>
#include <QMouseEvent>
#include <QPainter>
#include <QUndoStack>

#include "canvas/block_item.h"
#include "canvas/diagram_editor.h"
#include "canvas/diagram_scene.h"
#include "canvas/diagram_view.h"
#include "document/model_document.h"
#include "elaborate/block_registry.h"
#include "library.h"

namespace {

using Clock = std::chrono::steady_clock;

struct Stats {
  double best, median;
};

Stats measure(int repeat, const std::function<void()>& run) {
  std::vector<double> ms;
  for (int i = 0; i < repeat; ++i) {
    const auto start = Clock::now();
    run();
    ms.push_back(std::chrono::duration<double, std::milli>(Clock::now() - start).count());
  }
  std::sort(ms.begin(), ms.end());
  return {ms.front(), ms[ms.size() / 2]};
}

kelvin::core::Model bigModel(int columns, int rows) {
  kelvin::core::Model model;
  model.name = "canvas_bench";
  for (int r = 0; r < rows; ++r) {
    for (int c = 0; c < columns; ++c) {
      kelvin::core::Block b;
      const int k = r * columns + c;
      const bool resistor = k % 2 == 0;
      b.id = (resistor ? "R" : "C") + std::to_string(k + 1);
      b.type = resistor ? "electrical.Resistor" : "electrical.Capacitor";
      b.params[resistor ? "R" : "C"] = resistor ? "1k" : "1n";
      b.pos = {c * 120.0, r * 100.0};
      model.blocks.push_back(b);
      if (k > 0) model.connections.push_back({model.blocks[k - 1].id + ".n", b.id + ".p", {}, {}});
    }
  }
  return model;
}

void send(QWidget* viewport, QEvent::Type type, QPoint at, Qt::MouseButton button, Qt::MouseButtons buttons) {
  QMouseEvent event(type, at, viewport->mapToGlobal(at), button, buttons, Qt::NoModifier);
  QCoreApplication::sendEvent(viewport, &event);
}

}  // namespace

int main(int argc, char** argv) {
  if (qEnvironmentVariableIsEmpty("QT_QPA_PLATFORM")) qputenv("QT_QPA_PLATFORM", "offscreen");
  QApplication app(argc, argv);
  const int repeat = argc > 1 ? std::max(1, std::atoi(argv[1])) : 5;

  kelvin::core::BlockRegistry registry;
  kelvin::blocks::registerAll(registry);
  kelvin::gui::ModelDocument document(registry);
  kelvin::gui::DiagramEditor editor(&document);
  editor.resize(1600, 1000);
  editor.show();
  QCoreApplication::processEvents();
  const kelvin::core::Model model = bigModel(50, 40);

  const Stats open = measure(repeat, [&] { document.reset(model, QString()); });
  kelvin::gui::DiagramView* view = editor.view();
  kelvin::gui::DiagramScene* scene = editor.scene();
  std::printf("canvas_bench: %zu blocks, %zu wires, view %dx%d, best / median of %d runs\n", model.blocks.size(),
              model.connections.size(), view->viewport()->width(), view->viewport()->height(), repeat);
  std::printf("  open (reset + scene build)      %8.1f ms  %8.1f ms\n", open.best, open.median);

  QImage image(1600, 1000, QImage::Format_ARGB32_Premultiplied);
  auto frame = [&] {
    QPainter painter(&image);
    view->render(&painter);
  };
  view->zoomToFit();
  frame();  // warm the icon pixmaps of this zoom step
  const Stats fit = measure(repeat, frame);
  std::printf("  frame, all 2,000 in view (%3.0f %%) %8.1f ms  %8.1f ms\n", view->zoom() * 100, fit.best, fit.median);
  view->resetZoom();
  view->centerOn(scene->blockItem("R1")->pos() + QPointF(600, 400));
  frame();
  const Stats full = measure(repeat, frame);
  std::printf("  frame at 100 %%                  %8.1f ms  %8.1f ms\n", full.best, full.median);

  // Select 100 blocks (two rows of 50) and drag them with the mouse.
  view->zoomToFit();
  std::vector<std::string> ids;
  for (int k = 0; k < 100; ++k) ids.push_back(model.blocks[static_cast<std::size_t>(k)].id);
  QWidget* viewport = view->viewport();
  double movesMs = 0, releaseMs = 0, undoMs = 0;
  int committed = 0;
  std::vector<double> perMove;
  for (int run = 0; run < repeat; ++run) {
    scene->selectBlocks(ids);
    const QPoint start = view->mapFromScene(scene->blockItem(ids[10])->bodySceneRect().center());
    send(viewport, QEvent::MouseButtonPress, start, Qt::LeftButton, Qt::LeftButton);
    auto t0 = Clock::now();
    for (int step = 1; step <= 10; ++step)
      send(viewport, QEvent::MouseMove, start + QPoint(step * 3, step * 2), Qt::NoButton, Qt::LeftButton);
    auto t1 = Clock::now();
    send(viewport, QEvent::MouseButtonRelease, start + QPoint(30, 20), Qt::LeftButton, Qt::NoButton);
    auto t2 = Clock::now();
    committed += document.undoStack()->index() == 1;
    document.undoStack()->undo();
    auto t3 = Clock::now();
    const double moves = std::chrono::duration<double, std::milli>(t1 - t0).count();
    perMove.push_back(moves / 10);
    movesMs += moves;
    releaseMs += std::chrono::duration<double, std::milli>(t2 - t1).count();
    undoMs += std::chrono::duration<double, std::milli>(t3 - t2).count();
  }
  std::sort(perMove.begin(), perMove.end());
  std::printf("  move 100 blocks: per mouse move %8.2f ms  %8.2f ms\n", perMove.front(), perMove[perMove.size() / 2]);
  std::printf("  move 100 blocks: release (command + sync), mean %6.1f ms; its undo, mean %6.1f ms\n",
              releaseMs / repeat, undoMs / repeat);
  if (committed != repeat) std::printf("  warning: only %d of %d drags made a move command\n", committed, repeat);
  return 0;
}
