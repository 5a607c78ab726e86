#include "gallery/diagram_thumbnail.h"

#include <QPainter>

#include "canvas/diagram_scene.h"
#include "document/model_document.h"
#include "model/model_file.h"

namespace kelvin::gui {

QPixmap renderDiagramThumbnail(const QString& path, const core::BlockRegistry& registry, const QSize& size) {
  core::Model model;
  try {
    model = core::loadModel(path.toStdString());
  } catch (const core::ModelError&) {
    return {};
  }
  ModelDocument document(registry);
  document.reset(std::move(model), path);
  DiagramScene scene(&document);
  scene.setShowGrid(false);
  QPixmap pixmap(size);
  pixmap.fill(Qt::white);
  QPainter painter(&pixmap);
  painter.setRenderHint(QPainter::Antialiasing);
  const QRectF source = scene.itemsBoundingRect().adjusted(-10, -10, 10, 10);
  scene.render(&painter, QRectF(QPointF(0, 0), size), source, Qt::KeepAspectRatio);
  return pixmap;
}

}  // namespace kelvin::gui
