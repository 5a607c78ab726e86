#pragma once
// Helpers for the GUI tests: find items on the canvas, act on it as a user
// does (drop from the palette, drag a wire from port to port with the mouse,
// click a block, press keys) and run a model through the engine.

#include <cmath>
#include <string>
#include <vector>

#include <QAbstractItemModel>
#include <QDropEvent>
#include <QMimeData>
#include <QStandardPaths>
#include <QTemporaryDir>
#include <QtTest>

#include "canvas/block_item.h"
#include "canvas/diagram_editor.h"
#include "canvas/diagram_scene.h"
#include "canvas/diagram_view.h"
#include "canvas/port_item.h"
#include "elaborate/block_registry.h"
#include "main_window.h"
#include "model/model.h"
#include "model/model_file.h"
#include "palette/palette_tree.h"
#include "palette/palette_widget.h"
#include "run/simulator.h"

namespace kelvin::test {

/// Isolated QSettings for a test executable.
inline void useTestSettings(const char* name) {
  QStandardPaths::setTestModeEnabled(true);
  QCoreApplication::setOrganizationName(QStringLiteral("KelvinTest"));
  QCoreApplication::setApplicationName(QString::fromLatin1(name));
}

/// Saves `model` in `dir` and opens it in `window`, shown at 1600 x 1000 (the default layout).
inline bool showModel(gui::MainWindow& window, const core::Model& model, const QTemporaryDir& dir) {
  const QString file = dir.filePath(QStringLiteral("model.kelvin"));
  core::saveModel(model, file.toStdString());
  window.resize(1600, 1000);
  window.show();
  return QTest::qWaitForWindowExposed(&window) && window.openFile(file);
}

/// Where the port `endpoint` ("R1.p") is on the canvas, in viewport coordinates.
inline QPoint portPoint(gui::MainWindow& window, const std::string& endpoint) {
  gui::DiagramView* view = window.editor()->view();
  gui::PortItem* port = window.editor()->scene()->portItem(endpoint);
  if (!port) {
    qWarning("no port %s", endpoint.c_str());
    return {};
  }
  return view->mapFromScene(port->scenePos());
}

/// Where the body of block `id` is, in viewport coordinates.
inline QPoint blockPoint(gui::MainWindow& window, const std::string& id) {
  gui::BlockItem* item = window.editor()->scene()->blockItem(id);
  if (!item) {
    qWarning("no block %s", id.c_str());
    return {};
  }
  return window.editor()->view()->mapFromScene(item->bodySceneRect().center());
}

/// Drags with the left button from `from` to `to` (viewport coordinates), in a few steps.
inline void mouseDrag(QWidget* viewport, QPoint from, QPoint to, Qt::KeyboardModifiers modifiers = {}) {
  QTest::mousePress(viewport, Qt::LeftButton, modifiers, from);
  for (int k = 1; k <= 4; ++k) {
    const QPoint at = from + (to - from) * k / 4;
    QMouseEvent move(QEvent::MouseMove, at, viewport->mapToGlobal(at), Qt::NoButton, Qt::LeftButton, modifiers);
    QCoreApplication::sendEvent(viewport, &move);
  }
  QTest::mouseRelease(viewport, Qt::LeftButton, modifiers, to);
}

/// Draws a wire from port `from` to port `to` with the mouse.
inline void dragWire(gui::MainWindow& window, const std::string& from, const std::string& to) {
  mouseDrag(window.editor()->view()->viewport(), portPoint(window, from), portPoint(window, to));
}

/// Drops a block type from the palette at `scenePos`: the palette's own mime data for the
/// type's item, delivered as a drag enter and a drop to the canvas.
inline void dropFromPalette(gui::MainWindow& window, const QString& type, QPointF scenePos) {
  gui::PaletteTree* tree = window.palette()->tree();
  QTreeWidgetItem* item = tree->itemForType(type);
  QVERIFY2(item, qPrintable(type));
  const QModelIndex index = tree->model()->index(item->parent()->indexOfChild(item), 0,
                                                 tree->model()->index(tree->indexOfTopLevelItem(item->parent()), 0));
  std::unique_ptr<QMimeData> data(tree->model()->mimeData({index}));
  QVERIFY(data);
  gui::DiagramView* view = window.editor()->view();
  const QPoint at = view->mapFromScene(scenePos);
  QDragEnterEvent enter(at, Qt::CopyAction, data.get(), Qt::LeftButton, Qt::NoModifier);
  QCoreApplication::sendEvent(view->viewport(), &enter);
  QVERIFY(enter.isAccepted());
  QDropEvent drop(QPointF(at), Qt::CopyAction, data.get(), Qt::LeftButton, Qt::NoModifier);
  QCoreApplication::sendEvent(view->viewport(), &drop);
  QVERIFY(drop.isAccepted());
}

/// Clicks the body of block `id` (selecting it alone).
inline void clickBlock(gui::MainWindow& window, const std::string& id, Qt::KeyboardModifiers modifiers = {}) {
  QTest::mouseClick(window.editor()->view()->viewport(), Qt::LeftButton, modifiers, blockPoint(window, id));
}

/// Samples (time, value) of `signal` of a model simulated with `options`.
inline std::vector<std::pair<double, double>> simulateSignal(const core::Model& model,
                                                             const core::BlockRegistry& registry,
                                                             const std::string& signal,
                                                             const core::SimulationOptions& options) {
  const auto compiled = core::compileModel(model, registry, model.name);
  const std::vector<std::string>& names = core::signalNames(*compiled);
  const auto it = std::find(names.begin(), names.end(), signal);
  if (it == names.end()) throw std::runtime_error("no signal " + signal);
  const std::size_t k = static_cast<std::size_t>(it - names.begin());
  std::vector<std::pair<double, double>> samples;
  core::simulate(*compiled, options, [&](double t, const std::vector<double>& values) {
    samples.emplace_back(t, values[k]);
  });
  return samples;
}

/// Largest |a - b| over the samples of two runs at the same times; infinity if the times differ.
inline double largestDifference(const std::vector<std::pair<double, double>>& a,
                                const std::vector<std::pair<double, double>>& b) {
  if (a.size() != b.size() || a.empty()) return INFINITY;
  double worst = 0;
  for (std::size_t i = 0; i < a.size(); ++i) {
    if (std::abs(a[i].first - b[i].first) > 1e-12 * std::max(1.0, std::abs(a[i].first))) return INFINITY;
    worst = std::max(worst, std::abs(a[i].second - b[i].second));
  }
  return worst;
}

}  // namespace kelvin::test
